import Testing

@testable import CalmGeoReplay

/// Every corpus log replayed with and without its analysis gives the same result, metrics
/// included: with an analysis the metrics take the raw fixes from it in one loop before each
/// event (the fidelity's shared frames, the stop table's endings, the efficiency's counts).
struct TrackAnalysisCorpusTests {
  /// The sweep benchmark's configuration (uploads, a multiplier, a wide geofence), a judge without
  /// the multiplier, Android's judge, and the docs' judge with a short stop rule.
  static let configurations: [ReplayConfiguration] = {
    var sweep = ReplayConfiguration()
    sweep.calmGeo.distanceFilter = 20
    sweep.calmGeo.speedMultiplier = 3.1
    sweep.calmGeo.stationaryRadius = 60
    sweep.calmGeo.url = "https://api.example.test/v1/locations"
    sweep.calmGeo.autoSync = true
    sweep.calmGeo.syncThreshold = 12
    sweep.replay.seed = 1
    var flat = ReplayConfiguration()
    flat.calmGeo.distanceFilter = 5
    flat.calmGeo.disableSpeedMultiplier = true
    var android = ReplayConfiguration()
    android.replay.model = .bgAndroid
    var docs = ReplayConfiguration()
    docs.replay.model = .bgDocs
    docs.replay.stopRadius = 10
    docs.replay.stopMinDuration = 60_000
    return [sweep, flat, android, docs]
  }()

  /// Every metric (Hausdorff, the run's min-# answers), and a sweep row's (neither).
  static let options: [(hausdorff: Bool, efficiency: Bool)] = [(true, true), (false, false)]

  /// The first configuration and options under which the two replays of `track` differ, or nil.
  static func difference(_ track: Track) -> String? {
    let analysis = TrackAnalysis(track, stopRules: Set(configurations.map { StopRule($0.replay) }))
    for (index, configuration) in configurations.enumerated() {
      for option in options {
        var a = DiscardingObserver()
        var b = DiscardingObserver()
        let plain = ReplayRunner.run(
          source: track, configuration: configuration, observer: &a,
          options: ReplayOptions(computesHausdorff: option.hausdorff, solvesEfficiency: option.efficiency))
        let analysed = ReplayRunner.run(
          source: track, configuration: configuration, observer: &b,
          options: ReplayOptions(
            computesHausdorff: option.hausdorff, solvesEfficiency: option.efficiency, analysis: analysis))
        if plain != analysed { return "configuration \(index), \(option)" }
      }
    }
    return nil
  }

  @Test func theSamplesGiveTheSameResults() throws {
    for path in Corpus.samplePaths {
      #expect(Self.difference(try TrackReader.load(path: path)) == nil, "\(path)")
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusLogGivesTheSameResults() {
    let compared = Corpus.forEachTrack { file, track in
      #expect(Self.difference(track) == nil, "\(file)")
    }
    #expect(compared >= 100)
  }
}
