import Testing

@testable import CalmGeoReplay

/// `delivery` on CALMGEO.md §6's worked example (fixes fed to the engine directly), with
/// url set, autoSync, syncThreshold 3, maxBatchSize 2. Emits (§6's table): t = 0 (the
/// one-shot), 1, 12, 73 (still), 317 (geofence exit), 318, 319. Each delay is the
/// completion of the first 200 carrying a location minus its fix time, worked out below
/// from §6's requests; percentiles are nearest rank (p50 the ⌈n/2⌉-th, p95 the ⌈0.95n⌉-th).
struct DeliveryMetricsTests {
  private func uploadConfig() -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    return config
  }

  /// The worked example replayed with `DeliveryMetrics` as the observer.
  private func delivery(_ settings: ReplaySettings) -> (stats: DeliveryStats, uploads: UploadCounters) {
    var engine = ReplayEngine(config: uploadConfig(), settings: settings, observer: DeliveryMetrics())
    engine.process(EquatorTrack.workedExample)
    let result = engine.finish()
    return (DeliveryStats(engine.observer.finish(), emitted: result.emitted, uploads: result.uploads), result.uploads)
  }

  private func expectDelay(
    _ delay: DeliveryStats.Delay, p50: Double, p95: Double, max: Double, mean: Double,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(delay.p50 == p50, sourceLocation: sourceLocation)
    #expect(delay.p95 == p95, sourceLocation: sourceLocation)
    #expect(delay.max == max, sourceLocation: sourceLocation)
    #expect(abs(delay.mean - mean) < 1e-9, "mean \(delay.mean) ≠ \(mean)", sourceLocation: sourceLocation)
  }

  @Test func everyRequest200AtOnceWithFinalSync() {
    // Requests (§6): t 0 [0], t 73 [1, 12], t 73 [73], t 317 [317], final sync t 329 [318, 319],
    // each completed at its send time. Delays: 0, 72, 61, 0, 0, 11, 10 s.
    // Sorted 0 0 0 10 11 61 72: p50 the 4th = 10, p95 the 7th = 72, mean 154 / 7.
    var settings = ReplaySettings()
    settings.finalSync = true
    let (stats, uploads) = delivery(settings)
    #expect(stats.emitted == 7)
    #expect(stats.delivered == 7)
    #expect(stats.delivered == uploads.recordsDelivered)
    expectDelay(stats.delaySeconds, p50: 10, p95: 72, max: 72, mean: 154.0 / 7)
    #expect(stats.undelivered == 0)
  }

  @Test func withoutFinalSyncTwoStayStored() {
    // The same four first requests; t 318 and 319 stay stored (2 < 3). Delays 0, 72, 61, 0,
    // 0: sorted 0 0 0 61 72, p50 the 3rd = 0, p95 the 5th = 72, mean 133 / 5.
    let (stats, _) = delivery(ReplaySettings())
    #expect(stats.delivered == 5)
    expectDelay(stats.delaySeconds, p50: 0, p95: 72, max: 72, mean: 133.0 / 5)
    #expect(stats.undelivered == 2)
    #expect(stats.stillStored == 2)
    #expect(stats.expired == 0 && stats.cleared == 0)
  }

  @Test func alternating200And500() {
    // §6: the chunk [1, 12] is every even request (all 500s); the odd ones carry t 0, 73,
    // 317, 318, 319, each answered 200 at its own send time (t 318 and 319 each by a threshold
    // sync with [1, 12] ahead of it). Delays all 0; t 1 and 12 still stored.
    var settings = ReplaySettings()
    settings.finalSync = true
    settings.network.schedule = [.status(200), .status(500)]
    settings.network.loopSchedule = true
    let (stats, uploads) = delivery(settings)
    #expect(uploads.requests == 10)
    #expect(stats.delivered == 5)
    expectDelay(stats.delaySeconds, p50: 0, p95: 0, max: 0, mean: 0)
    #expect(stats.undelivered == 2)
    #expect(stats.stillStored == 2)
  }

  @Test func latencyOf5SecondsDelaysEveryDelivery() {
    // Every request 200 after 5 s, final sync on:
    // - t 0: [0] sent, done at 5: delay 5. t 1 and 12: 2 stored (t 0 is delivered at 5).
    // - t 73 (motionchange): [1, 12] and [73], done at 78: delays 77, 66, 5.
    // - t 317 (motionchange): [317], done at 322. t 318: 317 (in flight) and 318, 2 < 3.
    // - t 319: 3 stored: [317, 318] (317 a duplicate) and [319], done at 324.
    //   At 322, 317 is delivered: delay 5. At 324: 318 delay 6 (317's second copy counts
    //   nothing), 319 delay 5. The final sync at 329 finds storage empty.
    // Delays 5 77 66 5 5 6 5, sorted 5 5 5 5 6 66 77: p50 the 4th = 5, p95 the 7th = 77,
    // mean 169 / 7.
    var settings = ReplaySettings()
    settings.finalSync = true
    settings.network.latencyMin = 5000
    settings.network.latencyMax = 5000
    let (stats, uploads) = delivery(settings)
    #expect(uploads.requests == 6)
    #expect(uploads.duplicatesDelivered == 1)
    #expect(stats.delivered == 7)
    expectDelay(stats.delaySeconds, p50: 5, p95: 77, max: 77, mean: 169.0 / 7)
    #expect(stats.undelivered == 0)
  }

  @Test func statsJSONHasTheSectionOnlyWithUploads() throws {
    let track = Track(name: "eq", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    var configuration = ReplayConfiguration()
    var observer = DiscardingObserver()
    let plain = ReplayRunner.run(
      source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true))
    #expect(ReplayStats(plain).delivery == nil)
    configuration.calmGeo = uploadConfig()
    let uploading = ReplayRunner.run(
      source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true))
    let stats = try #require(ReplayStats(uploading).delivery)
    // As `withoutFinalSyncTwoStayStored`.
    #expect(stats.delivered == 5 && stats.delaySeconds.p95 == 72 && stats.stillStored == 2)
  }

  @Test func nearestRankPercentiles() {
    // 1…20 s: p50 the 10th = 10, p95 the 19th = 19, max 20, mean 10.5.
    let delay = DeliveryStats.Delay(millis: (1...20).reversed().map { Int64($0) * 1000 })
    #expect(delay == DeliveryStats.Delay(p50: 10, p95: 19, max: 20, mean: 10.5))
    #expect(DeliveryStats.Delay(millis: []) == DeliveryStats.Delay(p50: 0, p95: 0, max: 0, mean: 0))
  }
}
