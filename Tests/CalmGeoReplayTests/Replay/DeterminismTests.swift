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
