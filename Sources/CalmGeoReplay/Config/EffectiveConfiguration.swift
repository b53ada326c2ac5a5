/// The configuration a replay actually ran with, after defaults, the config file and
/// flags, in the shape a config file has (`--config` reads it back), for `stats.json`.
///
/// The token is not echoed (`token` says only whether one was set): stats files travel
/// to CI artifacts and dashboards.
public struct EffectiveConfiguration: Codable, Sendable, Hashable {
  public var desiredAccuracy: Double
  public var distanceFilter: Int
  public var disableSpeedMultiplier: Bool
  public var speedMultiplier: Double
  public var stationaryRadius: Double
  public var url: String?
  /// `"(set)"` when a token was configured, else absent.
  public var token: String?
  public var httpTimeout: Int
  public var method: String
  public var autoSync: Bool
  public var syncThreshold: Int
  public var maxBatchSize: Int
  public var maxDaysToPersist: UInt32
  public var fetchActivity: Bool
  public var replay: Replay

  /// The `replay` object.
  public struct Replay: Codable, Sendable, Hashable {
    public var seed: UInt64
    public var finalSync: Bool
    public var deriveSpeed: String
    public var network: Network
    public var platform: Platform
    public var metrics: Metrics
    public var energy: EnergyModel
  }

  /// `replay.network`.
  public struct Network: Codable, Sendable, Hashable {
    /// `[min, max]` milliseconds.
    public var latencyMs: [Int64]
    public var schedule: [String]
    public var loop: Bool
    public var failureRate: Double
    public var failureStatus: Int
  }

  /// `replay.platform` (seconds and metres, as in the file).
  public struct Platform: Codable, Sendable, Hashable {
    public var geofenceExitDelay: Double
    public var geofenceMinimumRadius: Double
  }

  /// `replay.metrics` (metres and seconds, as in the file).
  public struct Metrics: Codable, Sendable, Hashable {
    public var stopRadius: Double
    public var stopMinDuration: Double
  }

  public init(_ configuration: ReplayConfiguration) {
    let c = configuration.calmGeo
    let r = configuration.replay
    desiredAccuracy = c.desiredAccuracy
    distanceFilter = c.distanceFilter
    disableSpeedMultiplier = c.disableSpeedMultiplier
    speedMultiplier = c.speedMultiplier
    stationaryRadius = c.stationaryRadius
    url = c.url
    token = c.token == nil ? nil : "(set)"
    httpTimeout = c.httpTimeout
    method = c.method.rawValue
    autoSync = c.autoSync
    syncThreshold = c.syncThreshold
    maxBatchSize = c.maxBatchSize
    maxDaysToPersist = c.maxDaysToPersist
    fetchActivity = c.fetchActivity
    replay = Replay(
      seed: r.seed, finalSync: r.finalSync, deriveSpeed: configuration.speedPolicy.rawValue,
      network: Network(
        latencyMs: [r.network.latencyMin, r.network.latencyMax], schedule: r.network.schedule.map(\.description),
        loop: r.network.loopSchedule, failureRate: r.network.failureRate, failureStatus: r.network.failureStatus),
      platform: Platform(geofenceExitDelay: Double(r.geofenceExitDelay) / 1000, geofenceMinimumRadius: r.geofenceMinimumRadius),
      metrics: Metrics(stopRadius: r.stopRadius, stopMinDuration: Double(r.stopMinDuration) / 1000),
      energy: r.energy)
  }
}
