import Testing

@testable import CalmGeoReplay

/// What the report collector gathers from CALMGEO.md §6's worked example: walk, a still
/// motionchange at 73 s, monitoring from 194 s to the geofence exit at 317 s, walk on.
struct ReportCollectorTests {
  typealias TimeSpan = ReportCollector.TimeSpan
  let t0 = EquatorTrack.t0

  private func replay(
    capacity: Int = 1_000, seed: UInt64 = 1, latency: Int64 = 0, failureRate: Double = 0
  ) -> (collector: ReportCollector, result: ReplayResult) {
    var config = CalmGeoConfig()
    config.url = "https://example.test/l"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    var settings = ReplaySettings()
    settings.seed = seed
    settings.finalSync = true
    settings.network.latencyMin = 0
    settings.network.latencyMax = latency
    settings.network.failureRate = failureRate
    var engine = ReplayEngine(config: config, settings: settings, observer: ReportCollector(capacity: capacity))
    engine.process(EquatorTrack.workedExample)
    let result = engine.finish()
    return (engine.observer, result)
  }

  @Test func geofenceIsCentredOnTheReferenceWithTheMonitoringRadius() {
    let (collector, _) = replay()
    let centre = EquatorTrack.fix(t: 73, x: 30)  // the still rule moved ref to t73 (x 30)
    #expect(collector.geofences.count == 1)
    #expect(collector.geofences.first?.time == t0 + 194_000)
    #expect(collector.geofences.first?.latitude == centre.latitude)
    #expect(collector.geofences.first?.longitude == centre.longitude)
    #expect(collector.geofences.first?.radius == 25)
  }

  @Test func modeAndMotionIntervals() {
    let (collector, result) = replay()
    #expect(collector.monitoring == [TimeSpan(start: t0 + 194_000, end: t0 + 317_000)])
    // Moving from the one-shot at t0 to the still motionchange at 73 s, and from the exit to the end.
    #expect(
      collector.moving == [TimeSpan(start: t0, end: t0 + 73_000), TimeSpan(start: t0 + 317_000, end: t0 + 329_000)])
    #expect(
      collector.motionChanges.count
        == result.machine.motionChangesToMoving + result.machine.motionChangesToStationary)
    #expect(collector.emittedCount == result.emitted)
    #expect(collector.startTime == t0 && collector.lastFixTime == t0 + 329_000)
  }

  @Test func drawnTrackIsDecimatedAndTheBoundsCoverEveryFix() {
    let (collector, _) = replay(capacity: 100)
    // 330 fixes: k = 4 is the smallest power of two with ⌈330 / k⌉ ≤ 100; index 329 is extra.
    #expect(collector.track.count == 330 && collector.track.stride == 4 && collector.track.kept.count == 83)
    #expect(collector.track.keptWithLast.last?.time == t0 + 329_000)
    #expect(collector.bounds.maxLongitude == EquatorTrack.fix(t: 329, x: 30 + 1.5 * 29).longitude)
  }

  /// The queue counted from events matches the simulator, with failures and requests
  /// overlapping (duplicates): a record leaves storage at its first 200 only.
  @Test(arguments: [(1, 0, 0.0), (2, 5_000, 0.3), (3, 20_000, 0.5), (4, 40_000, 0.1)])
  func queueMatchesTheSimulator(seed: UInt64, latency: Int64, failureRate: Double) {
    let (collector, result) = replay(capacity: 100_000, seed: seed, latency: latency, failureRate: failureRate)
    #expect(collector.storedCount == result.uploads.storedAtEnd)
    #expect(collector.queue.kept.map(\.size).max() == result.uploads.maxStored)
    #expect(collector.requests.count == result.uploads.requests)
    // Decimated, the drawn steps still reach the peak.
    let (small, _) = replay(capacity: 4, seed: seed, latency: latency, failureRate: failureRate)
    #expect(small.queue.stride > 1)
    #expect(small.queue.kept.map(\.peak).max() == result.uploads.maxStored)
  }

  @Test func clearAllLocationsEmptiesTheStorageQueue() {
    // No url: every emit stays stored. clearAllLocations() at 100 deletes 0, 1, 12, 73;
    // 317, 318, 319 are stored after it: 3 at the end, as storedAtEnd.
    var engine = ReplayEngine(
      config: CalmGeoConfig(),
      scenario: Scenario(entries: [
        Scenario.Entry(.start, at: .sinceFirstFix(0)),
        Scenario.Entry(.clearAllLocations, at: .sinceFirstFix(100_000)),
      ]),
      observer: ReportCollector(capacity: 1_000))
    engine.process(EquatorTrack.workedExample)
    let result = engine.finish()
    #expect(engine.observer.storedCount == 3 && result.uploads.storedAtEnd == 3 && result.uploads.cleared == 4)
    #expect(engine.observer.queue.keptWithLast.contains { $0.time == t0 + 100_000 && $0.size == 0 })
  }
}
