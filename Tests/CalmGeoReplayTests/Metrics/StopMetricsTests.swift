import Testing

@testable import CalmGeoReplay

/// `StopMetrics` on hand-made equator tracks (x metres east, t seconds), with the
/// default detector (R = 25 m, T = 120 s). A fix joins a run when it lies within 25 m
/// of the mean x of the run's fixes before it; every expected value is worked out in
/// the comments.
struct StopMetricsTests {
  typealias Summary = StopStats.Summary

  private func fix(_ t: Double, _ x: Double, speed: Double? = nil) -> Fix {
    EquatorTrack.fix(t: t, x: x, speed: speed)
  }

  private func seconds(_ time: Int64?) -> Double? { time.map { EquatorTrack.seconds($0) } }

  /// A summary of one value, to 1e-6.
  private func expectOne(
    _ summary: Summary, _ value: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(summary.count == 1, sourceLocation: sourceLocation)
    for v in [summary.mean, summary.p95, summary.max] {
      #expect(abs(v - value) < 1e-6, "\(v) ≠ \(value)", sourceLocation: sourceLocation)
    }
  }

  @Test func workedExampleOfCalmGeoSection6() {
    // Run boundaries:
    // - walk t = 1…20, x = 1.5t, against the mean 0.75(t − 1) of x = 0…1.5(t − 1):
    //   0.75t + 0.75 ≤ 15.75 m, joins (the log opens 30 m from the standing point);
    // - stand t = 21…299 at x = 30, the mean between 15 and 30: ≤ 15 m, joins;
    // - walk on, t = 300 + j, x = 30 + 1.5j, against the mean
    //   (8685 + 30j + 0.75j(j − 1)) / (300 + j), 8685 = 315 (walk) + 279 · 30 (stand):
    //   j = 16 (x = 54): 54 − 9345/316 = 24.43 m, joins;
    //   j = 17 (x = 55.5): 55.5 − 9399/317 = 25.85 m > 25, ends the run.
    // One true stop, t = 0…316: 317 fixes, centroid x = 9399/317 = 29.6498 m. The run
    // t = 317…329 lasts 12 s: the log does not end in a stop.
    let (stats, stops) = EquatorTrack.stops(EquatorTrack.workedExample)
    #expect(stats.trueStops == 1)
    #expect(stops.count == 1)
    #expect(seconds(stops.first?.start) == 0)
    #expect(seconds(stops.first?.end) == 316)
    #expect(stops.first?.fixes == 317)
    #expect(abs(EquatorTrack.x(longitude: stops.first?.longitude ?? 0) - 9399.0 / 317) < 1e-6)
    // Still motionchange at t = 73 (§6): delay 73 − 0; error |30 − 9399/317| = 111/317 m.
    #expect(stats.detected == 1)
    #expect(stats.missed == 0)
    #expect(seconds(stops.first?.detectedAt) == 73)
    expectOne(stats.stopDelaySeconds, 73)
    expectOne(stats.positionErrorMetres, 111.0 / 317)
    // GPS off at t = 194: the first filtered fix with ref (t = 73) older than 120 s
    // (194 − 73 = 121) while listening since t = 0 for more than 120 s.
    #expect(seconds(stops.first?.monitoringAt) == 194)
    expectOne(stats.monitoringDelaySeconds, 194)
    // Departure: the geofence exit at t = 317 (moving motionchange), 317 − 316 = 1 s after
    // the stop's last fix, having walked 54 → 55.5 m = 1.5 m.
    #expect(stats.starts == 1)
    #expect(stats.startsDetected == 1)
    expectOne(stats.startDelaySeconds, 1)
    expectOne(stats.startDistanceLostMetres, 1.5)
    // The one-shot motionchange at t = 0 lies inside the stop: it starts nothing.
    #expect(stats.unmatchedStarts == 1)
    #expect(stats.falseStops == 0)
    #expect(stats.finalParkedRecorded == nil)
  }

