import Foundation
import Testing

@testable import CalmGeoReplay

/// The analysis a sweep makes with more than one job (its parts in concurrent tasks) is the
/// one made serially: the same arrays, bit for bit, and replays with it give the same results.
struct TrackAnalysisConcurrentTests {
  @Test(arguments: Corpus.samplePaths)
  func concurrentPartsEqualTheSerialAnalysis(path: String) async throws {
    let track = try TrackReader.load(path: path)
    let configurations = try TrackAnalysisTests.configurations.map(TrackAnalysisTests.configuration)
    let rules = Set(configurations.map { StopRule($0.replay) })
    let serial = TrackAnalysis(track, stopRules: rules)
    let concurrent = await TrackAnalysis.concurrently(track, stopRules: rules)
    #expect(concurrent.coordsBytes == serial.coordsBytes)
    #expect(concurrent.cosLatitudes.map(\.bitPattern) == serial.cosLatitudes.map(\.bitPattern))
    #expect(concurrent.steps.map(\.bitPattern) == serial.steps.map(\.bitPattern))
    #expect(Set(concurrent.stopRuns.keys) == rules && Set(serial.stopRuns.keys) == rules)
    for configuration in configurations {
      var a = DiscardingObserver()
      var b = DiscardingObserver()
      let withSerial = ReplayRunner.run(
        source: track, configuration: configuration, observer: &a,
        options: ReplayOptions(metrics: true, analysis: serial))
      let withConcurrent = ReplayRunner.run(
        source: track, configuration: configuration, observer: &b,
        options: ReplayOptions(metrics: true, analysis: concurrent))
      #expect(withConcurrent == withSerial)
    }
  }
}

/// `SweepTimings.rendered`: one line a phase, and the share outside the configurations.
struct SweepTimingsTests {
  @Test func theShareOutsideConfigurationsIsTheirSumOverTheWall() {
    var timings = SweepTimings()
    (timings.parse, timings.analysis, timings.configurations) = (1, 0.5, 96)
    (timings.summary, timings.html, timings.writing, timings.wall) = (0.25, 0.25, 1, 100)
    // 1 + 0.5 + 0.25 + 0.25 + 1 = 3 s outside the 96 s of configurations: 3 % of 100 s.
    #expect(timings.outsideConfigurations == 3)
    let text = timings.rendered(jobs: 1, tracks: 1, rows: 512)
    #expect(
      text.hasPrefix("sweep timings, seconds (task time summed over 1 job):\n  parse                 1.0  1 track,"))
    #expect(text.contains("  configurations       96.0  512 rows replayed\n"))
    #expect(text.contains("  sweep.html           0.25\n"))
    #expect(text.hasSuffix("  wall                100.0  outside configurations: 3.0 s = 3.0 % of wall\n"))
  }

  @Test func timeAddsToItsPhaseOnlyWhenTiming() {
    var off: SweepTimings?
    #expect(SweepTimings.time(&off, \.html) { 7 } == 7 && off == nil)
    var on: SweepTimings? = SweepTimings()
    #expect(SweepTimings.time(&on, \.html) { 8 } == 8)
    #expect(on!.html >= 0 && on!.parse == 0 && on!.writing == 0)
  }
}
