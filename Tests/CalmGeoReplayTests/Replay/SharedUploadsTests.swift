import Foundation
import Testing

@testable import CalmGeoReplay

/// Configurations that differ only in upload settings share one decision pass
/// (`ReplayRunner.run(_:sharing:…)`): each one's result, and its stats document byte for
/// byte, must be what its own full replay gives.
struct SharedUploadsTests {
  /// One decision key (distance filter 20, seed 5, final sync), uploads varied in every
  /// setting the key leaves out: no url, threshold 1 to 40, batches of 1 to 250, timeouts
  /// shorter than the latencies, failures 0-100 %, expiry after 0 or 7 days, energy model.
  static let variants: [String] = [
    #"{}"#,
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 1, "maxBatchSize": 1}"#,
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 12, "maxBatchSize": 250, "replay": {"network": {"latencyMs": [80, 30000], "failureRate": 0.3}}}"#,
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 40, "maxBatchSize": 7, "httpTimeout": 500, "replay": {"network": {"latencyMs": [100, 2000]}}}"#,
    #"{"url": "https://a.test/l", "autoSync": false, "maxDaysToPersist": 0, "token": "t", "method": "PUT"}"#,
    #"{"url": "https://a.test/l", "autoSync": true, "syncThreshold": 3, "replay": {"network": {"failureRate": 1}, "energy": {"requestMilliampHours": 2}}}"#,
  ]

  static func configuration(_ variant: String) throws -> ReplayConfiguration {
    var json = try JSONSerialization.jsonObject(with: Data(variant.utf8)) as! [String: Any]
    json["distanceFilter"] = 20
    var replay = json["replay"] as? [String: Any] ?? [:]
    replay["seed"] = 5
    replay["finalSync"] = true
    json["replay"] = replay
    let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    return try ReplayConfigurationDecoder.decode(data, source: "test.json")
  }

  static let samples = Corpus.samplePaths

  @Test(arguments: samples)
  func samplesGiveEachConfigurationItsOwnResult(path: String) throws {
    try expectSharedEqualsAlone(track: TrackReader.load(path: path))
  }

  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipReason),
    arguments: ["csv/dat100__20170813.csv", "gpx/gpxpy__around-visnjan-with-car.gpx", "nmea/gnsslibpy__pixel6.nmea"])
  func corpusLogsGiveEachConfigurationItsOwnResult(file: String) throws {
    try expectSharedEqualsAlone(track: TrackReader.load(path: Corpus.path(file)))
  }

  func expectSharedEqualsAlone(track: Track) throws {
    let configurations = try Self.variants.map(Self.configuration)
    #expect(Set(configurations.map(\.decisionKey)).count == 1)
    let analysis = TrackAnalysis(track, stopRules: Set(configurations.map { StopRule($0.replay) }))
    let shared = ReplayRunner.run(
      track, sharing: configurations,
      options: ReplayOptions(metrics: true, computesHausdorff: false, analysis: analysis))
    #expect(shared.count == configurations.count)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var requests = Set<Int>()
    for (configuration, result) in zip(configurations, shared) {
      var observer = DiscardingObserver()
      let alone = ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer,
        options: ReplayOptions(metrics: true, computesHausdorff: false, analysis: analysis))
      #expect(result == alone)
      #expect(try encoder.encode(ReplayStats(result)) == encoder.encode(ReplayStats(alone)))
      requests.insert(result.uploads.requests)
    }
    // The variants really upload differently (else the test would prove little).
    #expect(requests.count >= 3)
  }

  @Test func configurationsThatDecideDifferentlyAreReplayedOneByOne() throws {
    let track = try TrackReader.load(path: Self.samples[0])
    let a = try Self.configuration(#"{"url": "https://a.test/l", "autoSync": true}"#)
    var b = a
    b.calmGeo.distanceFilter = 50
    #expect(a.decisionKey != b.decisionKey)
    let results = ReplayRunner.run(track, sharing: [a, b], options: ReplayOptions(metrics: true))
    var observer = DiscardingObserver()
    #expect(
      results[1]
        == ReplayRunner.run(source: track, configuration: b, observer: &observer, options: ReplayOptions(metrics: true))
    )
    #expect(results[0].emitted != results[1].emitted)
  }

  @Test func theKeyLeavesOutOnlyUploadSettings() throws {
    let base = try Self.configuration("{}")
    var upload = base
    upload.calmGeo.syncThreshold = 99
    upload.replay.network.failureRate = 0.5
    #expect(upload.decisionKey == base.decisionKey)
    for change in [
      { (c: inout ReplayConfiguration) in c.replay.seed = 6 },
      { $0.replay.finalSync = false }, { $0.calmGeo.stationaryRadius = 99 },
      { $0.replay.stopRadius = 99 }, { $0.calmGeo.fetchActivity = true },
    ] {
      var other = base
      change(&other)
      #expect(other.decisionKey != base.decisionKey)
    }
  }
}