  @Test func logEndingInADetectedStop() {
    // The worked example cut after t = 299: the run t = 0…299 never ends (walk and
    // stand both join, as above), 300 fixes, centroid x = 8685/300 = 28.95 m.
    let (stats, stops) = EquatorTrack.stops(Array(EquatorTrack.workedExample.prefix(300)))
    #expect(stats.trueStops == 1)
    #expect(stops.first?.isFinal == true)
    #expect(seconds(stops.first?.end) == 299)
    #expect(stats.finalParkedRecorded == true)  // still motionchange at t = 73
    expectOne(stats.stopDelaySeconds, 73)
    expectOne(stats.positionErrorMetres, 30 - 28.95)
    expectOne(stats.monitoringDelaySeconds, 194)
    #expect(stats.starts == 0)  // a final stop is no departure
    #expect(stats.startDelaySeconds == Summary(count: 0, mean: 0, p95: 0, max: 0))
    #expect(stats.unmatchedStarts == 1)  // the one-shot at t = 0
  }

  /// A parked receiver jittering 20 m: x = 0 at even t, 20 at odd t, t = 0…199.
  ///
  /// One run: x = 20 at t = 1 is 20 m from 0; later the mean is 10 (even t) or
  /// 10(t − 1)/t (odd t), so every fix is within 20 − 10 · 2/3 = 13.3 m of it. The
  /// engine keeps every fix (20 m from ref > judge 16): never filtered, never still.
  private var jitter: [Fix] { (0..<200).map { t in fix(Double(t), t % 2 == 0 ? 0 : 20) } }

  @Test func logEndingInAMissedStop() {
    let (stats, stops) = EquatorTrack.stops(jitter)
    #expect(stats.trueStops == 1)
    #expect(stats.detected == 0)
    #expect(stats.missed == 1)
    #expect(stops.first?.isFinal == true)
    #expect(stats.finalParkedRecorded == false)
    #expect(stats.stopDelaySeconds.count == 0)
    #expect(stats.monitoringDelaySeconds.count == 0)
  }

  @Test func missedStopAndItsMissedStart() {
    // The jitter, then 100 m jumps t = 200…209 (x = 100…1000): x = 100 is 90 m from
    // the mean 10, ending the stop t = 0…199 (centroid x = 10). The engine was never
    // still, so it emits the departure as plain moving locations: no motionchange.
    let leave = (200..<210).map { t in fix(Double(t), Double(100 * (t - 199))) }
    let (stats, stops) = EquatorTrack.stops(jitter + leave)
    #expect(stats.trueStops == 1)
    #expect(stats.missed == 1)
    #expect(seconds(stops.first?.end) == 199)
    #expect(abs(EquatorTrack.x(longitude: stops.first?.longitude ?? 0) - 10) < 1e-6)
    #expect(stats.starts == 1)
    #expect(stats.startsDetected == 0)
    #expect(stats.unmatchedStarts == 1)  // the one-shot at t = 0
    #expect(stats.finalParkedRecorded == nil)
  }

  @Test func falseStopWhileCreeping() {
    // Creeping at 0.45 m/s (x = 0.45t, t = 0…199) with distanceFilter 30 (judge 30 at
    // this speed). Runs: fix m of a run is 0.45m − 0.225(m − 1) = 0.225(m + 1) m from the
    // mean, > 25 from m = 111: runs t = 0…110 and 111…199, 110 and 88 s, no stop.
    // Engine: ref = t 1 (x 0.45); at t = 62, age 61 > 60 while moving, d = 27.45 < 30:
    // still (ref = t 62); kept again at t = 129 (d = 0.45 · 67 = 30.15 > 30): moving
    // motionchange; at t = 190 (age 61, d = 27.45): still again.
    var config = CalmGeoConfig()
    config.distanceFilter = 30
    let creep = (0..<200).map { t in fix(Double(t), 0.45 * Double(t), speed: 0.45) }
    let (stats, _) = EquatorTrack.stops(creep, config: config)
    #expect(stats.trueStops == 0)
    #expect(stats.falseStops == 2)  // t = 62 and 190
    #expect(stats.unmatchedStarts == 2)  // t = 0 (one-shot) and 129
    #expect(stats.finalParkedRecorded == nil)
    // With distanceFilter 16 a still needs d < 16 after 61 s, under 0.262 m/s: a run then
    // lasts 50 / 0.262 − 1 = 190 s ≥ 120, a true stop. Hence the wider filter here.
  }

