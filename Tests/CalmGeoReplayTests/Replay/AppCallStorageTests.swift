import Testing

@testable import CalmGeoReplay

/// CALMGEO.md §7, the calls on storage and uploads: `sync()`, `clearAllLocations()`,
/// `getGeoData()`, `getStoredLocations()`, `getStoredCount()`, `getSyncState()` and the
/// listener, on §6's track (emits at 0, 1, 12, 73, 317, 318, 319 without calls).
struct AppCallStorageTests {
  typealias E = EquatorTrack.Emit
  typealias S = EquatorTrack.Sent
  let track = EquatorTrack.workedExample

  private func uploads(autoSync: Bool = false) -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = autoSync
    config.syncThreshold = 3
    config.maxBatchSize = 2
    return config
  }

  @Test func syncIgnoresTheBackOffAndRunsBetweenFixes() {
    // autoSync off, one chunk a sync, answers 500 then 200 at once. sync() at 100 sends
    // 0, 1, 12, 73: 500, so tried 1 and the back-off is 2^1 - 1 = 1 s (until 101).
    // sync() at 100.5, between two fixes and inside the back-off: sent at 100.5 all the
    // same, answered 200: 4 delivered. 317, 318, 319 stay stored (no autoSync).
    var config = uploads()
    config.maxBatchSize = 250
    var settings = ReplaySettings()
    settings.network.schedule = [.status(500), .status(200)]
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (100, .sync), (100.5, .sync)], config: config, settings: settings)
    #expect(EquatorTrack.requests(observer) == [S(100, [0, 1, 12, 73]), S(100.5, [0, 1, 12, 73])])
    #expect(observer.completed.map(\.sentAt) == [EquatorTrack.t0 + 100_000, EquatorTrack.t0 + 100_500])
    #expect(result.uploads.manualSyncs == 2 && result.uploads.recordsDelivered == 4)
    #expect(result.uploads.storedAtEnd == 3)
  }

  @Test func syncWithoutAUrlDoesNothing() {
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (100, .sync)])
    #expect(observer.bodies.isEmpty && result.uploads.manualSyncs == 0)
    #expect(result.calls?[.sync] == 1)  // the call was made all the same
  }

  @Test func clearAllLocationsDeletesWhatIsStoredAndInFlightRequestsStillComplete() {
    // autoSync off, latency 5 s, answers 200. sync() at 10 sends 0 and 1 (one chunk of
    // two), in flight until 15. clearAllLocations() at 13: 0, 1 and 12 are stored: 3
    // cleared. getStoredCount() at 13 (after it in file order): 0. At 15 the 200 arrives:
    // it deletes nothing more, but the server has 0 and 1: they count as uploaded, so
    // cleared ends at 1 (record 12). 73, 317, 318, 319 stay stored.
    // Accounting: 7 emitted = 2 uploaded + 4 stored + 0 expired + 1 cleared.
    var settings = ReplaySettings()
    settings.network.latencyMin = 5_000
    settings.network.latencyMax = 5_000
    let (observer, result) = EquatorTrack.replay(
      track,
      calls: [(0, .start), (10, .sync), (13, .clearAllLocations), (13, .getStoredCount), (14, .getStoredLocations)],
      config: uploads(), settings: settings)
    #expect(EquatorTrack.requests(observer) == [S(10, [0, 1])])
    #expect(observer.calls[2].cleared == 3)
    #expect(EquatorTrack.returns(observer)[3...] == [.count(0), .locations([])])
    #expect(result.uploads.recordsDelivered == 2 && result.uploads.storedAtEnd == 4 && result.uploads.cleared == 1)
    #expect(result.uploads.isBalanced)
    let stats = ReplayStats(result)
    #expect(stats.accounting.cleared == 1 && stats.calls?["clearAllLocations"] == 1)
  }

  @Test func getGeoDataWhileStillEmitsAMotionchangeThenAMovingLocation() {
    // At 100 (listening, isMoving false since 73) the latest fix is fix 100 itself (x 30):
    // through the emitter, a motionchange to moving; then the same fix again as a plain
    // moving location, which the call returns. ref is untouched (t 73), but isMoving is
    // now true: at 134 ref is 61 s old while moving, so ref = t 134 and a stationary
    // motionchange; the sleep rule at 255 (ref 121 s old, listening since 0); exit 317.
    // With uploads on, the motionchange syncs at once: a request at 100 with it alone
    // (everything before was delivered at 73); the second emit makes 2 stored (< 3).
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (100, .getGeoData)], config: uploads(autoSync: true))
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
        E(100, true, true), E(100, true, false), E(134, false, true),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(observer.locations.map(\.call) == [nil, nil, nil, nil, .getGeoData, .getGeoData, nil, nil, nil, nil])
    #expect(EquatorTrack.requests(observer).contains(S(100, [100])))
    guard case .location(let returned?) = observer.calls[1].result else {
      Issue.record("no location")
      return
    }
    #expect(returned == observer.locations[5] && observer.calls[1].emitted == [observer.locations[4].id, returned.id])
    // Each fix is decided once; the call's two emits come on top:
    // (10 emitted - 2 by calls) + filtered + while monitoring = fixes + exits + stops.
    let stats = ReplayStats(result).engine
    #expect(stats.emittedByCalls == 2 && stats.fixesWhileStopped == 0)
    #expect(
      stats.emitted - 2 + stats.filtered + stats.fixesWhileMonitoring
        == 330 + stats.geofenceExits + stats.motionchangesToStationary)
    // The two emits of one fix get distinct ids (occurrences 0 and 1 of t 100).
    #expect(observer.locations[4].id != observer.locations[5].id)
  }

  @Test func getGeoDataWhileMonitoringEmitsOnlyThePlainMovingLocation() {
    // At 250.5 (monitoring since 194) the latest fix is fix 250 (x 30): no emitter, one
    // plain moving location (isMoving true, no event) at t 250; tracking is unchanged
    // (isMoving stays false: the exit at 317 is still a motionchange).
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (250.5, .getGeoData)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true), E(250, true, false),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(result.machine.geofenceExits == 1)
  }

  @Test func getGeoDataBeforeAnyFixReturnsNothing() {
    var engine = ReplayEngine(config: CalmGeoConfig(), scenario: Scenario(entries: []), observer: CollectingObserver())
    #expect(engine.call(.getGeoData, at: EquatorTrack.t0) == .location(nil))
    #expect(engine.observer.locations.isEmpty)
  }

  @Test func getStoredLocationsAndCountWithoutAUrl() {
    // No url: nothing is sent; at 100 the stored records are 0, 1, 12, 73 in timestamp order.
    let (observer, _) = EquatorTrack.replay(
      track, calls: [(0, .start), (100, .getStoredLocations), (100, .getStoredCount)])
    let ids = observer.locations.prefix(4).map(\.id)
    #expect(EquatorTrack.returns(observer)[1...] == [.locations(ids), .count(4)])
  }

  @Test func getSyncStateReportsTheNegativeWait() {
    // Every answer 500 at once, autoSync off, one request a sync (maxBatchSize 250). The
    // service is created by the first call, start() at 5: before any failure the
    // timestamp is 5 s, tried 0, wait max(-600, -(2^0 - 1)) = 0. sync() at 10 fails:
    // tried 1, timestamp 10, wait -(2^1 - 1) = -1. sync() at 20 and 30: tried 3,
    // timestamp 30, wait -(2^3 - 1) = -7. Ten more at 40 … 49: tried 13,
    // -(2^13 - 1) = -8191, so -600; timestamp 49.
    var settings = ReplaySettings()
    settings.network.schedule = [.status(500)]
    settings.network.loopSchedule = true
    var config = uploads()
    config.maxBatchSize = 250  // one request a sync
    let calls: [(Double, AppCall)] =
      [
        (5, .start), (6, .getSyncState), (10, .sync), (11, .getSyncState),
        (20, .sync), (30, .sync), (31, .getSyncState),
      ] + (40...49).map { (Double($0), .sync) } + [(50, .getSyncState)]
    let (observer, _) = EquatorTrack.replay(track, calls: calls, config: config, settings: settings)
    let t0 = EquatorTrack.t0
    #expect(
      EquatorTrack.returns(observer).compactMap { if case .syncState(let s) = $0 { s } else { nil } } == [
        SyncState(timestamp: t0 + 5_000, tried: 0), SyncState(timestamp: t0 + 10_000, tried: 1),
        SyncState(timestamp: t0 + 30_000, tried: 3), SyncState(timestamp: t0 + 49_000, tried: 13),
      ])
    #expect([0, 1, 3, 13].map { SyncState(timestamp: 0, tried: $0).wait } == [0, -1, -7, -600])
  }

  @Test func anUnregisteredListenerMissesLocationsThatAreStillStoredAndUploaded() {
    // Listener off from 50 to 200: the stationary motionchange at 73 is stored and
    // uploaded (its own event sync at 73) but the app does not see it.
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (50, .unregisterLocationListener), (200, .registerLocationListener)],
      config: uploads(autoSync: true))
    #expect(observer.locations.filter(\.isHeard).map { EquatorTrack.seconds($0.time) } == [0, 1, 12, 317, 318, 319])
    #expect(observer.locations.filter { !$0.isHeard }.map { EquatorTrack.seconds($0.time) } == [73])
    #expect(result.uploads.stored == 7)
    #expect(EquatorTrack.requests(observer).contains(S(73, [73])))
  }
}
