import Foundation
import Testing

@testable import CalmGeoReplay

/// A track analysis only saves work: a replay with one gives exactly the result (and the
/// stats document) of a replay without, and the request bytes counted without encoding
/// bodies equal the bodies' lengths.
struct TrackAnalysisTests {
  /// Configurations that exercise what the analysis touches: uploads with duplicates and
  /// failures (latency up to 30 s, threshold 1 to 12, batches of 1 to 250), activity
  /// objects and events in records, and two stop rules.
  static let configurations: [String] = [
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 1, "maxBatchSize": 1, "replay": {"seed": 3}}"#,
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 12, "maxBatchSize": 250, "fetchActivity": true, "replay": {"seed": 1, "finalSync": true, "network": {"latencyMs": [80, 30000], "failureRate": 0.3}}}"#,
    #"{"distanceFilter": 50, "stationaryRadius": 100, "url": "https://a.test/l", "autoSync": true, "syncThreshold": 5, "maxBatchSize": 3, "replay": {"metrics": {"stopRadius": 10, "stopMinDuration": 60}}}"#,
    #"{"distanceFilter": 5}"#,
  ]

  static func configuration(_ json: String) throws -> ReplayConfiguration {
    try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "test.json")
  }

  static let samples = Corpus.samplePaths

  @Test(arguments: samples)
  func samplesGiveTheSameResultWithAndWithoutTheAnalysis(path: String) throws {
    try expectSameResults(track: TrackReader.load(path: path))
  }

  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipReason),
    arguments: [
      "csv/dat100__20170813.csv", "gpx/gpxpy__around-visnjan-with-car.gpx", "nmea/gnsslibpy__pixel6.nmea",
      "csv/gpsbabel__garmin_g1000.csv",
    ])
  func corpusLogsGiveTheSameResultWithAndWithoutTheAnalysis(file: String) throws {
    try expectSameResults(track: TrackReader.load(path: Corpus.path(file)))
  }

  func expectSameResults(track: Track) throws {
    let configurations = try Self.configurations.map(Self.configuration)
    let analysis = TrackAnalysis(track, stopRules: Set(configurations.map { StopRule($0.replay) }))
    #expect(analysis.stopRuns.count == 2)
    for configuration in configurations {
      // Without the analysis, with an observer that wants every body.
      var collecting = CollectingObserver()
      let plain = ReplayRunner.run(
        source: track, configuration: configuration, observer: &collecting, options: ReplayOptions(metrics: true))
      // With it, and no observer wanting bodies: sizes counted, stops read from the table.
      var discarding = DiscardingObserver()
      let analysed = ReplayRunner.run(
        source: track, configuration: configuration, observer: &discarding,
        options: ReplayOptions(metrics: true, analysis: analysis))
      #expect(analysed == plain)
      #expect(ReplayStats(analysed) == ReplayStats(plain))
      #expect(plain.uploads.bytesSent == collecting.bodies.reduce(0) { $0 + $1.count })
      if configuration.calmGeo.url != nil { #expect(plain.uploads.requests > 0) }
    }
  }

  @Test func aTableIsUsedOnlyForItsOwnStopRule() throws {
    let track = try TrackReader.load(path: Self.samples[2])
    let other = StopRule(radius: 5, minDuration: 30_000)
    let analysis = TrackAnalysis(track, stopRules: [other])
    let configuration = try Self.configuration(#"{"distanceFilter": 16}"#)
    var a = DiscardingObserver()
    var b = DiscardingObserver()
    let plain = ReplayRunner.run(
      source: track, configuration: configuration, observer: &a, options: ReplayOptions(metrics: true))
    let analysed = ReplayRunner.run(
      source: track, configuration: configuration, observer: &b,
      options: ReplayOptions(metrics: true, analysis: analysis))
    #expect(plain == analysed)
    // The walk's café stop is found at the default rule (Samples/README.md).
    #expect(plain.metrics?.stops.trueStops ?? 0 >= 1)
  }

  /// Five fixes 10 m apart with accuracies 5, 3, none, 9, 4 (and an infinite one left out): the
  /// median of 3, 4, 5, 9 is (4 + 5) / 2 = 4.5, once per track in the analysis, and a replay
  /// with the analysis reports it without collecting the accuracies itself.
  @Test func theMedianAccuracyIsTheTracksOwn() throws {
    let accuracies: [Double?] = [5, 3, nil, 9, 4, .infinity]
    let track = Self.walk(accuracies: accuracies)
    let analysis = TrackAnalysis(track, stopRules: [StopRule(ReplaySettings())])
    #expect(analysis.medianAccuracy == 4.5)
    var observer = DiscardingObserver()
    let analysed = ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &observer,
      options: ReplayOptions(metrics: true, analysis: analysis))
    #expect(analysed.metrics?.efficiency?.medianAccuracyMetres == 4.5)
  }

  /// A replay that may stop early (`shouldStop`, live runs) sees a prefix of the fixes, so the
  /// whole track's analysis is not used: stopped after 3 of 6 fixes, the median accuracy is
  /// that of 5, 3 and none: (3 + 5) / 2 = 4.
  @Test func aReplayThatMayStopEarlyDoesNotUseTheAnalysis() throws {
    let accuracies: [Double?] = [5, 3, nil, 9, 4, 8]
    let track = Self.walk(accuracies: accuracies)
    let analysis = TrackAnalysis(track, stopRules: [StopRule(ReplaySettings())])
    let counter = StopCounter(after: 3)
    var observer = DiscardingObserver()
    let stopped = ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &observer,
      options: ReplayOptions(metrics: true, analysis: analysis, shouldStop: counter.next))
    #expect(stopped.metrics?.fidelity.fixes == 3)
    #expect(stopped.metrics?.efficiency?.medianAccuracyMetres == 4)
  }

  /// Fixes 1 s and 10 m apart along the equator with these horizontal accuracies.
  static func walk(accuracies: [Double?]) -> Track {
    let fixes = accuracies.enumerated().map { index, accuracy in
      var fix = EquatorTrack.fix(t: Double(index), x: Double(index) * 10)
      fix.horizontalAccuracy = accuracy
      return fix
    }
    return Track(name: "accuracies", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())
  }

  /// Says stop once asked more than `after` times.
  final class StopCounter: @unchecked Sendable {
    private var asked = 0
    private let after: Int
    init(after: Int) { self.after = after }
    func next() -> Bool {
      asked += 1
      return asked > after
    }
  }

  /// `stepSums[k]` is the first k steps added left to right (the raw length the fidelity metrics
  /// reach after k fixes), and `timesIncrease` tells a normalized track from one with a repeated time.
  @Test func stepSumsAddTheStepsInOrder() throws {
    let track = try TrackReader.load(path: Self.samples[0])
    let analysis = TrackAnalysis(track, stopRules: [])
    #expect(analysis.stepSums.count == track.fixes.count + 1 && analysis.stepSums[0] == 0)
    var sum = 0.0
    var mismatches = 0
    for (k, step) in analysis.steps.enumerated() {
      sum += step
      if analysis.stepSums[k + 1] != sum { mismatches += 1 }
    }
    #expect(mismatches == 0 && track.fixes.count > 10)
    #expect(analysis.timesIncrease)
    let repeated = Track(
      name: "repeated.csv", format: .csv,
      fixes: [Fix(time: 1_000, latitude: 1, longitude: 2), Fix(time: 1_000, latitude: 1, longitude: 2.0001)],
      diagnostics: InputDiagnostics())
    #expect(!TrackAnalysis(repeated, stopRules: []).timesIncrease)
  }
}