  @Test(arguments: [(45, 0, 1), (90, 1, 2)])
  func trafficLightShorterThanTIsNoStop(wait: Int, falseStops: Int, unmatchedStarts: Int) {
    // Drive 100 m every 5 s (t = 0…15, x = 0…300): each fix 100 m from the last is a run
    // of its own. Wait at x = 400 from t = 20 to 20 + wait (a run of `wait` s < 120), then
    // drive on 100 m every 5 s. Engine: ref = t 20 (kept: 100 m > 16); a still needs age
    // > 60, i.e. t = 81: only the 90 s wait has one; the next kept fix (t = 115) is then a
    // moving motionchange. The 45 s wait leaves the engine moving: no motionchange at all.
    let before = (0...3).map { i in fix(Double(5 * i), Double(100 * i)) }
    let waiting = (20...(20 + wait)).map { t in fix(Double(t), 400) }
    let after = (1...3).map { i in fix(Double(20 + wait + 5 * i), Double(400 + 100 * i)) }
    let (stats, stops) = EquatorTrack.stops(before + waiting + after)
    #expect(stats.trueStops == 0)
    #expect(stops.isEmpty)
    #expect(stats.falseStops == falseStops)
    #expect(stats.unmatchedStarts == unmatchedStarts)  // t = 0, and t = 115 after a still
  }

