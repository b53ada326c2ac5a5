import Foundation
import Testing

@testable import CalmGeoReplay

/// `compare`'s core: stats read back through `ReplayStats` and compared field by field.
struct StatsComparisonTests {
  private func stats(failureRate: Double) -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    configuration.calmGeo.maxBatchSize = 2
    configuration.replay.network.schedule = failureRate > 0 ? [.status(200), .status(500)] : []
    configuration.replay.network.loopSchedule = true
    var observer = DiscardingObserver()
    let track = Track(name: "worked", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    return ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false)))
  }

  @Test func statsRoundTripThroughTheirJSON() throws {
    let original = stats(failureRate: 0)
    let decoded = try JSONDecoder().decode(ReplayStats.self, from: Data(StatsJSONWriter.render(original).utf8))
    #expect(decoded == original)
  }

  @Test func equalRunsHaveNoChanges() {
    let comparison = StatsComparison(old: stats(failureRate: 0), new: stats(failureRate: 0))
    #expect(comparison.changes.isEmpty && comparison.rows.count > 40)
  }

  @Test func alternatingFailuresShowAsDeltas() throws {
    // §6 without the final sync: 4 requests all 200. With 200, 500, 200, 500 …: t0 ok (1 record),
    // t73 [1,12] fails and [73] ok, t317 sync: [1,12] (500? it is request 4 → 500)…
    // Only the numbers that must move are asserted: requests up, failures appear.
    let comparison = StatsComparison(old: stats(failureRate: 0), new: stats(failureRate: 0.5))
    let byPath = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.path, $0) })
    #expect(byPath["uploads.failed"]?.old == "0")
    #expect((byPath["uploads.failed"]?.delta ?? 0) > 0)
    #expect(byPath["input.file"]?.changed == false)
    let text = StatsComparisonWriter.render(comparison, oldName: "a", newName: "b", changedOnly: true)
    #expect(text.contains("uploads.failed"))
    #expect(!text.contains("input.file"))
    #expect(text.hasSuffix("equal fields not shown)\n"))
  }

  @Test func readsVersionOneStatsAndRefusesNewerOnes() throws {
    // Version 1 (before the metrics sections) had no schemaVersion and no energy.
    var object =
      try JSONSerialization.jsonObject(with: Data(StatsJSONWriter.render(stats(failureRate: 0)).utf8)) as! [String: Any]
    object["schemaVersion"] = nil
    object["energy"] = nil
    let v1 = try JSONDecoder().decode(ReplayStats.self, from: try JSONSerialization.data(withJSONObject: object))
    #expect(v1.schemaVersion == 1 && v1.energy == nil && v1.uploads.requests == 4)
    object["schemaVersion"] = 99
    let newer = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ReplayStats.self, from: newer) }
  }
}
