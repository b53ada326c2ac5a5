import Testing

@testable import CalmGeoReplay

struct DeterminismTests {
  private func run(seed: UInt64) -> (CollectingObserver, ReplayResult) {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = 2
    config.maxBatchSize = 3
    var settings = ReplaySettings()
    settings.seed = seed
    settings.finalSync = true
    settings.network.latencyMin = 0
    settings.network.latencyMax = 4000
    settings.network.failureRate = 0.3
    return EquatorTrack.replay(EquatorTrack.workedExample, config: config, settings: settings)
  }

  @Test func sameSeedGivesByteIdenticalOutputs() {
    let (a, resultA) = run(seed: 11)
    let (b, resultB) = run(seed: 11)
    #expect(a.bodies == b.bodies)
    #expect(a.locations == b.locations)
    #expect(a.completed == b.completed)
    #expect(resultA == resultB)
    #expect(resultA.uploads.isBalanced)
  }

  @Test func otherSeedGivesOtherIdsAndNetwork() {
    let (a, _) = run(seed: 11)
    let (b, _) = run(seed: 12)
    #expect(a.locations.map(\.id) != b.locations.map(\.id))
    #expect(a.locations.map(\.time) == b.locations.map(\.time))  // the state machine does not depend on it
    #expect(a.completed.map(\.latency) != b.completed.map(\.latency))
  }
}

/// One parsed track replayed under many configurations at once gives what each gives alone
/// (the engine is a pure value: sweeps can run it in parallel without parsing again).
struct ParallelReplayTests {
  @Test func concurrentReplaysEqualSequentialOnes() async {
    let track = Track(name: "worked", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    let configurations: [ReplayConfiguration] = (0..<8).map { index in
      var configuration = ReplayConfiguration()
      configuration.calmGeo.distanceFilter = 4 + 4 * index
      configuration.calmGeo.url = "https://example.test/locations"
      configuration.calmGeo.autoSync = true
      configuration.calmGeo.syncThreshold = 1 + index
      configuration.replay.seed = UInt64(index)
      configuration.replay.network.latencyMax = 3000
      configuration.replay.network.failureRate = 0.2
      return configuration
    }
    func replay(_ configuration: ReplayConfiguration) -> ReplayResult {
      var observer = DiscardingObserver()
      return ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false))
    }
    let sequential = configurations.map(replay)
    let parallel = await withTaskGroup(of: (Int, ReplayResult).self) { group in
      for (index, configuration) in configurations.enumerated() {
        group.addTask { (index, replay(configuration)) }
      }
      var results = [ReplayResult?](repeating: nil, count: configurations.count)
      for await (index, result) in group { results[index] = result }
      return results.compactMap { $0 }
    }
    #expect(parallel == sequential)
    // The filter really differs between them: fewer locations for larger distance filters.
    #expect(sequential.first!.emitted > sequential.last!.emitted)
  }
}
