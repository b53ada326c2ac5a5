/// The accepted range of each kind of number that enters the tool, one entry per
/// meaning, whatever brings it: a config file, a `--set`, a flag, a sweep spec's `base`
/// or `vary` (each configuration goes through the config decoder), a scenario's restart
/// config. The config decoder checks every value against these ranges, and the flags
/// that set a config value go through the config decoder (`ModelOptions`), so a flag
/// and a file accept exactly the same values.
///
/// Each bound is far inside what the arithmetic after it can hold: seconds become
/// milliseconds in an `Int64` (9.2e18), sums of a day's delays and a log's times stay
/// exact, and report percentages stay printable.
public enum NumberBounds {
  /// A platform delay (`replay.platform.geofenceExitDelay`, `--platform-exit-delay`):
  /// 0 to a day, in seconds.
  public static let delaySeconds: ClosedRange<Double> = 0...86_400
  /// The platform's other measures (`minimumInterval`, `stationaryPause.radius` and
  /// `.duration`, `geofenceMinimumRadius`, `accuracyGate`; `--platform-min-interval`,
  /// `--platform-stationary-pause`, `--platform-accuracy-gate`): seconds or metres.
  public static let platformMeasure: ClosedRange<Double> = 0...1e9
  /// A simulated request's latency and `httpTimeout`, milliseconds (`--latency` too).
  public static let latencyMilliseconds: ClosedRange<Int64> = 0...NetworkModel.maximumLatency
  /// A probability (`replay.network.failureRate`, `--failure-rate`).
  public static let probability: ClosedRange<Double> = 0...1
  /// An energy coefficient (`replay.energy.*Milliamps`, `*MilliampHours`).
  public static let energyCoefficient: ClosedRange<Double> = 0...1e6
  /// The battery's capacity in mAh (`replay.energy.batteryMilliampHours`).
  public static let batteryMilliampHours: ClosedRange<Double> = 1...1e6
  /// The ground-truth stop rule (`replay.metrics.stopRadius` metres, `stopMinDuration`
  /// seconds); more than 0.
  public static let stopRule: ClosedRange<Double> = 0...1e7
  /// A 1-based index into a log (`--track`, `--segment`; a sweep spec's or check
  /// manifest's `track` and `segment`).
  public static let ordinal: ClosedRange<Int> = 1...999_999_999
  /// A check gate's allowed change from the golden value (`max_increase`, `max_decrease`):
  /// 0 or more, the direction being the gate's.
  public static let gateChange: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude
  /// A check gate's allowed change as a percentage of the golden value (`10%`).
  public static let gatePercent: ClosedRange<Double> = 0...1e6
  /// Replays at a time (`sweep --jobs`).
  public static let sweepJobs: ClosedRange<Int> = 1...1024
  /// Configurations in one sweep grid (`vary`), checked before any is planned: each
  /// planned configuration takes about 2 KB and a decode, so the limit keeps planning
  /// within about 200 MB and seconds; a larger study is split into several specs.
  public static let sweepConfigurations = 100_000
}
