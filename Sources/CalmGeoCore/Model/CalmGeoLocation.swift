/// A location as CalmGeo hands it to the app's listener and stores it for upload.
///
/// The JSON form (see `CalmGeoJSONWriter`) follows CALMGEO.md §2, quirks included:
/// `ellipsoidalAltitude` repeats `altitude`, unknown values are -1.
public struct CalmGeoLocation: Sendable, Hashable {
  /// The record's id: a UUID derived from the run's seed and `sequence`.
  public var id: LocationID
  /// The 0-based emit index within the replay.
  public var sequence: Int
  /// Whether the device was moving when this location was emitted.
  public var isMoving: Bool
  /// The event that produced it, if any.
  public var event: Event?
  /// The motion activity attached when `fetchActivity` is on.
  public var activity: CalmGeoActivity?
  /// The fix the location was made from (its time is the location's timestamp).
  public var fix: Fix
  /// The app call that produced it (`getGeoData`), `nil` for the tracking itself. Not
  /// part of the record the library stores or uploads.
  public var call: AppCall.Name?
  /// Whether the app's listener received it (`unregisterLocationListener()` turns this off).
  public var isHeard = true

  public init(
    id: LocationID, sequence: Int, isMoving: Bool, event: Event?, activity: CalmGeoActivity?, fix: Fix,
    call: AppCall.Name? = nil, isHeard: Bool = true
  ) {
    self.id = id
    self.sequence = sequence
    self.isMoving = isMoving
    self.event = event
    self.activity = activity
    self.fix = fix
    self.call = call
    self.isHeard = isHeard
  }

  /// Milliseconds since 1970 UTC.
  public var time: Int64 { fix.time }

  /// CalmGeo's events.
  public enum Event: String, Sendable, Hashable {
    case motionchange
  }
}

/// A motion activity as CoreMotion reports it through CalmGeo.
public struct CalmGeoActivity: Sendable, Hashable {
  /// `still`, `on_foot`, `walking`, `running`, `in_vehicle`, `on_bicycle` or `unknown`.
  public var type: String
  /// 33 (low), 67 (medium) or 100 (high).
  public var confidence: Int

  public init(type: String, confidence: Int) {
    self.type = type
    self.confidence = confidence
  }
}
