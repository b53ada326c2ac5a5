import Testing

@testable import CalmGeoReplay

/// The CLMonitor rule on hand-built tracks on the equator (x metres east of longitude 0
/// is longitude x / (6 371 008.8 · π / 180), and the great-circle distance between two
/// points on the equator is exactly their difference in x).
struct GeofenceMonitorTests {
  /// A condition centred at x = `x` on the equator.
  static func condition(
    _ id: String = "c", x: Double = 0, radius: Double = 100,
    assuming: GeofenceState = .unknown
  ) -> GeofenceCondition {
    GeofenceCondition(
      identifier: id, latitude: 0, longitude: x / (GeoMath.earthRadius * .pi / 180),
      radius: radius, assuming: assuming)
  }

  /// A fix `t` seconds after T0 at x metres east, with an accuracy.
  static func fix(_ t: Double, _ x: Double, accuracy: Double? = 5) -> Fix {
    var fix = EquatorTrack.fix(t: t, x: x)
    fix.horizontalAccuracy = accuracy
    fix.line = UInt32(t) + 2
    return fix
  }

  /// Feeds fixes straight to a monitor (no engine: the monitor reads fixes alone).
  static func monitor(
    _ conditions: [GeofenceCondition], _ fixes: [Fix],
    settings: ReplaySettings = ReplaySettings()
  ) -> GeofenceMonitor {
    var monitor = GeofenceMonitor(conditions: conditions, settings: settings)
    let decision = EquatorTrack.replay([fixes[0]]).observer.decisions[0]
    for fix in fixes { monitor.replayDidDecide(fix, decision) }
    monitor.replayDidEnd(at: fixes.last!.time)
    return monitor
  }

  /// (seconds after T0, state, fix number) of each event.
  static func events(_ monitor: GeofenceMonitor) -> [Event] {
    monitor.events.keptWithLast.map { Event(EquatorTrack.seconds($0.time), $0.state, $0.fix) }
  }

  struct Event: Equatable, CustomStringConvertible {
    var t: Double, state: GeofenceState, fix: Int
    init(_ t: Double, _ state: GeofenceState, _ fix: Int) {
      self.t = t
      self.state = state
      self.fix = fix
    }
    var description: String { "t=\(t) \(state) fix \(fix)" }
  }

