import Testing

@testable import CalmGeoReplay

/// `delivery.*` is addressable where stats paths are: a `check` gate, a sweep row's
/// numbers (objectives, constraints) and `compare`. The run: §6's worked example with
/// syncThreshold 3, maxBatchSize 2, no final sync, every request 200 at once, so
/// (DeliveryMetricsTests) 5 delivered, p50 0, p95 72 s, 2 still stored.
struct DeliveryAddressingTests {
  private func stats() -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    configuration.calmGeo.maxBatchSize = 2
    var observer = DiscardingObserver()
    let track = Track(
      name: "worked.csv", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    return ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true)))
  }

  @Test func checkGateOnTheDelayP95() throws {
    let source = "gates.yaml"
    let gates = try CheckGates(
      CheckManifestDecoder.document(
        "max: {delivery.delaySeconds.p95: 60, delivery.stillStored: 2}\n",
        source: source, document: .gates), source: source)
    #expect(
      try gates.violations(of: stats(), track: "worked").map(\.description)
        == ["worked: delivery.delaySeconds.p95 = 72 > 60"])
  }

  @Test func sweepRowsCarryTheDeliveryNumbers() throws {
    let row = SweepRow(
      stats: stats(), trackIndex: 0, trackName: "worked.csv", configIndex: 0,
      grid: SweepGrid(base: SpecNode(.object([])), variables: []), specHash: "x")
    func value(_ path: String) -> Double? { row.paths.firstIndex(of: path).map { row.values[$0] } }
    #expect(value("delivery.delivered") == 5)
    #expect(value("delivery.delaySeconds.p50") == 0)
    #expect(value("delivery.delaySeconds.p95") == 72)
    #expect(value("delivery.undelivered") == 2)
    #expect(SweepRow.isResultPath("delivery.delaySeconds.p95"))
    #expect(SweepObjective("min delivery.delaySeconds.p95") == SweepObjective(.min, "delivery.delaySeconds.p95"))
    let constraint = try #require(SweepConstraint("delivery.undelivered == 0"))
    #expect(!constraint.isMet(by: value("delivery.undelivered")))
  }

  @Test func compareShowsTheDeliveryRows() {
    var later = stats()
    later.delivery?.delaySeconds.p95 = 80
    let changes = StatsComparison(old: stats(), new: later).changes
    #expect(changes.map(\.path) == ["delivery.delaySeconds.p95"])
    #expect(changes.first?.delta == 8)
  }
}
