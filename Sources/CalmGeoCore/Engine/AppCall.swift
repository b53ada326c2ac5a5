/// A call the app makes on CalmGeo's service at a virtual time (CALMGEO.md §7), with
/// its arguments.
///
/// Without a scenario a replay is `start()` at the first fix, plus `sync()` after the
/// last location when the final sync is asked for: the engine takes both as calls.
public enum AppCall: Sendable, Hashable, CustomStringConvertible {
  /// Listening starts; the next fix is a one-shot (a running geofence is not stopped).
  case start
  /// Listening and monitoring stop; nothing is processed until the next start.
  case stop
  /// The keys of the patch take effect over the current configuration, then `start()`.
  case restart(CalmGeoConfigPatch)
  /// §4's sync, ignoring back-off and threshold; needs a url.
  case sync
  /// Every stored record is deleted (counted as cleared).
  case clearAllLocations
  /// The latest fix, through the emitter and then once more as a moving location.
  case getGeoData
  /// The stored records, sorted by timestamp string.
  case getStoredLocations
  /// The number of stored records.
  case getStoredCount
  /// `{timestamp, tried, wait}`.
  case getSyncState
  /// The app's listener sees locations again.
  case registerLocationListener
  /// The app's listener stops seeing locations (they are still stored and uploaded).
  case unregisterLocationListener
  /// `running` or `stopped`.
  case state

  /// The calls by name, as the library spells them.
  public enum Name: String, Sendable, Hashable, CaseIterable, Comparable {
    case start, stop, restart, sync, clearAllLocations, getGeoData, getStoredLocations, getStoredCount,
      getSyncState, registerLocationListener, unregisterLocationListener, state

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// The call's name.
  public var name: Name {
    switch self {
    case .start: .start
    case .stop: .stop
    case .restart: .restart
    case .sync: .sync
    case .clearAllLocations: .clearAllLocations
    case .getGeoData: .getGeoData
    case .getStoredLocations: .getStoredLocations
    case .getStoredCount: .getStoredCount
    case .getSyncState: .getSyncState
    case .registerLocationListener: .registerLocationListener
    case .unregisterLocationListener: .unregisterLocationListener
    case .state: .state
    }
  }

  /// A call without arguments, by name (`restart` needs its patch: `nil`).
  public init?(plain name: Name) {
    switch name {
    case .start: self = .start
    case .stop: self = .stop
    case .restart: return nil
    case .sync: self = .sync
    case .clearAllLocations: self = .clearAllLocations
    case .getGeoData: self = .getGeoData
    case .getStoredLocations: self = .getStoredLocations
    case .getStoredCount: self = .getStoredCount
    case .getSyncState: self = .getSyncState
    case .registerLocationListener: self = .registerLocationListener
    case .unregisterLocationListener: self = .unregisterLocationListener
    case .state: self = .state
    }
  }

  /// The call's name as the library spells it.
  public var description: String { name.rawValue }
}
