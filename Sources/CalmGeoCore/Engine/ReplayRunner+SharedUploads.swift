extension ReplayRunner {
  /// Replays `track` under configurations that share one `decisionKey` (a sweep over
  /// upload settings): the first is replayed in full, its requests to the upload simulator
  /// recorded (`UploadTape`); every other one keeps the first's decisions and metrics and
  /// replays only its own uploads from the tape. The results are those of one `run` per
  /// configuration, in order, byte for byte in their stats (a test holds it to that).
  ///
  /// A configuration with a scenario, or configurations whose keys differ, are replayed
  /// one by one.
  public static func run(
    _ track: Track, sharing configurations: [ReplayConfiguration], metrics: Bool, computesHausdorff: Bool = true,
    solvesEfficiency: Bool = true, analysis: TrackAnalysis? = nil
  ) -> [ReplayResult] {
    guard let first = configurations.first else { return [] }
    var observer = DiscardingObserver()
    let key = first.decisionKey
    guard configurations.count > 1, first.scenario == nil, configurations.allSatisfy({ $0.decisionKey == key }) else {
      return configurations.map {
        run(
          track, configuration: $0, observer: &observer, metrics: metrics, computesHausdorff: computesHausdorff,
          solvesEfficiency: solvesEfficiency, analysis: analysis)
      }
    }
    var tape: UploadTape? = UploadTape()
    let shared = run(
      track, configuration: first, observer: &observer, metrics: metrics,
      computesHausdorff: computesHausdorff, solvesEfficiency: solvesEfficiency, analysis: analysis,
      recording: &tape)
    var results = [shared]
    results.reserveCapacity(configurations.count)
    for configuration in configurations.dropFirst() {
      guard let tape, tape.isReplayable else {
        results.append(
          run(
            track, configuration: configuration, observer: &observer, metrics: metrics,
            computesHausdorff: computesHausdorff, solvesEfficiency: solvesEfficiency,
            analysis: analysis))
        continue
      }
      var result = shared
      var delivery = DeliveryMetrics()
      (result.uploads, result.libraryCrash) = tape.replayWithCrash(
        config: configuration.calmGeo, settings: configuration.replay, observer: &delivery)
      result.metrics?.delivery = delivery.finish()
      result.configuration = configuration
      results.append(result)
    }
    return results
  }
}
