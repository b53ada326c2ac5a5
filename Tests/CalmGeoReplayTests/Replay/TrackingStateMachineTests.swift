import Testing

@testable import CalmGeoReplay

/// One test per rule of CALMGEO.md §3; expected emits worked out by hand in the comments.
struct TrackingStateMachineTests {
  typealias E = EquatorTrack.Emit
  let f = EquatorTrack.fix

  private func emits(_ fixes: [Fix], config: CalmGeoConfig = CalmGeoConfig()) -> [E] {
    EquatorTrack.emits(EquatorTrack.replay(fixes, config: config).observer)
  }

  @Test func firstFixIsAOneShotThatLeavesRefEmpty() {
    // t0: one-shot, emitted as a motionchange (isMoving false → true), ref untouched.
    // t1: ref is empty, so this fix becomes ref and is kept although it moved 0.5 m.
    // t2: 0.5 m from ref (t1) ≤ 16 → dropped.
    #expect(emits([f(0, 0, 0), f(1, 0.5, 0), f(2, 1, 0)]) == [E(0, true, true), E(1, true, false)])
  }

  @Test func secondFixSetsRef() {
    // ref = t1 (x = 100). t2 is 10 m from it → dropped; had ref been t0, 110 m > 16 would keep it.
    #expect(emits([f(0, 0, 0), f(1, 100, 0), f(2, 110, 0)]) == [E(0, true, true), E(1, true, false)])
  }

  @Test(arguments: [
    // speed, judge: max(round(speed / 5) · 3.1 · 16, 16)
    (0.0, 16.0),  // round(0) = 0
    (2.4, 16.0),  // round(0.48) = 0
    (2.5, 49.6),  // round(0.5) = 1 (half away from zero) → 49.6
    (7.7, 99.2),  // round(1.54) = 2 → 99.2
    (27.0, 248.0),  // round(5.4) = 5 → 248
    (-1.0, 16.0),  // unknown speed rounds to 0
  ])
  func elasticJudge(speed: Double, judge: Double) {
    let machine = TrackingStateMachine(config: CalmGeoConfig())
    #expect(abs(machine.judge(speed: speed) - judge) < 1e-9)
    // Behaviour: from ref at x = 0, a fix just beyond the judge is kept, one just inside is not.
    #expect(emits([f(0, 0, 0), f(1, 0, 0), f(2, judge + 0.3, speed)]).count == 3)
    #expect(emits([f(0, 0, 0), f(1, 0, 0), f(2, judge - 0.3, speed)]).count == 2)
  }

  @Test func disabledSpeedMultiplierJudgesByDistanceFilterAlone() {
    var config = CalmGeoConfig()
    config.disableSpeedMultiplier = true
    #expect(TrackingStateMachine(config: config).judge(speed: 27) == 16)
    // 17 m at 27 m/s: kept (> 16); with the multiplier on it would need 248 m.
    #expect(emits([f(0, 0, 0), f(1, 0, 0), f(2, 17, 27)], config: config).count == 3)
    #expect(emits([f(0, 0, 0), f(1, 0, 0), f(2, 17, 27)]).count == 2)
  }

  @Test func stillRuleStopsAfterMoreThan60sWithinDistanceFilter() {
    // ref = t1 (x = 0). t61: age 60, not > 60 → nothing. t62: age 61 > 60 while moving,
    // d = 10 < 16 → ref = t62 and a motionchange with isMoving false.
    let fixes = [f(0, 0, 0), f(1, 0, 0), f(61, 10, 0), f(62, 10, 0)]
    #expect(emits(fixes) == [E(0, true, true), E(1, true, false), E(62, false, true)])
  }

