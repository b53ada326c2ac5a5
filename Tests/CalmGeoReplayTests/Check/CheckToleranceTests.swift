import Testing

@testable import CalmGeoReplay

/// Relative tolerances per dotted-path glob: matching, the most specific pattern, and
/// which fields they apply to.
struct CheckToleranceTests {
  @Test(arguments: [
    ("fidelity.*", "fidelity.sed.p95", true),
    ("fidelity.*", "fidelity", false),
    ("fidelity.*", "stops.fidelity.x", false),
    ("*.p95", "stops.stopDelaySeconds.p95", true),
    ("stops.*.p95", "stops.stopDelaySeconds.p50", false),
    ("engine.keptRatio", "engine.keptRatio", true),
    ("engine.kept?atio", "engine.keptRatio", true),
    ("engine.kept?atio", "engine.keptRatios", false),
    ("*", "energy.milliampHours.total", true),
    ("a*b*c", "aXXbYYc", true),
    ("a*b*c", "aXXbYY", false),
    ("input.skipped.*", "input.skipped.bad_time", true),
  ])
  func globsMatchWholeDottedPaths(glob: String, path: String, matches: Bool) {
    #expect(CheckTolerance.matches(glob, path) == matches)
  }

  @Test func theMostSpecificPatternWins() {
    let tolerance = CheckTolerance(
      defaultValue: 1e-9,
      patterns: [
        .init("*", 1e-3), .init("fidelity.*", 1e-6), .init("fidelity.sed.p95", 0), .init("fidelity.sed.*", 1e-5),
      ])
    #expect(tolerance.value(for: "fidelity.sed.p95") == 0)
    #expect(tolerance.value(for: "fidelity.sed.max") == 1e-5)
    #expect(tolerance.value(for: "fidelity.ped.max") == 1e-6)
    #expect(tolerance.value(for: "engine.keptRatio") == 1e-3)
    #expect(CheckTolerance().value(for: "engine.keptRatio") == 1e-9)
  }

  private func row(_ old: String, _ new: String, floating: Bool = true, path: String = "fidelity.sed.max")
    -> StatsComparison.Row
  {
    StatsComparison.Row(path: path, old: old, new: new, delta: nil, isFloatingPoint: floating)
  }

  @Test func floatsAreEqualWithinTheRelativeTolerance() {
    let tolerance = CheckTolerance(defaultValue: 1e-9, patterns: [.init("fidelity.*", 1e-6)])
    #expect(tolerance.accepts(row("100", "100.00009")))
    #expect(tolerance.accepts(row("-100", "-100.0001")))
    #expect(!tolerance.accepts(row("100", "100.00011")))
    #expect(!tolerance.accepts(row("0", "1e-300")))
    #expect(tolerance.accepts(row("0.063218", "0.063218", path: "engine.keptRatio")))
    #expect(!tolerance.accepts(row("0.063218", "0.0632181", path: "engine.keptRatio")))
    // Counts, strings and flags are exact whatever the tolerance.
    let loose = CheckTolerance(defaultValue: 1)
    #expect(!loose.accepts(row("110", "111", floating: false, path: "engine.emitted")))
    #expect(!loose.accepts(row("true", "false", floating: false)))
    #expect(!loose.accepts(row("null", "3.5")))
  }

  private func stats() -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    var observer = DiscardingObserver()
    let track = Track(
      name: "logs/worked.csv", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    return ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true)))
  }

  @Test func statsCheckComparesFloatsWithinToleranceAndTheInputByFileName() {
    var stored = stats()
    #expect(stored.fidelity != nil)
    stored.fidelity?.sed.max = 12.5
    var fresh = stored
    fresh.input.file = "/elsewhere/worked.csv"
    fresh.fidelity?.sed.max = 12.5 * (1 + 1e-7)
    let strict = StatsCheck(stored: stored, fresh: fresh, tolerance: CheckTolerance())
    #expect(strict.changes.map(\.path) == ["fidelity.sed.max"])
    let loose = StatsCheck(
      stored: stored, fresh: fresh, tolerance: CheckTolerance(patterns: [.init("fidelity.*", 1e-6)]))
    #expect(loose.changes.isEmpty)
    #expect(loose.withinTolerance.map(\.path) == ["fidelity.sed.max"])
    fresh.input.file = "other.csv"
    fresh.engine.emitted += 1
    let changed = StatsCheck(stored: stored, fresh: fresh, tolerance: CheckTolerance(defaultValue: 1))
    #expect(changed.changes.map(\.path) == ["input.file", "engine.emitted"])
    #expect(changed.changes.first?.old == "worked.csv")
  }
}
