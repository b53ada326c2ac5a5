/// What an app call returned (CALMGEO.md §7), as the library returns it.
public enum AppCallResult: Sendable, Hashable {
  /// A call without a return value.
  case none
  /// `getGeoData()`: the second of its emits; `nil` before the first fix.
  case location(CalmGeoLocation?)
  /// `getStoredLocations()`: the stored records' ids, sorted by timestamp string.
  case locations([LocationID])
  /// `getStoredCount()`.
  case count(Int)
  /// `getSyncState()`.
  case syncState(SyncState)
  /// `state`.
  case state(ServiceState)
}

/// `CalmGeoSyncState`: the time of the last failure (the service's creation before any),
/// the failure count, and the back-off as the library reports it: a negative number of
/// seconds, `max(-600, -(2^tried - 1))`.
public struct SyncState: Sendable, Hashable {
  /// Virtual time, ms since 1970.
  public var timestamp: Int64
  public var tried: Int
  /// Seconds, zero or negative.
  public var wait: Int

  public init(timestamp: Int64, tried: Int) {
    self.timestamp = timestamp
    self.tried = tried
    wait = max(-600, -((1 << min(tried, 20)) - 1))
  }
}

/// `CalmGeoServiceState`.
public enum ServiceState: String, Sendable, Hashable {
  case running, stopped
}

/// One app call as it ran: the scenario entry, its virtual time, what it did and returned.
public struct AppCallRecord: Sendable, Hashable {
  /// The entry's index in the scenario (from 0).
  public var index: Int
  /// The entry's line in the scenario file (0 for a call made in code).
  public var line: Int
  public var call: AppCall
  /// Virtual time, ms since 1970.
  public var time: Int64
  public var result: AppCallResult
  /// The locations the call produced (`getGeoData`), in emit order.
  public var emitted: [LocationID] = []
  /// Records deleted (`clearAllLocations`).
  public var cleared = 0

  public init(index: Int, line: Int, call: AppCall, time: Int64, result: AppCallResult = .none) {
    self.index = index
    self.line = line
    self.call = call
    self.time = time
    self.result = result
  }
}