  @Test func stillRuleMovesRefWithoutStoppingWhenFartherThanDistanceFilter() {
    // At 2.5 m/s the judge is 49.6. t62: 20 m from ref (t1) ≤ 49.6 → filtered; age 61 > 60
    // while moving → ref = t62 (x = 20), but 20 ≥ 16 → no motionchange.
    // t63 at x = 69: 49 m from the new ref ≤ 49.6 → dropped (69 m from the old ref would be kept).
    // t64 at x = 70.1: 50.1 m from ref → kept.
    let fixes = [f(0, 0, 0), f(1, 0, 0), f(62, 20, 2.5), f(63, 69, 2.5), f(64, 70.1, 2.5)]
    #expect(emits(fixes) == [E(0, true, true), E(1, true, false), E(64, true, false)])
  }

  @Test func sleepRuleNeedsRefOlderThan120sAndListeningLongerThan120s() {
    // Standing at x = 0: t62 stops (age 61) and ref = t62. t182: age 120 → still listening;
    // t183: age 121 > 120 and listening 183 > 120 → monitoring (already stationary: no emit).
    var machine = TrackingStateMachine(config: CalmGeoConfig())
    for t in [0, 1, 62, 182] { _ = machine.step(f(Double(t), 0, 0)) }
    #expect(machine.mode == .listening)
    _ = machine.step(f(183, 0, 0))
    #expect(machine.mode == .monitoring)

    // t200: 26 m from the centre → exit; listening restarts at 200 with the old ref (t62).
    #expect(machine.step(f(200, 26, 0)) == .init(isMoving: true, isMotionChange: true))
    #expect(machine.step(f(201, 26, 0)) == .init(isMoving: true, isMotionChange: false))  // one-shot
    // t202 at x = 10: 10 m from ref (t62) → filtered. Ref age 140 > 120 but listening only 2 s:
    // no monitoring. The still rule applies (age > 60, moving, 10 < 16): stop, ref = t202.
    #expect(machine.step(f(202, 10, 0)) == .init(isMoving: false, isMotionChange: true))
    #expect(machine.mode == .listening)
    // Monitoring again once ref (t202) is older than 120 s: t323 (age 121, listening 123).
    _ = machine.step(f(322, 10, 0))
    #expect(machine.mode == .listening)
    _ = machine.step(f(323, 10, 0))
    #expect(machine.mode == .monitoring)
  }

  @Test func sleepRuleEmitsTheStopWhenStillMoving() {
    // At 2.5 m/s (judge 49.6) standing 20 m away never triggers the still rule's stop
    // (20 ≥ 16), so at the sleep rule isMoving is still true: it emits the stop itself.
    // ref = t1. t62: age 61 → ref = t62 (x = 20), no stop. t183: age 121 > 120,
    // listening 183 > 120 → motionchange false, monitoring.
    let fixes = [f(0, 0, 0), f(1, 0, 0), f(62, 20, 2.5), f(183, 20, 2.5), f(184, 20, 2.5)]
    #expect(emits(fixes) == [E(0, true, true), E(1, true, false), E(183, false, true)])
  }

  @Test func geofenceExitNeedsMoreThanStationaryRadiusAndIsFollowedByAOneShot() {
    // Monitoring from t183 around x = 0 (as above). x = 25 is on the circle: inside.
    // x = 25.5 at t300 exits; t301 is the one-shot (emitted though 0 m from t300).
    // t302 at x = 17: 17 m from the kept ref (x = 0, t62) > 16 → kept; ref is not cleared.
    let fixes = [
      f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0), f(250, 25, 0),
      f(300, 25.5, 0), f(301, 25.5, 0), f(302, 17, 0),
    ]
    #expect(
      emits(fixes) == [
        E(0, true, true), E(1, true, false), E(62, false, true),
        E(300, true, true), E(301, true, false), E(302, true, false),
      ])
  }

  @Test func stationaryRadiusIsAConfigurationValue() {
    var config = CalmGeoConfig()
    config.stationaryRadius = 100
    // Same walk: 25.5 m no longer exits a 100 m geofence; 100.5 m does.
    let fixes = [f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0), f(300, 25.5, 0), f(400, 100.5, 0)]
    #expect(emits(fixes, config: config).last == E(400, true, true))
    #expect(emits(fixes, config: config).count == 4)
  }
}
