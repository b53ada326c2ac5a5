/// One true stop found in the raw log, and what the library did about it.
///
/// Times are milliseconds since 1970 UTC, positions degrees, distances metres.
public struct TrueStop: Sendable, Hashable {
  /// Time of the stop's first fix.
  public var start: Int64
  /// Time of the stop's last fix.
  public var end: Int64
  /// Centroid latitude of the stop's fixes.
  public var latitude: Double
  /// Centroid longitude of the stop's fixes.
  public var longitude: Double
  /// How many raw fixes the stop holds.
  public var fixes: Int
  /// Whether the log ended inside this stop (the final parked position).
  public var isFinal: Bool
  /// Time of the first still motionchange within the stop; nil when missed.
  public var detectedAt: Int64?
  /// Distance from the centroid to the fix of that motionchange (of the one the library
  /// rested on, when covered).
  public var positionError: Double?
  /// When covered: the time of the still motionchange the library was resting on when
  /// the stop began (before `start`).
  public var coveredSince: Int64?
  /// Time the library first switched the GPS off within the stop.
  public var monitoringAt: Int64?
  /// Time of the moving motionchange that detected the departure (before `end` when the
  /// library noticed it within the radius); nil when missed or final.
  public var startDetectedAt: Int64?
  /// Raw path from the stop's last fix to that motionchange's fix (0 when early).
  public var distanceLost: Double?
  /// Whether the departure went unseen because the library stayed stationary into the
  /// next true stop (which is then covered).
  public var startCovered = false

  /// What the library made of a true stop (README definitions).
  public enum Outcome: String, Sendable, Hashable {
    /// A still motionchange came within the stop.
    case detected
    /// None came, but the library was already stationary (still or monitoring) when the
    /// stop began, as after a stop split in two by drift.
    case covered
    /// Neither: the library was moving throughout.
    case missed
  }

  /// What the library made of the stop.
  public var outcome: Outcome { detectedAt != nil ? .detected : coveredSince != nil ? .covered : .missed }

  /// What the library made of the departure; nil for the stop the log ends in.
  public var startOutcome: Outcome? {
    isFinal ? nil : startDetectedAt != nil ? .detected : startCovered ? .covered : .missed
  }

  public init(
    start: Int64, end: Int64, latitude: Double, longitude: Double, fixes: Int, isFinal: Bool,
    detectedAt: Int64? = nil, positionError: Double? = nil, monitoringAt: Int64? = nil,
    startDetectedAt: Int64? = nil, distanceLost: Double? = nil
  ) {
    self.start = start
    self.end = end
    self.latitude = latitude
    self.longitude = longitude
    self.fixes = fixes
    self.isFinal = isFinal
    self.detectedAt = detectedAt
    self.positionError = positionError
    self.monitoringAt = monitoringAt
    self.startDetectedAt = startDetectedAt
    self.distanceLost = distanceLost
  }
}
