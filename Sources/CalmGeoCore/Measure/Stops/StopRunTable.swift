/// A log's true-stop runs under one stop rule, found once by `StopDetector` and shared by
/// every replay of the same fixes (a sweep: one track, many configurations), since they
/// depend on the raw fixes alone.
///
/// `StopMetrics` given a table reads the runs from it instead of running the detector:
/// the same numbers, without a haversine per fix per replay. Memory: one entry per run.
public struct StopRunTable: Sendable {
  /// The stop rule: radius (metres) and minimum duration (milliseconds).
  public let rule: StopRule
  /// The runs ended by a fix, as (that fix's index, the run it ended), in order.
  let endings: [(fixIndex: Int, run: StopDetector.Run)]
  /// The run of the last fix (open at the end of the log); nil without fixes.
  let last: StopDetector.Run?

  /// Runs the detector once over `fixes` (the order a replay hands them to the engine).
  public init(fixes: [Fix], rule: StopRule) {
    self.init(fixes: fixes, cosLatitudes: nil, rule: rule)
  }

  /// The same table, given each fix's cosine of latitude (`GeoMath.Anchor(fix)`'s) when already known.
  package init(fixes: [Fix], cosLatitudes: [Double]?, rule: StopRule) {
    self.rule = rule
    var detector = StopDetector(radius: rule.radius, minDuration: rule.minDuration)
    var endings: [(fixIndex: Int, run: StopDetector.Run)] = []
    for (index, fix) in fixes.enumerated() {
      if let ended = detector.observe(fix, cosLatitude: cosLatitudes?[index]) { endings.append((index, ended)) }
    }
    self.endings = endings
    last = detector.run
  }
}

/// The ground-truth stop rule (`replay.metrics`): a table is valid for one rule only.
public struct StopRule: Sendable, Hashable {
  public var radius: Double
  public var minDuration: Int64

  public init(radius: Double, minDuration: Int64) {
    self.radius = radius
    self.minDuration = minDuration
  }

  /// The rule of a replay's settings.
  public init(_ settings: ReplaySettings) {
    self.init(radius: settings.stopRadius, minDuration: settings.stopMinDuration)
  }
}