  @Test func emptyInput() {
    var metrics = StopMetrics()
    let empty = Summary(count: 0, mean: 0, p95: 0, max: 0)
    #expect(
      metrics.finish()
        == StopStats(
          radiusMetres: 25, minDurationSeconds: 120, trueStops: 0, detected: 0, missed: 0, falseStops: 0,
          stopDelaySeconds: empty, monitoringDelaySeconds: empty, positionErrorMetres: empty,
          starts: 0, startsDetected: 0, startDelaySeconds: empty, startDistanceLostMetres: empty,
          unmatchedStarts: 0, finalParkedRecorded: nil))
    #expect(metrics.stopList().isEmpty)
  }

  @Test(arguments: [(150, true), (100, false)])
  func stillBeforeTheStopIsConfirmedWaitsForTheRun(lastStanding: Int, isStop: Bool) {
    // Standing at x = 0 every 10 s from t = 0 to `lastStanding`, a still motionchange at
    // t = 30: the run could only be a stop from t = 120 on, and is decided when the fix
    // 100 m away ends it. 150 s: a stop, detected 30 s after its first fix; 100 s: no
    // stop, so the still was a false stop.
    var metrics = StopMetrics()
    for t in stride(from: 0, through: lastStanding, by: 10) {
      metrics.observeRaw(fix(Double(t), 0))
      if t == 30 { metrics.observeMotionChange(isMoving: false, at: fix(30, 0)) }
    }
    #expect(metrics.stopList().isEmpty)  // the run is still open
    metrics.observeRaw(fix(Double(lastStanding + 10), 100))
    #expect(metrics.stopList().count == (isStop ? 1 : 0))  // decided by the leaving fix
    let stats = metrics.finish()
    #expect(stats.trueStops == (isStop ? 1 : 0))
    #expect(stats.detected == (isStop ? 1 : 0))
    #expect(stats.falseStops == (isStop ? 0 : 1))
    if isStop { expectOne(stats.stopDelaySeconds, 30) }
  }

  @Test(
    arguments: [
      (140, true, -10.0, 0.0), (140, false, nil, nil), (150, false, 0, 0), (160, true, 10, 100), (170, true, nil, nil),
    ] as [(Int, Bool, Double?, Double?)])
  func departureWindow(movingAt: Int, stillAt30: Bool, delay: Double?, lost: Double?) {
    // Stop A at x = 0 (t = 0…150 every 10 s), then stop B at x = 100 (t = 160…300), the
    // final one; a moving motionchange at `movingAt`, after a still one at t = 30 or not.
    // - 140, after the still: the library left its stationary state within A: early,
    //   140 − 150 = −10 s, nothing travelled yet;
    // - 140 without a still in A: not a departure (like the replay's first motionchange);
    // - 150, A's own last fix: 0 s, 0 m;
    // - 160, B's first fix: 10 s after A's last fix, 100 m travelled;
    // - 170: B had already begun, A's departure is missed and the motionchange unmatched.
    var metrics = StopMetrics()
    for t in stride(from: 0, through: 300, by: 10) {
      let here = fix(Double(t), t <= 150 ? 0 : 100)
      metrics.observeRaw(here)
      if t == 30 && stillAt30 { metrics.observeMotionChange(isMoving: false, at: here) }
      if t == movingAt { metrics.observeMotionChange(isMoving: true, at: here) }
    }
    let stats = metrics.finish()
    let stops = metrics.stopList()
    #expect(stats.trueStops == 2)
    #expect(stats.starts == 1)  // B is final
    #expect(seconds(stops.first?.startDetectedAt) == delay.map { 150 + $0 })
    #expect(stops.first?.distanceLost.map { ($0 * 1e6).rounded() / 1e6 } == lost)
    #expect(stats.startsDetected == (delay == nil ? 0 : 1))
    #expect(stats.unmatchedStarts == (delay == nil ? 1 : 0))
    if let delay, let lost {
      expectOne(stats.startDelaySeconds, delay)
      expectOne(stats.startDistanceLostMetres, lost)
    }
    #expect(stats.finalParkedRecorded == false)  // no still motionchange in B
  }

  @Test func departureNoticedWithinTheRadiusIsEarly() {
    // Drive in 100 m every 5 s (t = 0…15, x = 0…300), stand at x = 400 from t = 20 to
    // 150, walk off at 1.5 m/s (x = 400 + 1.5j at t = 150 + j, j = 1…30).
    // Run: the standing fixes start a run at t = 20 (100 m from x = 300); walking fix j
    // lies 1.5j − 0.75j(j − 1)/(130 + j) m from the mean: j = 17: 25.5 − 204/147 = 24.11,
    // joins; j = 18: 27 − 229.5/148 = 25.45, ends it. Stop t = 20…167, 148 fixes,
    // centroid 400 + 1.5 · (1 + … + 17)/148 = 400 + 229.5/148 m.
    // Engine: ref = t 20 (kept); still at t = 81 (age 61, d = 0), ref = t 81; no GPS off
    // (that needs age > 120: t ≥ 202); kept again at j = 11 (t = 161, d = 16.5 > 16): a
    // moving motionchange 161 − 167 = −6 s before the device left the 25 m circle.
    let drive = (0...3).map { i in fix(Double(5 * i), Double(100 * i)) }
    let stand = (20...150).map { t in fix(Double(t), 400) }
    let walk = (1...30).map { j in fix(Double(150 + j), 400 + 1.5 * Double(j), speed: 1.5) }
    let (stats, stops) = EquatorTrack.stops(drive + stand + walk)
    #expect(stats.trueStops == 1)
    #expect(seconds(stops.first?.start) == 20)
    #expect(seconds(stops.first?.end) == 167)
    #expect(stops.first?.fixes == 148)
    expectOne(stats.stopDelaySeconds, 81 - 20)
    expectOne(stats.positionErrorMetres, 229.5 / 148)
    #expect(stats.monitoringDelaySeconds.count == 0)
    #expect(stats.startsDetected == 1)
    expectOne(stats.startDelaySeconds, -6)
    expectOne(stats.startDistanceLostMetres, 0)
    #expect(stats.unmatchedStarts == 1)  // the one-shot at t = 0
  }
}
