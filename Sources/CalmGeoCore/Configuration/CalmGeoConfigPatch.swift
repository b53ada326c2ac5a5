/// A `restart(config)` argument: the CalmGeo keys a scenario sets, laid over the
/// configuration in force when the call runs (CALMGEO.md §7).
public struct CalmGeoConfigPatch: Sendable, Hashable {
  /// The keys set, as written (`distanceFilter`, `url`, …).
  public var keys: Set<String>
  /// A configuration holding the set keys' values (the others are defaults, unused).
  public var values: CalmGeoConfig

  public init(keys: Set<String>, values: CalmGeoConfig) {
    self.keys = keys
    self.values = values
  }

  /// `config` with the set keys replaced.
  public func applied(to config: CalmGeoConfig) -> CalmGeoConfig {
    var result = config
    for key in keys {
      switch key {
      case "desiredAccuracy": result.desiredAccuracy = values.desiredAccuracy
      case "distanceFilter": result.distanceFilter = values.distanceFilter
      case "disableSpeedMultiplier": result.disableSpeedMultiplier = values.disableSpeedMultiplier
      case "speedMultiplier": result.speedMultiplier = values.speedMultiplier
      case "stationaryRadius": result.stationaryRadius = values.stationaryRadius
      case "url": result.url = values.url
      case "token": result.token = values.token
      case "httpTimeout": result.httpTimeout = values.httpTimeout
      case "method": result.method = values.method
      case "autoSync": result.autoSync = values.autoSync
      case "syncThreshold": result.syncThreshold = values.syncThreshold
      case "maxBatchSize": result.maxBatchSize = values.maxBatchSize
      case "maxDaysToPersist": result.maxDaysToPersist = values.maxDaysToPersist
      case "fetchActivity": result.fetchActivity = values.fetchActivity
      default: break
      }
    }
    return result
  }
}
