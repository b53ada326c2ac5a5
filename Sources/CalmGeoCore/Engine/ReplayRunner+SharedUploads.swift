extension ReplayRunner {
  /// Replays `track` under configurations that share one `decisionKey` (a sweep over
  /// upload settings): the first is replayed in full, its requests to the upload simulator
  /// recorded (`UploadTape`); every other one keeps the first's decisions and metrics and
  /// replays only its own uploads from the tape. The results are those of one `run` per
  /// configuration, in order, byte for byte in their stats (a test holds it to that).
  ///
  /// A configuration with a scenario, or configurations whose keys differ, are replayed
  /// one by one. `options.transport` and `options.shouldStop` are not used: every replay is
  /// simulated to the track's end.
  ///
  /// It lives beside the engine, not with the sweep: here the compiler sees the generic replay
  /// with its concrete observer (`DiscardingObserver` beside the metrics) and specializes the
  /// per-fix loop for it; called across the module boundary, every fix went through witness
  /// tables (a sweep row 7 % slower).
  package static func run(
    _ track: Track, sharing configurations: [ReplayConfiguration], options: ReplayOptions
  ) -> [ReplayResult] {
    guard let first = configurations.first else { return [] }
    var options = options
    options.transport = .simulated
    options.shouldStop = nil
    var observer = DiscardingObserver()
    let key = first.decisionKey
    guard configurations.count > 1, first.scenario == nil, configurations.allSatisfy({ $0.decisionKey == key }) else {
      return configurations.map { run(source: track, configuration: $0, observer: &observer, options: options) }
    }
    var tape: UploadTape? = UploadTape()
    let shared = run(source: track, configuration: first, observer: &observer, options: options, recording: &tape)
    var results = [shared]
    results.reserveCapacity(configurations.count)
    for configuration in configurations.dropFirst() {
      guard let tape, tape.isReplayable else {
        results.append(run(source: track, configuration: configuration, observer: &observer, options: options))
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
