import Testing

@testable import CalmGeoReplay

/// CALMGEO.md §6, the contract's worked example, row by row.
struct WorkedExampleTests {
  typealias E = EquatorTrack.Emit
  typealias S = EquatorTrack.Sent

  @Test func emitsTheSevenLocationsOfTheTable() {
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample)
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true),  // one-shot at start
        E(1, true, false),  // ref was empty: ref = this fix
        E(12, true, false),  // 16.5 m from ref > judge 16
        E(73, false, true),  // ref (t = 12) older than 60 s while moving; 12 m < 16
        E(317, true, true),  // geofence exit: first fix more than 25 m from x = 30
        E(318, true, false),  // one-shot after listening restarts
        E(319, true, false),  // 28.5 m from ref (still x = 30, t = 73) > 16
      ])
    // Monitoring from t = 194 (ref age 121 > 120, listening 194 > 120) to the exit at t = 317.
    #expect(result.machine.millisMonitoring == (317 - 194) * 1000)
    #expect(result.machine.millisListening == (194 + (329 - 317)) * 1000)
    #expect(result.machine.geofenceExits == 1)
    #expect(result.machine.motionChangesToMoving == 2)
    #expect(result.machine.motionChangesToStationary == 1)
  }

  private func uploadConfig() -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    return config
  }

  @Test func requestsWhenEveryAnswerIs200AtOnce() {
    var settings = ReplaySettings()
    settings.finalSync = true
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: uploadConfig(), settings: settings)
    #expect(
      EquatorTrack.requests(observer) == [
        S(0, [0]),  // the motionchange syncs at once
        S(73, [1, 12]),  // motionchange at 73: three stored, chunks of two
        S(73, [73]),
        S(317, [317]),  // motionchange
        S(329, [318, 319]),  // the final sync, at the last fix (§6 stamps it 319; see FinalSyncTimeTests)
      ])
    #expect(result.uploads.recordsDelivered == 7)
    #expect(result.uploads.storedAtEnd == 0)
    #expect(result.uploads.isBalanced)
  }

  @Test func withoutFinalSyncTheLastTwoStayStored() {
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: uploadConfig())
    #expect(EquatorTrack.requests(observer).count == 4)  // 2 < 3 at t = 318 and 319
    #expect(result.uploads.storedAtEnd == 2)
    #expect(result.uploads.recordsDelivered == 5)
  }

  @Test func alternating200And500NeverDeliversTheFirstChunk() {
    var settings = ReplaySettings()
    settings.finalSync = true
    settings.network.schedule = [.status(200), .status(500)]
    settings.network.loopSchedule = true
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: uploadConfig(), settings: settings)
    let requests = EquatorTrack.requests(observer)
    #expect(requests.count == 10)
    // The chunk holding t 1 and 12 is the 2nd, 4th, 6th, 8th and 10th request: always a 500.
    #expect(requests.filter { $0.records == [1, 12] }.count == 5)
    // The tenth, the final sync, at the last fix (329).
    #expect(requests.map(\.t) == [0, 73, 73, 317, 317, 318, 318, 319, 319, 329])
    #expect(result.uploads.succeeded == 5)
    #expect(result.uploads.failed == 5)
    #expect(result.uploads.recordsDelivered == 5)
    #expect(result.uploads.storedAtEnd == 2)
    #expect(result.uploads.isBalanced)
  }
}
