import Testing

@testable import CalmGeoReplay

/// Change gates (`max_increase`, `max_decrease`): bounds on how far a fresh stats value
/// moves from the golden one, absolute or as a percentage; every expected value worked
/// out by hand.
struct CheckChangeGatesTests {
  /// A replayed track's stats with `uploads.requests` and `engine.keptRatio` set.
  private func stats(requests: Int, keptRatio: Double = 0.5) -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    var observer = DiscardingObserver()
    let track = Track(
      name: "worked.csv", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    var stats = ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true)))
    stats.uploads.requests = requests
    stats.engine.keptRatio = keptRatio
    return stats
  }

  private func gates(_ text: String, source: String = "gates.yaml") throws(DocumentError) -> CheckGates {
    try CheckGates(CheckManifestDecoder.document(text, source: source, document: .gates), source: source)
  }

  private func violations(_ text: String, golden: Int, fresh: Int) throws -> [String] {
    try gates(text).violations(of: stats(requests: fresh), golden: stats(requests: golden), track: "walk")
      .map(\.description)
  }

  @Test func tenPercentIsMetByTenToElevenAndBrokenByTenToTwelve() throws {
    // 10 → 11 is +1, 1 / 10 = exactly 10 %: within the limit (limits are inclusive).
    #expect(try violations("max_increase: {uploads.requests: 10%}\n", golden: 10, fresh: 11).isEmpty)
    // 10 → 12 is +2, 2 / 10 = 20 % > 10 %.
    #expect(
      try violations("max_increase: {uploads.requests: 10%}\n", golden: 10, fresh: 12)
        == ["walk: uploads.requests 10 → 12 (+20 %), limit +10 %"])
    // A decrease never breaks max_increase.
    #expect(try violations("max_increase: {uploads.requests: 10%}\n", golden: 10, fresh: 2).isEmpty)
  }

  @Test func maxDecreaseBoundsTheFallTheSameWay() throws {
    // 10 → 9 is -1 = -10 %: met; 10 → 8 is -2 = -20 %: broken; 10 → 30 is a rise: met.
    #expect(try violations("max_decrease: {uploads.requests: 10%}\n", golden: 10, fresh: 9).isEmpty)
    #expect(
      try violations("max_decrease: {uploads.requests: 10%}\n", golden: 10, fresh: 8)
        == ["walk: uploads.requests 10 → 8 (-20 %), limit -10 %"])
    #expect(try violations("max_decrease: {uploads.requests: 10%}\n", golden: 10, fresh: 30).isEmpty)
  }

  @Test func aPlainNumberIsAnAbsoluteChange() throws {
    // 10 → 12 is +2: met by a limit of 2, broken by 1.5.
    #expect(try violations(#"{"max_increase": {"uploads.requests": 2}}"#, golden: 10, fresh: 12).isEmpty)
    #expect(
      try gates(#"{"max_increase": {"uploads.requests": 1.5}}"#, source: "g.json")
        .violations(of: stats(requests: 12), golden: stats(requests: 10), track: "walk").map(\.description)
        == ["walk: uploads.requests 10 → 12 (+2), limit +1.5"])
    // keptRatio 0.5 → 0.4 is -0.1 (0.4 - 0.5 = -0.09999999999999998, shown rounded), limit -0.05.
    let fall = try gates("max_decrease: {engine.keptRatio: 0.05}\n")
      .violations(of: stats(requests: 1, keptRatio: 0.4), golden: stats(requests: 1, keptRatio: 0.5), track: "walk")
    #expect(fall.map(\.description) == ["walk: engine.keptRatio 0.5 → 0.4 (-0.1), limit -0.05"])
    #expect(fall.first?.golden == 0.5)
  }

  @Test func fromAGoldenZeroAnyRiseBreaksAPercentLimit() throws {
    // No percentage of 0 exists: 0 → 1 breaks even 1000 %; 0 → 0 does not.
    #expect(
      try violations("max_increase: {uploads.requests: 1000%}\n", golden: 0, fresh: 1)
        == ["walk: uploads.requests 0 → 1 (+1 from 0), limit +1000 %"])
    #expect(try violations("max_increase: {uploads.requests: 10%}\n", golden: 0, fresh: 0).isEmpty)
    // An absolute limit from 0 is just the change: 0 → 1 within +1.
    #expect(try violations("max_increase: {uploads.requests: 1}\n", golden: 0, fresh: 1).isEmpty)
  }

  @Test func withoutGoldenStatsChangeGatesAreNotChecked() throws {
    let gates = try gates("max_increase: {uploads.requests: 0%}\n")
    #expect(try gates.violations(of: stats(requests: 99), golden: nil, track: "walk").isEmpty)
  }

  @Test(arguments: [
    ("max_increase: {uploads.requests: -3}\n", "1:34", "'max_increase.uploads.requests': expected a change ≥ 0"),
    (
      "max_decrease:\n  uploads.requests: -5%\n", "2:21",
      "'max_decrease.uploads.requests': expected a percentage from 0%"
    ),
    (
      "max_increase:\n  uploads.requests: abc%\n", "2:21",
      "'%' needs a number before it, such as \"10%\", found \"abc%\""
    ),
    ("max_increase:\n  uploads.requests: 0x10%\n", "2:21", "'%' needs a number before it"),
    (
      "max:\n  uploads.requests: 10%\n", "2:21",
      "'max.uploads.requests': a percentage is a change from the golden value"
    ),
    ("max_increase:\n  uploads.requests: fast\n", "2:21", "expected a number or a percentage of the golden value"),
    ("max_increse: {a.b: 1}\n", "1:", "'max_increse': unknown field; did you mean 'max_increase'?"),
    ("max_increase:\n  \"a b\": 1%\n", "2:", "'max_increase.a b': not a stats path"),
  ])
  func badChangeGatesSayWhereAndWhat(text: String, position: String, message: String) {
    do {
      _ = try gates(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.hasPrefix("gates.yaml:\(position)"), "\(error.description)")
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func anUnknownPathInAChangeGateNamesTheClosestOne() throws {
    let typo = try gates("max_increase:\n  uploads.requets: 10%\n")
    #expect(
      throws: DocumentError(
        .gates, source: "gates.yaml", line: 2, key: "max_increase.uploads.requets",
        reason: "no such field in stats.json of walk; did you mean 'uploads.requests'?")
    ) {
      try typo.violations(of: stats(requests: 1), golden: stats(requests: 1), track: "walk")
    }
  }
}
