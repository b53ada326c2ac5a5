import Testing

@testable import CalmGeoReplay

/// The platform's realism rules (`replay.platform`), each on a hand-built track.
struct PlatformDeliveryTests {
  typealias E = EquatorTrack.Emit
  let f = EquatorTrack.fix

  private func fix(_ t: Double, accuracy: Double?) -> Fix {
    var fix = EquatorTrack.fix(t: t, x: 0)
    fix.horizontalAccuracy = accuracy
    return fix
  }

  @Test func stationaryPauseHidesTheStopFromCalmGeosTimers() {
    // CALMGEO.md §6's track with a pause of R 20 m, T 30 s. Anchors: t0 (x 0) until t14
    // (x 21 > 20 from x 0), then t14. Standing at x = 30 (9 m from x 21): t44 is 30 s after
    // t14 → paused; every fix up to t307 (x 40.5, 19.5 m) is withheld; t308 (x 42, 21 m)
    // resumes. Withheld: t44 … t307 = 264 fixes, one pause.
    // CalmGeo sees t0 (one-shot), t1 (ref), t12 (18 m > 16: ref = x 18), t13 … t43 within
    // 16 m and ref younger than 60 s; then t308: 24 m from x 18 > 16 → kept, still moving;
    // t319 (x 58.5) 16.5 m from x 42 → kept; t329 (x 73.5) 15 m from x 58.5 → dropped.
    // The stop (motionchange at t73 on an ideal phone) is never reported.
    var settings = ReplaySettings()
    settings.platform.stationaryPause = .init()
    #expect(settings.platform.stationaryPause == PlatformModel.StationaryPause())  // defaults R 20 m, T 30 s
    let (observer, result) = EquatorTrack.replay(EquatorTrack.workedExample, settings: settings)
    #expect(
      EquatorTrack.emits(observer) == [
        E(0, true, true), E(1, true, false), E(12, true, false), E(308, true, false), E(319, true, false),
      ])
    let withheld = observer.decisions.enumerated().filter { $0.element.kind == .withheldStationary }.map(\.offset)
    #expect(withheld == Array(44...307))
    #expect(result.platform == PlatformDelivery.Counters(stationary: 264, accuracy: 0, rate: 0, pauses: 1))
    #expect(result.fixesUsed == 330 && result.machine.fixes == 66)
    #expect(result.machine.motionChangesToStationary == 0 && result.machine.geofenceExits == 0)
    // Every fix still reaches the observers (metrics measure against the raw log).
    #expect(observer.decisions.count == 330)
  }

  @Test func stationaryPauseParametersAreHonoured() {
    // R 5 m, T 10 s on a device standing at x = 0 for 20 s, then at x = 6: t10 is 10 s after
    // the anchor t0 → withheld t10 … t19 (10 fixes); t20 is 6 m > 5 → delivered.
    var model = PlatformModel()
    var pause = PlatformModel.StationaryPause()
    pause.radius = 5
    pause.duration = 10_000
    model.stationaryPause = pause
    var delivery = PlatformDelivery(model: model, desiredAccuracy: -1)
    let rules = (0...20).map { t in delivery.withhold(f(Double(t), t < 20 ? 0 : 6, 0), listening: true) }
    #expect(rules.map { $0 == nil } == (0...20).map { $0 < 10 || $0 == 20 })
    #expect(delivery.counters.stationary == 10 && delivery.counters.pauses == 1)
  }

  @Test(arguments: [
    // desiredAccuracy, gate, accuracies [5, 150, 50, 1500, unknown] → delivered?
    (-1.0, PlatformModel.AccuracyGate.desiredAccuracyClass, [true, false, true, false, true]),  // GNSS class: ≤ 100 m
    (100.0, .desiredAccuracyClass, [true, true, true, false, true]),  // hundredMeters (Wi-Fi class): ≤ 1000 m
    (3000.0, .desiredAccuracyClass, [true, true, true, true, true]),  // threeKilometers (cell class): ≤ 3000 m
    (-1.0, .metres(40), [true, false, false, false, true]),  // explicit 40 m
  ])
  func accuracyGateWithholdsFixesWorseThanTheLimit(desired: Double, gate: PlatformModel.AccuracyGate, delivered: [Bool])
  {
    var model = PlatformModel()
    model.accuracyGate = gate
    var delivery = PlatformDelivery(model: model, desiredAccuracy: desired)
    let accuracies: [Double?] = [5, 150, 50, 1500, nil]
    let rules = accuracies.enumerated().map {
      delivery.withhold(fix(Double($0.offset), accuracy: $0.element), listening: true)
    }
    #expect(rules.map { $0 == nil } == delivered)
    #expect(rules.compactMap { $0 }.allSatisfy { $0 == .accuracy })
  }

  @Test func rateLimitDeliversAtMostOneFixPerInterval() {
    // 5 Hz for 2 s (t = 0, 0.2, …, 2.0) at one fix per second: t0, t1.0 and t2.0 are delivered
    // (1000 ms after the last delivered is not < 1000); the 8 others are withheld.
    var model = PlatformModel()
    model.minimumInterval = 1000
    var delivery = PlatformDelivery(model: model, desiredAccuracy: -1)
    let times = (0...10).map { Double($0) * 0.2 }
    let delivered = times.filter { delivery.withhold(f($0, 0, 0), listening: true) == nil }
    #expect(delivered == [0, 1, 2])
    #expect(delivery.counters == PlatformDelivery.Counters(stationary: 0, accuracy: 0, rate: 8, pauses: 0))
  }

  @Test func deliveryRulesDoNotApplyWhileMonitoring() {
    var model = PlatformModel()
    model.minimumInterval = 10_000
    var delivery = PlatformDelivery(model: model, desiredAccuracy: -1)
    #expect(delivery.withhold(f(0, 0, 0), listening: true) == nil)
    #expect(delivery.withhold(f(1, 0, 0), listening: true) == .rate)
    #expect(delivery.withhold(f(2, 0, 0), listening: false) == nil)
  }

  /// Stationary at x = 0 from t62, monitoring from t183 (radius 25), then at x = 30 from
  /// t200 on, a fix a second until t300.
  private var leaveAt200: [Fix] {
    [f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0)] + (200...300).map { f(Double($0), 30, 0) }
  }

  private func exitTime(seed: UInt64, delay: ClosedRange<Int64>) -> Double? {
    var settings = ReplaySettings()
    settings.seed = seed
    settings.geofenceExitDelay = delay.lowerBound
    settings.geofenceExitDelayMax = delay.upperBound
    let (observer, _) = EquatorTrack.replay(leaveAt200, settings: settings)
    return observer.decisions.firstIndex { $0.kind == .geofenceExit }.map { EquatorTrack.seconds(leaveAt200[$0].time) }
  }

  @Test func seededExitDelayIsDrawnFromTheRangeAndRepeatsWithTheSeed() {
    // First outside at t200; the exit comes at the first fix at least the drawn delay later:
    // 40 … 60 s → t240 … t260.
    let times = (0..<20).map { exitTime(seed: UInt64($0), delay: 40_000...60_000) }
    #expect(times.allSatisfy { $0.map { (240...260).contains($0) } ?? false }, "\(times)")
    #expect(Set(times).count > 3, "the seed varies the delay: \(times)")
    #expect((0..<20).map { exitTime(seed: UInt64($0), delay: 40_000...60_000) } == times)
    // A range of one value is that value: 45 s → t245.
    #expect(exitTime(seed: 7, delay: 45_000...45_000) == 245)
  }

  @Test func unknownStateFromAPoorFixEndsMonitoring() {
    // Monitoring from t183 around x = 0 (radius 25). At t200 a fix at x = 0 with accuracy
    // 30 m (> 25: the monitor cannot tell) → `unknown` → CalmGeo exits; t201 is the one-shot.
    // With accuracy 20 m (≤ 25) or the rule off, t200 stays inside.
    func run(accuracy: Double, unknown: Bool) -> (emits: [E], unknowns: Int) {
      var poor = f(200, 0, 0)
      poor.horizontalAccuracy = accuracy
      var settings = ReplaySettings()
      settings.platform.geofenceUnknown = unknown
      let (observer, result) = EquatorTrack.replay(
        [f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0), poor, f(201, 0, 0)], settings: settings)
      return (Array(EquatorTrack.emits(observer).suffix(2)), result.machine.geofenceUnknowns)
    }
    let on = run(accuracy: 30, unknown: true)
    #expect(on.emits == [E(200, true, true), E(201, true, false)] && on.unknowns == 1)
    #expect(run(accuracy: 20, unknown: true).emits == [E(1, true, false), E(62, false, true)])
    #expect(run(accuracy: 30, unknown: false).emits == [E(1, true, false), E(62, false, true)])
  }
}
