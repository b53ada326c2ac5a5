import Testing

@testable import CalmGeoReplay

/// CALMGEO.md §7, the calls that drive tracking: `start()`, `stop()`, `restart(config)`,
/// `state`, on §6's track (walk 0-20 s, stand at x = 30 until 299 s, walk on), defaults
/// (distanceFilter 16, stationaryRadius 25). Without calls it emits 0 (motionchange),
/// 1, 12, 73 (stationary motionchange; ref = t 73), monitoring 194-317, 317 (exit), 318, 319.
struct AppCallTrackingTests {
  typealias E = EquatorTrack.Emit
  let track = EquatorTrack.workedExample

  @Test func startDuringMonitoringChangesNothing() {
    // Monitoring since 194: start() at 250 does not stop the geofence; every fix stays
    // ignored until the exit at 317, which restarts listening itself.
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (250, .start), (251, .state)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(observer.modeChanges.map(\.to) == [.listening, .monitoring, .listening])
    #expect(result.machine.fixesWhileMonitoring == 317 - 195 + 1)  // 195 ... 317, the exit included
    #expect(EquatorTrack.returns(observer).last == .state(.running))
  }

  @Test func startWhileListeningIsANoOp() {
    // §7 (the library's `if manager.isRunning { return }`): start() at 5 (listening,
    // moving) and at 100 (listening, still since 73) change nothing: no one-shot, and
    // listenStart stays 0, so the sleep rule fires at 194 as without calls (ref t 73 is
    // 121 s old, listening 194 s > 120), not at 255 as a reset listening clock would.
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (5, .start), (100, .start)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(observer.modeChanges.map { EquatorTrack.seconds($0.time) } == [0, 194, 317])
    #expect(result.machine.millisMonitoring == (317 - 194) * 1000)
  }

