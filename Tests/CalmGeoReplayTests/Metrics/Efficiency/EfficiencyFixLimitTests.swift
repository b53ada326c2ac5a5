import Foundation
import Testing

@testable import CalmGeoReplay

/// Past `replay.efficiencyFixLimit` raw fixes a replay leaves out the min-# answers and the ladder
/// (they would cost up to ~10 s on a 1 M-fix log) and says so; with or without a sweep's analysis.
struct EfficiencyFixLimitTests {
  static func replay(limit: Int?, analysis: Bool = false) throws -> EfficiencyStats {
    let path = Corpus.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let track = try TrackReader.load(path: path)
    var configuration = ReplayConfiguration()
    configuration.replay.efficiencyFixLimit = limit
    var observer = DiscardingObserver()
    let shared = analysis ? TrackAnalysis(track, stopRules: [StopRule(configuration.replay)]) : nil
    let result = ReplayRunner.run(
      source: track, configuration: configuration, observer: &observer,
      options: ReplayOptions(metrics: true, analysis: shared))
    return try #require(result.metrics?.efficiency)
  }

  @Test func overTheLimitOnlyTheRunsSideIsWorkedOut() throws {
    let whole = try Self.replay(limit: nil)
    // The sample has 1 740 fixes at distinct times: a limit of 1 000 is passed, 1 740 is not.
    #expect(whole.fixes == 1740 && whole.optimumPoints != nil && whole.ladder?.count == 9 && whole.fixLimit == nil)
    #expect(try Self.replay(limit: 1740) == whole)
    for analysis in [false, true] {
      let limited = try Self.replay(limit: 1000, analysis: analysis)
      #expect(limited.fixLimit == 1000)
      #expect(limited.fixes == whole.fixes && limited.kept == whole.kept && limited.sedMaxMetres == whole.sedMaxMetres)
      #expect(limited.optimumPoints == nil && limited.greedyPoints == nil && limited.couldHoldMetres == nil)
      #expect(limited.optimumExact == nil && limited.couldHoldExact == nil && limited.ladder == nil)
      #expect(limited.medianAccuracyMetres == whole.medianAccuracyMetres)
      let sed = CrossTrackSummary.number(whole.sedMaxMetres, 0)
      #expect(
        limited.summaryLine
          == "kept \(whole.kept) for its \(sed) m (the optimum was not worked out above 1000 fixes: --efficiency)")
    }
  }

  @Test func theDefaultLimitIsADayAndMore() {
    // 250 000 fixes: nearly 3 days at 1 Hz.
    #expect(ReplaySettings().efficiencyFixLimit == 250_000 && EfficiencyStats.fixLimit == 250_000)
    let fixes = EquatorTrack.workedExample
    #expect(EfficiencyStats.problemSize(fixes + [fixes.last!]) == fixes.count)
  }

  @Test func theProblemSizeCountsUpToALimit() {
    // Times 1, 2, 2, 3, 1, 4 s: the fixes later than the one before are at 1, 2, 3 and 4 s (the repeated
    // 2 and the 1 after the 3 are not), so the size is 4; counting up to 3 stops at 3.
    let fixes = [1, 2, 2, 3, 1, 4].map { Fix(time: Int64($0) * 1000, latitude: 0, longitude: 0) }
    #expect(EfficiencyStats.problemSize(fixes) == 4)
    #expect(EfficiencyStats.problemSize(fixes, upTo: 3) == 3)
    #expect(EfficiencyStats.problemSize(fixes, upTo: 4) == 4)
    #expect(EfficiencyStats.problemSize(fixes, upTo: 5) == 4)
  }
}
