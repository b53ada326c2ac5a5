/// The replay's own settings: what a phone run has that a log does not (CALMGEO.md §5).
public struct ReplaySettings: Sendable, Hashable {
  /// Seed for ids and for random network behaviour.
  public var seed: UInt64 = 0
  /// The simulated server and network.
  public var network = NetworkModel()
  /// Call `sync()` once after the last fix (and let in-flight requests complete),
  /// as an app does on its next launch. Its virtual time is the last fix's (t = 329 in
  /// CALMGEO.md §6, which stamps it 319, the last location): the clock is already there,
  /// so the request log stays in completion order and in-flight duplicates are counted
  /// as at that time.
  public var finalSync = false
  /// Platform model: a geofence exit is reported this many ms after the first fix
  /// outside the circle (0 = at that fix, the contract's default). With
  /// `geofenceExitDelayMax` above it, the lower end of a seeded range.
  public var geofenceExitDelay: Int64 = 0
  /// Platform model: the upper end of the exit delay, ms; each exit draws its delay
  /// uniformly from `geofenceExitDelay...geofenceExitDelayMax` with the run's seed
  /// (`nil` or not above `geofenceExitDelay`: a fixed delay).
  public var geofenceExitDelayMax: Int64?
  /// Platform model: the smallest radius the platform monitors, metres (0 = none).
  public var geofenceMinimumRadius: Double = 0
  /// Platform model: the delivery rules and the geofence `unknown` state (`replay.platform`).
  public var platform = PlatformModel()
  /// The filter model (`replay.model`); `calmgeo` is the faithful replay.
  public var model: FilterModel = .calmgeo
  /// Coefficients of the battery estimate (`replay.energy`).
  public var energy = EnergyModel()
  /// Ground-truth stops: fixes within this many metres of their centroid (`replay.metrics.stopRadius`).
  public var stopRadius: Double = StopDetector.defaultRadius
  /// Ground-truth stops last at least this long, ms (`replay.metrics.stopMinDuration`, seconds in the file).
  public var stopMinDuration: Int64 = StopDetector.defaultMinDuration
  /// The most raw fixes whose `efficiency` answers (the min-# optimum, could-hold, ladder) a replay
  /// works out; a longer log gets the run's side only (`EfficiencyStats.fixLimit`). `nil`: no limit
  /// (`--efficiency`). Not a configuration key: it is not echoed in stats.json.
  public var efficiencyFixLimit: Int? = EfficiencyStats.fixLimit

  public init() {}
}
