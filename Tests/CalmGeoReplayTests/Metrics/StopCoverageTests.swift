import Testing

@testable import CalmGeoReplay

/// Covered stops: a true stop that begins while the library is already stationary (its
/// latest motionchange still, or monitoring) is covered, not missed. Equator tracks, x
/// metres east, t seconds; default detector (R = 25 m, T = 120 s).
struct StopCoverageTests {
  private func seconds(_ time: Int64?) -> Double? { time.map { EquatorTrack.seconds($0) } }

  private func expectOne(
    _ summary: StopStats.Summary, _ value: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(summary.count == 1, sourceLocation: sourceLocation)
    #expect(abs(summary.max - value) < 1e-6, "\(summary.max) ≠ \(value)", sourceLocation: sourceLocation)
  }

  /// The roof-drift case: §6's walk (t = 0…20, x = 1.5t), parked at x = 30 from t = 21 to
  /// 1220, then the receiver drifts 30 m (x = 60) from t = 1221 to 2420 under a roof, and
  /// the walk goes on, x = 60 + 1.5k at t = 2420 + k, k = 1…40: a 40-minute stop.
  static var roofDrift: [Fix] {
    (0...2460).map { t -> Fix in
      let td = Double(t)
      switch t {
      case 0...20: return EquatorTrack.fix(t: td, x: 1.5 * td, speed: 1.5)
      case 21...1220: return EquatorTrack.fix(t: td, x: 30, speed: 0)
      case 1221...2420: return EquatorTrack.fix(t: td, x: 60, speed: 0)
      default: return EquatorTrack.fix(t: td, x: 60 + 1.5 * (td - 2420), speed: 1.5)
      }
    }
  }

  @Test func fortyMinuteStopSplitByDriftWhileMonitoring() {
    // stationaryRadius 50: the drifted fixes (30 m from the geofence centre) stay inside.
    var config = CalmGeoConfig()
    config.stationaryRadius = 50
    let (stats, stops) = EquatorTrack.stops(Self.roofDrift, config: config)
    // Runs (a fix joins when within 25 m of the mean x of the run's fixes before it):
    // - A: t = 0…1220, walk and stand join as in §6; centroid (315 + 1200 · 30) / 1221 =
    //   36315/1221 m. The drift fix x = 60 is 30.26 m from it: A ends at t = 1220.
    // - B: t = 1221…: 1200 fixes at 60, then walking fix k lies
    //   1.5k − 0.75k(k − 1)/(1199 + k) m from the mean: k = 16: 24 − 180/1215 = 23.85,
    //   joins; k = 17: 25.5 − 204/1216 = 25.33, ends B at t = 2436 (1216 fixes, centroid
    //   60 + 1.5 · 136/1216 = 60 + 204/1216 m). The rest (23 s) is no stop.
    #expect(stats.trueStops == 2)
    #expect(stops.map { seconds($0.start) } == [0, 1221])
    #expect(stops.map { seconds($0.end) } == [1220, 2436])
    // Engine (§6 up to t = 299): still motionchange at t = 73 (ref x = 30), GPS off at
    // t = 194, geofence radius 50 around x = 30. The drift (30 m) stays inside; the walk
    // leaves it at the first x > 80: k = 14 (x = 81), t = 2434, a moving motionchange.
    // A: detected at 73 (delay 73 s, error 30 − 36315/1221 = 315/1221 m).
    #expect(stops.first?.outcome == .detected)
    expectOne(stats.stopDelaySeconds, 73)
    expectOne(stats.positionErrorMetres, 315.0 / 1221)
    expectOne(stats.monitoringDelaySeconds, 194)
    // B began while monitoring on the still of t = 73: covered, not missed. Its position
    // error is from its centroid to that still's fix, x = 30: 30 + 204/1216 m.
    #expect(stops.last?.outcome == .covered)
    #expect(seconds(stops.last?.coveredSince) == 73)
    #expect(abs((stops.last?.positionError ?? 0) - (30 + 204.0 / 1216)) < 1e-6)
    #expect(stats.detected == 1)
    #expect(stats.covered == 1)
    #expect(stats.missed == 0)
    #expect(stats.falseStops == 0)
    // Starts: A → B went unseen with the library stationary throughout: covered. B's
    // departure is the exit at t = 2434, within B (which ends at 2436): early, −2 s, 0 m.
    #expect(stats.starts == 2)
    #expect(stops.first?.startOutcome == .covered)
    #expect(stats.startsCovered == 1)
    #expect(stats.startsDetected == 1)
    #expect(seconds(stops.last?.startDetectedAt) == 2434)
    expectOne(stats.startDelaySeconds, -2)
    expectOne(stats.startDistanceLostMetres, 0)
    #expect(stats.unmatchedStarts == 1)  // the one-shot at t = 0
    #expect(stats.finalParkedRecorded == nil)
  }

  @Test func stopBeginningWithAMovingMotionchangeAtItsFirstFixIsNotCovered() {
    // Still at t = 30 within the first run (x = 0, t = 0…60 every 10 s, too short for a
    // stop), then a jump to x = 100 where the device stands t = 70…300: the moving
    // motionchange at t = 70, the new run's first fix, means the library was moving as
    // the stop began, and nothing marks it still again: missed.
    var metrics = StopMetrics()
    for t in stride(from: 0, through: 300, by: 10) {
      let here = EquatorTrack.fix(t: Double(t), x: t <= 60 ? 0 : 100)
      metrics.observeRaw(here)
      if t == 30 { metrics.observeMotionChange(isMoving: false, at: here) }
      if t == 70 { metrics.observeMotionChange(isMoving: true, at: here) }
    }
    let stats = metrics.finish()
    #expect(stats.trueStops == 1)
    #expect(stats.covered == 0)
    #expect(stats.missed == 1)
    #expect(stats.falseStops == 1)  // the still at t = 30 lies in no stop
  }
}
