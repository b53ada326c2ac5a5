import Foundation
import Testing

@testable import CalmGeoReplay

/// The `efficiency` section: its numbers on the hand-worked track, its summary line, and stats.json
/// files from before it.
struct EfficiencyStatsTests {
  @Test func sectionOnTheHandWorkedTrack() {
    // MinSEDTests.handTrack; a run that kept all 5 points with SED max 1 m, p95 0.9 m, accuracy 5 m.
    let stats = EfficiencyStats(
      track: MinSEDTests.handTrack, kept: 5, sedMax: 1, sedP95: 0.9, medianAccuracy: 5)
    // ε = 1: the optimum and the greedy keep 4 (0→2→3→4); 5 points hold every fix exactly (0 m).
    #expect(stats.fixes == 5 && stats.kept == 5 && stats.optimumPoints == 4 && stats.optimumExact == true)
    #expect(stats.greedyPoints == 4 && stats.couldHoldMetres == 0 && stats.couldHoldExact == true)
    // 1 m < 3 × 5 m: measures noise.
    #expect(stats.measuresNoise)
    #expect(
      stats.summaryLine
        == "kept 5; 4 would do for its 1 m; its 5 could hold 0 m (below 3× accuracy: measures noise)")
    // The ladder: 2 m → 3 points (0→3→4), 4 m and up → 2 (0→4 errs 3 m).
    #expect(stats.ladder?.map(\.optimumPoints) == [3, 2, 2, 2, 2, 2, 2, 2, 2])
    #expect(stats.ladder?.map(\.epsilonMetres) == [2, 4, 8, 16, 32, 64, 128, 256, 512])
  }

  @Test func summaryLineOfTheIssue() {
    var stats = EfficiencyStats(
      track: MinSEDTests.handTrack, kept: 3, sedMax: 2, sedP95: 1, medianAccuracy: nil)
    // Kept 3 at 2 m: the optimum is 3 (0→3→4), and 3 points could hold 2 m.
    #expect(stats.summaryLine == "kept 3; 3 would do for its 2 m; its 3 could hold 2 m")
    stats.optimumExact = false
    stats.couldHoldExact = false
    #expect(stats.summaryLine == "kept 3; ≥3 would do for its 2 m; its 3 could hold ≤2 m")
  }

  @Test func statsBeforeVersionThreeStillRead() throws {
    let fixes = EquatorTrack.workedExample
    var (_, result) = EquatorTrack.replay(fixes)
    result.configuration = ReplayConfiguration()
    var stats = ReplayStats(result)
    #expect(stats.schemaVersion == 3)
    stats.efficiency = EfficiencyStats(
      track: SEDTrack(fixes), kept: 10, sedMax: 5, sedP95: 2, medianAccuracy: nil)
    var object = try JSONSerialization.jsonObject(with: Data(StatsJSONWriter.render(stats).utf8)) as! [String: Any]
    #expect(object["efficiency"] != nil)
    // Version 2: no efficiency, no energy profiles, a percentPerHour always there.
    object["schemaVersion"] = 2
    object["efficiency"] = nil
    var energy = object["energy"] as! [String: Any]
    energy["profiles"] = nil
    energy["profile"] = nil
    object["energy"] = energy
    let v2 = try JSONDecoder().decode(ReplayStats.self, from: try JSONSerialization.data(withJSONObject: object))
    #expect(v2.schemaVersion == 2 && v2.efficiency == nil && v2.energy?.profiles == nil)
    #expect(v2.energy?.percentPerHour == stats.energy?.percentPerHour)
  }
}