  @Test func reportsEachStateChangeWithTheFixThatDecidedIt() {
    // Radius 100 m at x = 0, assuming unknown (CLMonitor's default), accuracy 5 m unless said:
    //   fix 1 t0  x=0      d=0     ≤ 100 → satisfied (from unknown: an event)
    //   fix 2 t10 x=60     inside, no event
    //   fix 3 t20 x=99.9   inside, no event
    //   fix 4 t30 x=100.1  d > 100 → unsatisfied
    //   fix 5 t40 x=150    still outside
    //   fix 6 t50 x=90     → satisfied
    //   fix 7 t60 x=90, accuracy 120 > 100 → unknown
    //   fix 8 t70 x=90, accuracy 100 = radius: not worse, so decided → satisfied
    let m = Self.monitor(
      [Self.condition()],
      [
        Self.fix(0, 0), Self.fix(10, 60), Self.fix(20, 99.9), Self.fix(30, 100.1), Self.fix(40, 150),
        Self.fix(50, 90), Self.fix(60, 90, accuracy: 120), Self.fix(70, 90, accuracy: 100),
      ])
    #expect(
      Self.events(m) == [
        Event(0, .satisfied, 1), Event(30, .unsatisfied, 4), Event(50, .satisfied, 6), Event(60, .unknown, 7),
        Event(70, .satisfied, 8),
      ])
    let previous = m.events.keptWithLast.map(\.previous)
    #expect(previous == [.unknown, .satisfied, .unsatisfied, .satisfied, .unknown])
    // Dwell = time reported satisfied: t0→t30 (30 s) + t50→t60 (10 s) + t70→last fix t70 (0) = 40 s.
    let stats = m.stats.conditions[0]
    #expect((stats.entries, stats.exits, stats.unknowns) == (3, 1, 1))
    #expect(stats.dwellSeconds == 40)
    #expect(stats.finalState == "satisfied")
    #expect(m.stats.events == 5)
  }

  @Test func theBoundaryCountsAsInside() {
    // A radius equal to the computed distance itself: d ≤ R is satisfied, a millimetre more is not.
    let fix = Self.fix(0, 37.25)
    let d = GeoMath.distance(lat1: 0, lon1: 0, lat2: fix.latitude, lon2: fix.longitude)
    #expect(abs(d - 37.25) < 1e-6)  // on the equator, distance = x
    let onTheLine = GeofenceMonitor(conditions: [Self.condition(radius: d)])
    #expect(onTheLine.observe(fix, condition: 0).state == .satisfied)
    let justInside = GeofenceMonitor(conditions: [Self.condition(radius: d - 0.001)])
    #expect(justInside.observe(fix, condition: 0).state == .unsatisfied)
  }

  @Test func accuracyWorseThanTheRadiusIsUnknown() {
    let monitor = GeofenceMonitor(conditions: [Self.condition(radius: 20)])
    // 10 m from the centre of a 20 m circle: accuracy 20 decides, 20.5 cannot; a negative
    // (invalid, Core Location's -1) accuracy cannot either; no accuracy at all counts as exact.
    #expect(monitor.observe(Self.fix(0, 10, accuracy: 20), condition: 0).state == .satisfied)
    #expect(monitor.observe(Self.fix(0, 10, accuracy: 20.5), condition: 0).state == .unknown)
    #expect(monitor.observe(Self.fix(0, 10, accuracy: -1), condition: 0).state == .unknown)
    #expect(monitor.observe(Self.fix(0, 10, accuracy: nil), condition: 0).state == .satisfied)
    // Outside and inaccurate: still unknown (accuracy is judged first).
    #expect(monitor.observe(Self.fix(0, 500, accuracy: 50), condition: 0).state == .unknown)
  }

  @Test func theAssumedStateIsTheStartingPoint() {
    let fixes = [Self.fix(0, 0), Self.fix(10, 200), Self.fix(20, 0)]
    // assuming satisfied, first fix inside: nothing to report until t10 leaves; dwell
    // counts from the first fix: t0→t10 = 10 s, then t20→t20 = 0.
    let satisfied = Self.monitor([Self.condition(assuming: .satisfied)], fixes)
    #expect(Self.events(satisfied) == [Event(10, .unsatisfied, 2), Event(20, .satisfied, 3)])
    #expect(satisfied.stats.conditions[0].dwellSeconds == 10)
    // assuming unsatisfied, first fix inside: a wrong assumption is corrected at once.
    let unsatisfied = Self.monitor([Self.condition(assuming: .unsatisfied)], fixes)
    #expect(
      Self.events(unsatisfied) == [Event(0, .satisfied, 1), Event(10, .unsatisfied, 2), Event(20, .satisfied, 3)])
    // Two conditions are independent; the far one (x = 1000) is unsatisfied from fix 1 on.
    let two = Self.monitor([Self.condition("near"), Self.condition("far", x: 1000)], fixes)
    #expect(
      two.events.keptWithLast.map { "\($0.identifier) \($0.state) \($0.fix)" }
        == ["near satisfied 1", "far unsatisfied 1", "near unsatisfied 2", "near satisfied 3"])
  }

  @Test func theExitDelayReportsAnExitLateAndFreezesTheCondition() {
    var settings = ReplaySettings()
    settings.geofenceExitDelay = 30_000
    // assuming satisfied, radius 100: first outside at t10 (x=150). Due at t10 + 30 = t40:
    // t20 (10 s) and t35 (25 s, back inside at x=50) report nothing; t40 (30 s) delivers
    // the exit, crossed at fix 2, then judges t40 itself: inside → an entry at the same time.
    let fixes = [Self.fix(0, 0), Self.fix(10, 150), Self.fix(20, 160), Self.fix(35, 50), Self.fix(40, 50)]
    let m = Self.monitor([Self.condition(assuming: .satisfied)], fixes, settings: settings)
    #expect(Self.events(m) == [Event(40, .unsatisfied, 5), Event(40, .satisfied, 5)])
    let exit = m.events.keptWithLast[0]
    #expect(exit.crossing == GeofenceEvent.Crossing(fix: 2, time: EquatorTrack.t0 + 10_000))
    #expect(m.events.keptWithLast[1].crossing == nil)
    // Dwell: satisfied t0→t40 (the platform had not yet reported the exit) = 40 s, then 0.
    #expect(m.stats.conditions[0].dwellSeconds == 40)
    // CalmGeo's own geofence under the same setting (PlatformModelTests): the first fix
    // outside starts the wait, the first fix ≥ 30 s later exits. One meaning for both.

    // An exit not yet due when the log ends is never reported.
    let short = Self.monitor([Self.condition(assuming: .satisfied)], Array(fixes.prefix(3)), settings: settings)
    #expect(Self.events(short).isEmpty)
    #expect(short.stats.conditions[0].exitPending)
    #expect(short.stats.conditions[0].dwellSeconds == 20)
  }

  @Test func aDelayRangeDrawsEachExitsDelayFromTheSeed() {
    // Exits from a 100 m circle every 200 s: outside at t100, back at t200, outside at
    // t300 …, a fix every second. Each exit is reported at its crossing + the drawn delay.
    var fixes: [Fix] = []
    for t in 0..<1_000 { fixes.append(Self.fix(Double(t), (t / 100) % 2 == 1 ? 150 : 0)) }
    func delays(seed: UInt64) -> [Double] {
      var settings = ReplaySettings()
      settings.seed = seed
      settings.geofenceExitDelay = 40_000
      settings.geofenceExitDelayMax = 60_000
      let m = Self.monitor([Self.condition(assuming: .satisfied)], fixes, settings: settings)
      return m.events.keptWithLast.filter { $0.state == .unsatisfied }.map {
        EquatorTrack.seconds($0.time) - EquatorTrack.seconds($0.crossing!.time)
      }
    }
    let first = delays(seed: 1)
    #expect(first.count == 5)  // crossings at t100, t300, t500, t700, t900
    #expect(first.allSatisfy { $0 >= 40 && $0 <= 60 })
    #expect(delays(seed: 1) == first)
    #expect(delays(seed: 2) != first)
  }

  @Test func entriesAndUnknownsAreNotDelayed() {
    var settings = ReplaySettings()
    settings.geofenceExitDelay = 30_000
    // assuming unsatisfied: the entry at t10 and the unknown at t20 (accuracy 150 > 100)
    // come at their fixes; only satisfied → unsatisfied waits.
    let fixes = [Self.fix(0, 300), Self.fix(10, 0), Self.fix(20, 0, accuracy: 150), Self.fix(30, 300)]
    let m = Self.monitor([Self.condition(assuming: .unsatisfied)], fixes, settings: settings)
    // unknown → unsatisfied at t30 is a determination, not an exit from satisfied: not delayed.
    #expect(Self.events(m) == [Event(10, .satisfied, 2), Event(20, .unknown, 3), Event(30, .unsatisfied, 4)])
  }

  @Test func theMinimumRadiusWidensASmallCircle() {
    var settings = ReplaySettings()
    settings.geofenceMinimumRadius = 50
    // Radius 30 monitored as max(30, 50) = 50: x=40 is inside (it would be outside 30),
    // x=55 outside; accuracy 45 ≤ 50 decides (it would be unknown against 30).
    let fixes = [Self.fix(0, 40, accuracy: 45), Self.fix(10, 55)]
    let m = Self.monitor([Self.condition(radius: 30)], fixes, settings: settings)
    #expect(Self.events(m) == [Event(0, .satisfied, 1), Event(10, .unsatisfied, 2)])
    #expect(m.events.keptWithLast.allSatisfy { $0.radius == 50 })
    #expect(m.stats.conditions[0].radius == 30)
    #expect(m.stats.conditions[0].monitoredRadius == 50)
    // Without the minimum: accuracy 45 > 30 observes unknown, the assumed state: no event.
    let plain = Self.monitor([Self.condition(radius: 30)], fixes)
    #expect(Self.events(plain) == [Event(10, .unsatisfied, 2)])
  }

  @Test(arguments: [(30_000 as Int64, 0.0), (0, 50)])
  func theAppsGeofenceAndCalmGeosOwnShareThePlatformSettings(delay: Int64, minimumRadius: Double) {
    // PlatformModelTests' track: still at x = 0, CalmGeo monitors a 25 m geofence around
    // x = 0 from t183; then x = 30 (t300), 40 (t310), 60 (t331). An app condition of the
    // same circle, assumed satisfied, under the same settings exits at the same fix:
    //   delay 30 s: first outside t300 (30 > 25); t310 is 10 s later, t331 31 s → t331.
    //   minimum 50: 30 and 40 are inside 50, 60 is not → t331.
    var settings = ReplaySettings()
    settings.geofenceExitDelay = delay
    settings.geofenceMinimumRadius = minimumRadius
    let f = EquatorTrack.fix
    let fixes = [f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0), f(300, 30, 0), f(310, 40, 0), f(331, 60, 0)]
    let app = GeofenceMonitor(conditions: [Self.condition(radius: 25, assuming: .satisfied)], settings: settings)
    var engine = ReplayEngine(config: CalmGeoConfig(), settings: settings, observer: CollectingObserver().and(app))
    engine.process(fixes)
    _ = engine.finish()
    let ownExits = zip(fixes, engine.observer.first.decisions).filter { $0.1.kind == .geofenceExit }.map { $0.0.time }
    #expect(ownExits.map(EquatorTrack.seconds) == [331])
    #expect(Self.events(engine.observer.second) == [Event(331, .unsatisfied, 7)])
  }

  @Test func seesEveryFixOfAReplayWhateverCalmGeoDecides() {
    // The worked example (CALMGEO.md §6): x = 1.5 t for t ≤ 20, x = 30 until t299, then
    // x = 30 + 1.5 (t - 300). A 20 m circle at x = 30, assuming unknown:
    //   t0  x=0: d = 30 > 20 → unsatisfied (fix 1)
    //   entry when 30 - 1.5 t ≤ 20 → t ≥ 6.67: t7 (x = 10.5, d = 19.5), fix 8
    //   exit when 1.5 (t - 300) > 20 → t > 313.3: t314 (d = 21), fix 315, while CalmGeo
    //   itself was monitoring its own geofence from t183 (GPS off: the app's fixes go on).
    var engine = ReplayEngine(
      config: CalmGeoConfig(), settings: ReplaySettings(),
      observer: GeofenceMonitor(conditions: [Self.condition(x: 30, radius: 20)]))
    engine.process(EquatorTrack.workedExample)
    _ = engine.finish()
    #expect(
      Self.events(engine.observer) == [
        Event(0, .unsatisfied, 1), Event(7, .satisfied, 8), Event(314, .unsatisfied, 315),
      ])
    #expect(engine.observer.stats.conditions[0].dwellSeconds == 307)  // t7 → t314
  }

  @Test func writesOneLinePerEvent() {
    var settings = ReplaySettings()
    settings.geofenceExitDelay = 30_000
    let fixes = [Self.fix(0, 0), Self.fix(10, 150), Self.fix(40, 160, accuracy: nil)]
    var bytes: [UInt8] = []
    var monitor = GeofenceMonitor(
      conditions: [Self.condition("home", assuming: .satisfied)], settings: settings,
      sink: { bytes += $0 })
    let decision = EquatorTrack.replay([fixes[0]]).observer.decisions[0]
    for fix in fixes { monitor.replayDidDecide(fix, decision) }
    monitor.replayDidEnd(at: fixes[2].time)
    // x = 160 m is longitude 160 / 111 195.08 = 0.0014389° (7 decimals).
    #expect(
      String(decoding: bytes, as: UTF8.self) == """
        {"identifier":"home","state":"unsatisfied","previous":"satisfied","time":"2024-05-01T07:00:40.000Z",\
        "fix":3,"line":42,"latitude":0,"longitude":0.0014389,"accuracy":null,"distance":160,"radius":100,\
        "crossingFix":2,"crossingTime":"2024-05-01T07:00:10.000Z"}

        """)
  }
}
