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
    #expect(EquatorTrack.emits(observer) == [
      E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
      E(317, true, true), E(318, true, false), E(319, true, false),
    ])
    #expect(observer.modeChanges.map(\.to) == [.listening, .monitoring, .listening])
    #expect(result.machine.fixesWhileMonitoring == 317 - 195 + 1)  // 195 ... 317, the exit included
    #expect(EquatorTrack.returns(observer).last == .state(.running))
  }

  @Test func startWhileListeningAndMovingGivesAPlainOneShot() {
    // start() at 5 (isMoving true): fix 5 is a one-shot, emitted unfiltered as a plain
    // moving location (no event), ref untouched (still t 1, x 1.5): fix 12 (x 18) is
    // 16.5 m from it > 16 and kept as before. Listening since 5: the sleep rule still
    // fires at 194 (ref t 73 is 121 s old, listening 189 s > 120).
    let (observer, _) = EquatorTrack.replay(track, calls: [(0, .start), (5, .start)])
    #expect(EquatorTrack.emits(observer) == [
      E(0, true, true), E(1, true, false), E(5, true, false), E(12, true, false), E(73, false, true),
      E(317, true, true), E(318, true, false), E(319, true, false),
    ])
  }

  @Test func startWhileListeningAndStillRestartsTheListeningClock() {
    // start() at 100 (isMoving false since 73): fix 100 is a one-shot, a motionchange to
    // moving (x 30). ref stays t 73: at 134 it is 61 s old while moving, so ref = t 134
    // and, 0 m < 16, a stationary motionchange. The sleep rule needs ref older than
    // 120 s and listening over 120 s: at 255 (ref 121 s, listening 155 s), not 194.
    // Exit at 317 (x 55.5, 25.5 m > 25 from x 30).
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (100, .start)])
    #expect(EquatorTrack.emits(observer) == [
      E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
      E(100, true, true), E(134, false, true),
      E(317, true, true), E(318, true, false), E(319, true, false),
    ])
    #expect(observer.modeChanges.map { EquatorTrack.seconds($0.time) } == [0, 255, 317])
    #expect(result.machine.millisMonitoring == (317 - 255) * 1000)
  }

  @Test func stopIgnoresFixesUntilTheNextStart() {
    // stop() at 100: fixes 100-199 ignored, no motionchange, isMoving (false) and ref
    // (t 73) kept. start() at 200: fix 200 a one-shot (isMoving false: motionchange to
    // moving). Fix 201: 0 m from ref, ref 128 s old while moving: ref = t 201 and a
    // stationary motionchange (0 < 16); listening only 1 s, so no sleep. Walking on:
    // fix 311 (x 46.5) is 16.5 m from x 30 > 16: kept, a motionchange to moving, ref =
    // t 311; fix 322 (x 63) is 16.5 m from it: kept. Monitoring never starts (ref is
    // never 120 s old with listening over 120 s before the walk).
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (100, .stop), (150, .state), (200, .start)])
    #expect(EquatorTrack.emits(observer) == [
      E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
      E(200, true, true), E(201, false, true), E(311, true, true), E(322, true, false),
    ])
    #expect(observer.modeChanges.map { "\(EquatorTrack.seconds($0.time)) \($0.to)" } == [
      "0.0 listening", "100.0 stopped", "200.0 listening",
    ])
    #expect(result.machine.fixesWhileStopped == 100)  // 100 ... 199
    #expect(ReplayStats(result).engine.fixesWhileStopped == 100)
    #expect(result.machine.millisListening == (100 + 129) * 1000)  // 0-100 and 200-329
    #expect(result.machine.millisMonitoring == 0)
    #expect(result.uploads.stored == 8)  // storage untouched by stop()
    #expect(EquatorTrack.returns(observer)[2] == .state(.stopped))
  }

  @Test func aScenarioWithoutStartProcessesNothing() {
    // No start(): every fix ignored; state reads stopped.
    let (observer, result) = EquatorTrack.replay(track, calls: [(10, .state)])
    #expect(observer.locations.isEmpty)
    #expect(result.machine.fixesWhileStopped == 330)
    #expect(EquatorTrack.returns(observer) == [.state(.stopped)])
  }

  @Test func restartAppliesTheFilterAndTheNextGeofencesRadius() {
    // restart({distanceFilter 5, stationaryRadius 60}) at 100 = new settings, then
    // start(): as startWhileListeningAndStill... up to the sleep rule at 255 (the filter
    // change does not matter standing still: 0 m < 5), but the geofence that starts at
    // 255 has radius 60: x 73.5 at 329 is 43.5 m from x 30 < 60, so no exit.
    let patch = EquatorTrack.patch({ $0.distanceFilter = 5; $0.stationaryRadius = 60 },
                                   keys: ["distanceFilter", "stationaryRadius"])
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (100, .restart(patch))])
    #expect(EquatorTrack.emits(observer) == [
      E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
      E(100, true, true), E(134, false, true),
    ])
    #expect(result.machine.geofenceExits == 0)
    #expect(result.machine.millisMonitoring == (329 - 255) * 1000)
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
    let patch = EquatorTrack.patch({
      $0.maxDaysToPersist = 7; $0.url = "https://example.test/l"; $0.autoSync = true; $0.syncThreshold = 3
    }, keys: ["maxDaysToPersist", "url", "autoSync", "syncThreshold"])
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (250, .restart(patch))], config: config)
    #expect(EquatorTrack.requests(observer) == [EquatorTrack.Sent(317, [317])])
    #expect(observer.expired.map { EquatorTrack.seconds($0.expiredAt) } == [1, 2, 13, 74, 319, 320])
    #expect(result.uploads.recordsDelivered == 1 && result.uploads.expired == 6 && result.uploads.storedAtEnd == 0)
    #expect(result.uploads.isBalanced)  // 7 = 1 + 0 + 6 + 0
  }
}
