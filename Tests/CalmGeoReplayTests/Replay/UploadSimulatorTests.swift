import Testing

@testable import CalmGeoReplay

/// One test per rule of CALMGEO.md §4; expected requests worked out by hand.
struct UploadSimulatorTests {
  typealias S = EquatorTrack.Sent
  let f = EquatorTrack.fix

  /// Moving 20 m every second with speed 0 (judge 16): every fix is emitted; only the
  /// first is a motionchange.
  private func marching(_ seconds: ClosedRange<Int>) -> [Fix] {
    seconds.map { f(Double($0), 20 * Double($0), 0) }
  }

  private func config(threshold: Int = 3, batch: Int = 250) -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = threshold
    config.maxBatchSize = batch
    return config
  }

  private func run(_ fixes: [Fix], _ config: CalmGeoConfig, _ settings: ReplaySettings = ReplaySettings())
    -> (requests: [S], result: ReplayResult, completed: [UploadRequest])
  {
    let (observer, result) = EquatorTrack.replay(fixes, config: config, settings: settings)
    return (EquatorTrack.requests(observer), result, observer.completed.sorted { $0.sequence < $1.sequence })
  }

  @Test func motionchangeSyncsAtOnceAndThresholdSyncsAtTheCount() {
    // t0 motionchange → [0] at once. Then 1, 2 stored (2 < 3); at 3 the count reaches 3.
    let (requests, result, _) = run(marching(0...6), config())
    #expect(requests == [S(0, [0]), S(3, [1, 2, 3]), S(6, [4, 5, 6])])
    #expect(result.uploads.eventSyncs == 1)
    #expect(result.uploads.thresholdSyncs == 2)
  }

  @Test func noUploadsWithoutUrlOrAutoSync() {
    var noURL = config()
    noURL.url = nil
    #expect(run(marching(0...6), noURL).requests.isEmpty)
    var manual = config()
    manual.autoSync = false
    #expect(run(marching(0...6), manual).requests.isEmpty)
    var settings = ReplaySettings()
    settings.finalSync = true
    // sync() called by the app still works without autoSync: all seven records at t6.
    #expect(run(marching(0...6), manual, settings).requests == [S(6, [0, 1, 2, 3, 4, 5, 6])])
  }

  @Test func thresholdBelowOneMeansOne() {
    // max(1, 0) = 1: every location syncs.
    #expect(run(marching(0...2), config(threshold: 0)).requests == [S(0, [0]), S(1, [1]), S(2, [2])])
  }

  @Test func backOffWaits1_3_7_15Seconds_UpTo600() {
    // Every answer 500, threshold 1. The motionchange at 0 ignores back-off. After failure n
    // (tried = n) the next threshold sync waits min(600, 2^n − 1) s after that failure:
    // 0 +1 → 1, +3 → 4, +7 → 11, +15 → 26, +31 → 57, +63 → 120, +127 → 247, +255 → 502,
    // +511 → 1013, +600 (not 1023) → 1613, +600 → 2213. One chunk per sync (batch 10 000):
    // every failed chunk counts as a failure, so more chunks would back off faster.
    var settings = ReplaySettings()
    settings.network.schedule = [.status(500)]
    settings.network.loopSchedule = true
    let (requests, result, _) = run(marching(0...2300), config(threshold: 1, batch: 10_000), settings)
    #expect(requests.map(\.t) == [0, 1, 4, 11, 26, 57, 120, 247, 502, 1013, 1613, 2213])
    #expect(result.uploads.failed == 12)
    #expect(result.uploads.recordsDelivered == 0)
  }

  @Test func successResetsBackOff() {
    // 500 at t0 (tried 1), then 200 at t1 (1 s later, allowed): tried = 0, so t2 syncs again.
    var settings = ReplaySettings()
    settings.network.schedule = [.status(500), .status(200), .status(200)]
    let (requests, _, _) = run(marching(0...2), config(threshold: 1), settings)
    #expect(requests == [S(0, [0]), S(1, [0, 1]), S(2, [2])])
  }

  @Test(arguments: [201, 204, 302, 404, 500])
  func onlyStatus200IsSuccess(status: Int) {
    // The first answer is not 200: record 0 stays stored and goes again with 1 and 2 at t2,
    // when the count reaches 3 (tried = 1, lastFailure = 0: 2 − 0 ≥ 1). Record 3 stays stored.
    var settings = ReplaySettings()
    settings.network.schedule = [.status(status)]
    let (requests, result, _) = run(marching(0...3), config(), settings)
    #expect(requests == [S(0, [0]), S(2, [0, 1, 2])])
    #expect(result.uploads.failed == 1)
    #expect(result.uploads.recordsDelivered == 3)
    #expect(result.uploads.storedAtEnd == 1)
  }

  @Test func chunksOfMaxBatchSizeInTimeOrder() {
    // Manual sync of 5 records (autoSync off) in chunks of 2: [0,1] [2,3] [4].
    var manual = config(batch: 2)
    manual.autoSync = false
    var settings = ReplaySettings()
    settings.finalSync = true
    #expect(run(marching(0...4), manual, settings).requests == [S(4, [0, 1]), S(4, [2, 3]), S(4, [4])])
    manual.maxBatchSize = 0  // max(1, 0) = 1 record a request
    #expect(run(marching(0...2), manual, settings).requests == [S(2, [0]), S(2, [1]), S(2, [2])])
  }

  @Test func failedChunkKeepsItsRecordsWhileOtherChunksSucceed() {
    var manual = config(batch: 2)
    manual.autoSync = false
    var settings = ReplaySettings()
    settings.finalSync = true
    settings.network.schedule = [.status(200), .status(503), .status(200)]
    let (_, result, _) = run(marching(0...4), manual, settings)
    #expect(result.uploads.recordsDelivered == 3)  // [0,1] and [4]
    #expect(result.uploads.storedAtEnd == 2)  // [2,3]
    #expect(result.uploads.isBalanced)
  }

  @Test func requestsInFlightAreSentAgain() {
    // Latency 5 s, threshold 1: each second's sync resends what is still in flight.
    // t0 [0]; t1 [0,1] (0 dup); t2 [0,1,2] (2 dup); t3 (3 dup); t4 (4 dup);
    // t5: request 1 completes at 5 first (deletes 0), then [1..5] (1,2,3,4 dup).
    var settings = ReplaySettings()
    settings.network.latencyMin = 5000
    settings.network.latencyMax = 5000
    let (requests, result, completed) = run(marching(0...5), config(threshold: 1), settings)
    #expect(requests.map(\.records) == [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5]])
    #expect(completed.map(\.duplicates) == [0, 1, 2, 3, 4, 4])
    #expect(completed.map(\.completedAt).map(EquatorTrack.seconds) == [5, 6, 7, 8, 9, 10])
    #expect(result.uploads.duplicatesSent == 14)
    // 20 copies sent, 6 distinct records delivered: the server saw 14 twice or more.
    #expect(result.uploads.recordsSent == 20)
    #expect(result.uploads.recordsDelivered == 6)
    #expect(result.uploads.duplicatesDelivered == 14)
    #expect(result.uploads.isBalanced)
  }

  @Test func latencyAboveHttpTimeoutIsATimeout() {
    // 15 s latency > 10 s timeout: the request ends at t0 + 10 s as a timeout, a failure.
    var settings = ReplaySettings()
    settings.network.latencyMin = 15_000
    settings.network.latencyMax = 15_000
    let (_, result, completed) = run(marching(0...0), config(), settings)
    #expect(completed.first?.outcome == .timeout)
    #expect(completed.first.map { EquatorTrack.seconds($0.completedAt) } == 10)
    #expect(result.uploads.timeouts == 1)
    #expect(result.uploads.storedAtEnd == 1)
  }

  @Test func recordsExpireAfterMaxDaysToPersistAndAreLost() {
    // One day. Stored at 0 and 1 (one-shot and ref). At 86 401 s, 0 is 86 401 s old
    // (> 86 400): expired; 1 is exactly 86 400 s old: kept. At 86 402 s it expires too.
    // The last fix itself (0.5 m from ref, ref older than 60 s) is a stop: stored.
    var config = CalmGeoConfig()
    config.maxDaysToPersist = 1
    let day = 86_400.0
    let (_, result) = EquatorTrack.replay([f(0, 0, 0), f(1, 0, 0), f(day + 1, 0.5, 0)], config: config)
    #expect(result.uploads.expired == 1)
    let (_, later) = EquatorTrack.replay([f(0, 0, 0), f(1, 0, 0), f(day + 2, 0.5, 0)], config: config)
    #expect(later.uploads.expired == 2)
    #expect(later.uploads.storedAtEnd == 1)
    #expect(later.emitted == 3)
    #expect(later.uploads.isBalanced)
  }
}
