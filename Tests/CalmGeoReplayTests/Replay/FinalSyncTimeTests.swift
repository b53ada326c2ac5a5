import Testing

@testable import CalmGeoReplay

/// The final `sync()` runs at the last fix's time: the clock has already been there
/// (completions up to it were processed), so the request log stays in completion order
/// and records still in flight then are the ones counted as duplicates.
struct FinalSyncTimeTests {
  private func config() -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = 5
    config.maxBatchSize = 2
    return config
  }

  /// §6's track, threshold 5 (so 318 and 319 wait for the final sync; 2 < 5), latencies
  /// of 0.1-9 s: the motionchange at t = 317 is sent with a
  /// latency L1 and processed at the first fix after 317 + L1 (≤ 326, before the last
  /// fix 329). Stamped at the last location (319), the final sync's first request would
  /// complete at 319 + L2, before 317 + L1 whenever L1 - L2 > 2 s, yet be logged after
  /// it. At 329 it completes at 329 + L2, after every completion already processed.
  @Test func theRequestLogIsInCompletionOrderForEverySeed() {
    var outOfOrder: [UInt64] = []
    for seed in UInt64(0)..<40 {
      var settings = ReplaySettings()
      settings.seed = seed
      settings.finalSync = true
      settings.network.latencyMin = 100
      settings.network.latencyMax = 9_000
      let (observer, _) = EquatorTrack.replay(EquatorTrack.workedExample, config: config(), settings: settings)
      let times = observer.completed.map(\.completedAt)
      if times != times.sorted() { outOfOrder.append(seed) }
      let last = observer.completed.max { $0.sequence < $1.sequence }!
      #expect(EquatorTrack.seconds(last.sentAt) == 329, "seed \(seed): the final sync is sent at the last fix")
    }
    #expect(outOfOrder == [])
  }

  /// With every answer 200 after 5 s: the motionchange at 317 is in flight until 322
  /// (processed at the fix of 322). At 329 it has completed (record 317 deleted), so the
  /// final sync sends 318 and 319 only, no duplicate: what a phone whose clock is at 329
  /// does. (Stamped 319, the same request would have gone out while 317 was in flight
  /// yet without it: a time and a duplicate count that disagree.) Requests: 0 → [0];
  /// 73 → [1, 12], [73] (motionchange, chunks of 2); 317 → [317]; 329 → [318, 319]:
  /// 7 delivered.
  @Test func inFlightDuplicatesFollowTheFinalSyncsTime() {
    var settings = ReplaySettings()
    settings.finalSync = true
    settings.network.latencyMin = 5_000
    settings.network.latencyMax = 5_000
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: config(), settings: settings)
    #expect(EquatorTrack.requests(observer).last == EquatorTrack.Sent(329, [318, 319]))
    #expect(result.uploads.duplicatesSent == 0)
    #expect(result.uploads.recordsDelivered == 7)
  }
}
