/// The configuration a replay actually ran with, after defaults, the config file and
/// flags, in the shape a config file has (`--config` reads it back), for `stats.json`.
///
/// The token is not echoed (`token` says only whether one was set) and a url's user info
/// is redacted (`Redaction.url`): stats files travel to CI artifacts and dashboards.
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
    /// `replay.model`; absent for the default, `calmgeo`.
    public var model: String?
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
    public var geofenceExitDelay: SecondsOrRange
    public var geofenceMinimumRadius: Double
    /// The rules below are absent while off.
    public var geofenceUnknown: Bool?
    public var stationaryPause: StationaryPause?
    /// `true` (the desiredAccuracy class's limit) or metres.
    public var accuracyGate: AccuracyGate?
    /// Seconds.
    public var minimumInterval: Double?
  }

  /// `replay.platform.stationaryPause` (metres, seconds).
  public struct StationaryPause: Codable, Sendable, Hashable {
    public var radius: Double
    public var duration: Double
  }

  /// `replay.platform.accuracyGate`: `true` or metres.
  public struct AccuracyGate: Codable, Sendable, Hashable {
    /// `nil` for `true` (the class's limit).
    public var metres: Double?

    public init(metres: Double?) { self.metres = metres }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      metres = (try? container.decode(Bool.self)) == true ? nil : try container.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      if let metres { try container.encode(metres) } else { try container.encode(true) }
    }
  }

  /// Seconds, or `[min, max]` seconds.
  public struct SecondsOrRange: Codable, Sendable, Hashable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
      self.low = low
      self.high = high
    }

    public init(from decoder: any Decoder) throws {
      if let bounds = try? [Double](from: decoder), bounds.count == 2 {
        (low, high) = (bounds[0], bounds[1])
      } else {
        low = try decoder.singleValueContainer().decode(Double.self)
        high = low
      }
    }

    public func encode(to encoder: any Encoder) throws {
      if high > low {
        var container = encoder.unkeyedContainer()
        try container.encode(low)
        try container.encode(high)
      } else {
        var container = encoder.singleValueContainer()
        try container.encode(low)
      }
    }
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
    url = c.url.map(Redaction.url)
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
      platform: Platform(r),
      metrics: Metrics(stopRadius: r.stopRadius, stopMinDuration: Double(r.stopMinDuration) / 1000),
      energy: r.energy, model: r.model == .calmgeo ? nil : r.model.rawValue)
  }
}

extension EffectiveConfiguration.Platform {
  /// The platform settings of `settings`, in the file's units.
  init(_ settings: ReplaySettings) {
    let p = settings.platform
    geofenceExitDelay = .init(
      low: Double(settings.geofenceExitDelay) / 1000,
      high: Double(max(settings.geofenceExitDelay, settings.geofenceExitDelayMax ?? 0)) / 1000)
    geofenceMinimumRadius = settings.geofenceMinimumRadius
    geofenceUnknown = p.geofenceUnknown ? true : nil
    stationaryPause = p.stationaryPause.map { .init(radius: $0.radius, duration: Double($0.duration) / 1000) }
    switch p.accuracyGate {
    case nil: accuracyGate = nil
    case .desiredAccuracyClass: accuracyGate = .init(metres: nil)
    case .metres(let limit): accuracyGate = .init(metres: limit)
    }
    minimumInterval = p.minimumInterval > 0 ? Double(p.minimumInterval) / 1000 : nil
  }
}
