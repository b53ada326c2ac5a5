import Testing

@testable import CalmGeoReplay

/// CALMGEO.md §7, `getGeoData()` with a last fix older than 30 s: nil, nothing emitted, and
/// the OS is asked for a location, whose answer (the next log fix) reaches the emitter
/// outside the filter, like a one-shot. On §6's track with a gap: no fixes 101-199
/// (standing at x 30), so at 130 or later the last fix (100) is 30 s old or more. Without
/// calls this track emits 0 (motionchange), 1, 12, 73 (stationary; ref t 73), sleeps at 200
/// (ref 127 s old, listening 200 s), exits at 317, then 318 (one-shot) and 319.
struct AppCallGeoDataTests {
  typealias E = EquatorTrack.Emit
  let gapTrack = EquatorTrack.workedExample.filter { !(101...199).contains(EquatorTrack.seconds($0.time)) }

  @Test func aStaleLastFixReturnsNilAndTheNextFixIsEmittedUnfiltered() {
    // At 140 the last fix is 100, 40 s old: nil, nothing emitted. Fix 200 answers the
    // request: a one-shot while still, so a motionchange to moving at 200 (x 30), ref
    // untouched (t 73). Fix 201: 0 m from ref, ref 128 s old while moving: ref = t 201 and
    // (0 < 16) a stationary motionchange; the sleep rule in the same step (ref was 128 s
    // old, listening 201 s): monitoring at 201. Exit at 317, 318, 319 as before.
    let (observer, result) = EquatorTrack.replay(gapTrack, calls: [(0, .start), (140, .getGeoData)])
    #expect(EquatorTrack.returns(observer)[1] == .location(nil))
    #expect(observer.calls[1].emitted.isEmpty)
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true),
        E(200, true, true), E(201, false, true),
        E(317, true, true), E(318, true, false), E(319, true, false),
      ])
    #expect(observer.locations.allSatisfy { $0.call == nil })  // the answer is the fix's own emit
    #expect(observer.modeChanges.map { EquatorTrack.seconds($0.time) } == [0, 201, 317])
    // The answer is a decided fix, not a call's emit: the engine's sum still balances.
    let stats = ReplayStats(result).engine
    #expect(stats.emittedByCalls == 0)
    #expect(
      stats.emitted + stats.filtered + stats.fixesWhileMonitoring + (stats.fixesWhileStopped ?? -1)
        == gapTrack.count + stats.geofenceExits + stats.motionchangesToStationary)
  }

  @Test func exactlyThirtySecondsIsStale() {
    // The library keeps the last location while `timeIntervalSinceNow > -30`: at 130
    // (fix 100 exactly 30 s old) it is stale; at 129.999 it is fresh, so fix 100 goes
    // through the emitter (a motionchange to moving) and again as a plain moving location.
    let (stale, _) = EquatorTrack.replay(gapTrack, calls: [(0, .start), (130, .getGeoData)])
    #expect(EquatorTrack.returns(stale)[1] == .location(nil))
    #expect(EquatorTrack.emits(stale).map(\.t).contains(200))
    let (fresh, _) = EquatorTrack.replay(gapTrack, calls: [(0, .start), (129.999, .getGeoData)])
    #expect(fresh.calls[1].emitted.count == 2)
    #expect(Array(EquatorTrack.emits(fresh)[4...5]) == [E(100, true, true), E(100, true, false)])
  }

  @Test func whileMonitoringTheAnswerIsDropped() {
    // The walk-on track without fixes 251-299: monitoring since 194; at 290 the last fix
    // (250) is 40 s old: nil. Fix 300 answers, but the library's emitter returns while
    // monitoring: nothing at 300 (still inside the fence), and the exit at 317 is as before.
    let track = EquatorTrack.workedExample.filter { !(251...299).contains(EquatorTrack.seconds($0.time)) }
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (290, .getGeoData)])
    #expect(EquatorTrack.returns(observer)[1] == .location(nil))
    #expect(EquatorTrack.emits(observer).map(\.t) == [0, 1, 12, 73, 317, 318, 319])
    #expect(result.machine.geofenceExits == 1)
  }

  @Test func whileStoppedTheAnswerIsStillEmitted() {
    // stop() at 90; at 140 the last fix (100) is 40 s old: nil. The library's delegate
    // still hands the answer (fix 200) to its emitter: a motionchange to moving at 200.
    // Every other fix from 90 on is ignored: 90-100 (11) and 201-329 (129).
    let (observer, result) = EquatorTrack.replay(gapTrack, calls: [(0, .start), (90, .stop), (140, .getGeoData)])
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(73, false, true), E(200, true, true),
      ])
    #expect(result.machine.fixesWhileStopped == 11 + 129)
  }

  @Test func stopCancelsAPendingRequest() {
    // The request made at 140 is cancelled by stop() at 150 (stopUpdatingLocation):
    // fix 200 is ignored like every later one.
    let (observer, result) = EquatorTrack.replay(gapTrack, calls: [(0, .start), (140, .getGeoData), (150, .stop)])
    #expect(EquatorTrack.emits(observer).map(\.t) == [0, 1, 12, 73])
    #expect(result.machine.fixesWhileStopped == 130)  // 200 ... 329
  }
}