  @Test func stopIgnoresFixesUntilTheNextStart() {
    // stop() at 100: fixes 100-199 ignored, no motionchange, isMoving (false) and ref
    // (t 73) kept. start() at 200: fix 200 a one-shot (isMoving false: motionchange to
    // moving). Fix 201: 0 m from ref, ref 128 s old while moving: ref = t 201 and a
    // stationary motionchange (0 < 16); listening only 1 s, so no sleep. Walking on:
    // fix 311 (x 46.5) is 16.5 m from x 30 > 16: kept, a motionchange to moving, ref =
    // t 311; fix 322 (x 63) is 16.5 m from it: kept. Monitoring never starts (ref is
    // never 120 s old with listening over 120 s before the walk).
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (100, .stop), (150, .state), (200, .start)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
        E(200, true, true), E(201, false, true), E(311, true, true), E(322, true, false),
      ])
    #expect(
      observer.modeChanges.map { "\(EquatorTrack.seconds($0.time)) \($0.to)" } == [
        "0.0 listening", "100.0 stopped", "200.0 listening",
      ])
    #expect(result.machine.fixesWhileStopped == 100)  // 100 ... 199
    #expect(ReplayStats(result).engine.fixesWhileStopped == 100)
    #expect(result.machine.millisListening == (100 + 129) * 1000)  // 0-100 and 200-329
    #expect(result.machine.millisMonitoring == 0)
    #expect(result.uploads.stored == 8)  // storage untouched by stop()
    #expect(EquatorTrack.returns(observer)[2] == .state(.stopped))
  }

  @Test func creatingTheServiceStartsTracking() {
    // §7: the service is created at the scenario's first call (here state at 10, no
    // start() anywhere) and its initialiser starts tracking. Fixes 0-9 come before it:
    // ignored (10). Fix 10 (x 15) is the one-shot: a motionchange to moving. Fix 11
    // (x 16.5): ref empty, ref = t 11, a moving location. Walking on to x 30 and standing
    // there: at most 13.5 m from x 16.5 < 16, filtered; at 72 ref is 61 s old while
    // moving: ref = t 72 (x 30) and, 13.5 < 16, a stationary motionchange. Sleep at 193
    // (ref 121 s old, listening 183 s). Exit at 317 (x 55.5, 25.5 m > 25), one-shot 318,
    // 319 kept (28.5 m > 16 from x 30). state returns running.
    let (observer, result) = EquatorTrack.replay(track, calls: [(10, .state)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(10, true, true), E(11, true, false), E(72, false, true),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(
      observer.modeChanges.map { "\(EquatorTrack.seconds($0.time)) \($0.to)" } == [
        "10.0 listening", "193.0 monitoring", "317.0 listening",
      ])
    #expect(result.machine.fixesWhileStopped == 10)
    #expect(EquatorTrack.returns(observer) == [.state(.running)])
  }

  @Test func anEmptyScenarioNeverCreatesTheService() {
    // No call, no service: every fix is ignored.
    let (observer, result) = EquatorTrack.replay(track, calls: [])
    #expect(observer.locations.isEmpty)
    #expect(result.machine.fixesWhileStopped == 330)
  }

  @Test func restartWhileListeningAppliesTheConfigButStartsNoOneShot() {
    // restart({distanceFilter 5, stationaryRadius 60}) at 100 (listening, still since 73,
    // ref t 73 at x 30): the settings apply at once, start() does nothing (no one-shot,
    // listenStart stays 0). Standing at x 30: 0 m, not > 5. Sleep at 194 (ref 121 s old,
    // listening 194 s) with the new radius 60: x 73.5 at 329 is 43.5 m from x 30 < 60,
    // so no exit. Emits 0, 1, 12, 73 only.
    let patch = EquatorTrack.patch(
      {
        $0.distanceFilter = 5
        $0.stationaryRadius = 60
      },
      keys: ["distanceFilter", "stationaryRadius"])
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (100, .restart(patch))])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
      ])
    #expect(result.machine.geofenceExits == 0)
    #expect(result.machine.millisMonitoring == (329 - 194) * 1000)
  }

  @Test func restartDuringMonitoringKeepsTheRunningGeofence() {
    // restart({stationaryRadius 60}) at 250, monitoring since 194 with radius 25: start()
    // does not stop the geofence and its radius stays 25, so the exit is still at 317.
    let patch = EquatorTrack.patch({ $0.stationaryRadius = 60 }, keys: ["stationaryRadius"])
    let (observer, _) = EquatorTrack.replay(track, calls: [(0, .start), (250, .restart(patch))])
    #expect(EquatorTrack.emits(observer).map(\.t) == [0, 1, 12, 73, 317, 318, 319])
  }

  @Test func restartKeepsTheFirstMaxDaysToPersist() {
    // First config: no url, maxDaysToPersist 0 (a record is gone at the next fix). At 250
    // (monitoring: tracking unchanged) restart with maxDaysToPersist 7 and uploads on
    // (threshold 3, answers 200 at once). The sync settings apply: 317's motionchange
    // syncs at once and is delivered. The storage keeps ttl 0 (the quirk): 0, 1, 12, 73
    // expire at the next fix, 1, 2, 13, 74; 318 expires at 319 (1 s > 0), before 319 is stored
    // (1 < 3, no sync); 319 at 320. With ttl 7 days 318 and 319 would still be stored.
    var config = CalmGeoConfig()
    config.maxDaysToPersist = 0
    let patch = EquatorTrack.patch(
      {
        $0.maxDaysToPersist = 7
        $0.url = "https://example.test/l"
        $0.autoSync = true
        $0.syncThreshold = 3
      }, keys: ["maxDaysToPersist", "url", "autoSync", "syncThreshold"])
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (250, .restart(patch))], config: config)
    #expect(EquatorTrack.requests(observer) == [EquatorTrack.Sent(317, [317])])
    #expect(observer.expired.map { EquatorTrack.seconds($0.expiredAt) } == [1, 2, 13, 74, 319, 320])
    #expect(result.uploads.recordsDelivered == 1 && result.uploads.expired == 6 && result.uploads.storedAtEnd == 0)
    #expect(result.uploads.isBalanced)  // 7 = 1 + 0 + 6 + 0
  }
}
