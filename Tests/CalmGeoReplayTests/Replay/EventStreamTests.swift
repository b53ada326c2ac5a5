import Testing

@testable import CalmGeoReplay

/// The engine's event stream on CALMGEO.md §6's worked example: one decision per fix,
/// with the rule and numbers worked out by hand from the table in §6.
struct EventStreamTests {
  typealias Kind = FixDecision.Kind

  private func run(finalSync: Bool = false) -> CollectingObserver {
    var config = CalmGeoConfig()
    config.url = "https://example.test/l"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    var settings = ReplaySettings()
    settings.finalSync = finalSync
    return EquatorTrack.replay(EquatorTrack.workedExample, config: config, settings: settings).observer
  }

  @Test func everyFixGetsOneDecision() {
    let observer = run()
    #expect(observer.decisions.count == 330)
    #expect(observer.decisions.filter(\.isEmitted).count == observer.locations.count)
  }

  @Test func decisionsFollowTheWorkedExample() {
    let d = run().decisions
    // t0: one-shot, no ref yet: no distance; judge not evaluated.
    #expect(d[0].kind == .oneShot && d[0].distance.isNaN && d[0].judge.isNaN && d[0].refAge == -1)
    #expect(d[0].before == .init(mode: .listening, isMoving: false) && d[0].after.isMoving)
    // t1: ref empty → kept; judge 16 (speed 1.5 rounds to 0).
    #expect(d[1].kind == .keptRefEmpty && d[1].judge == 16 && d[1].speed == 1.5 && d[1].listeningAge == 1000)
    // t2..t11: 1.5 m .. 15 m from ref (t1 at x 1.5) ≤ 16 → filtered.
    #expect(d[11].kind == .filtered && abs(d[11].distance - 15) < 1e-6 && d[11].refAge == 10_000)
    // t12: x 18, 16.5 m from ref → kept beyond the judge.
    #expect(d[12].kind == .keptBeyondJudge && abs(d[12].distance - 16.5) < 1e-6)
    // t72: ref (t12) is exactly 60 s old: not > 60 → plain filter; t73: 61 s → still rule,
    // 12 m < 16 → a still motionchange, ref moves to t73.
    #expect(d[72].kind == .filtered)
    #expect(d[73].kind == .stillRule && d[73].refMoved && d[73].refAge == 61_000)
    #expect(d[73].emission == .init(isMoving: false, isMotionChange: true))
    // t194: ref (t73) 121 s old and listening 194 s > 120 → sleep rule, monitoring.
    #expect(d[193].kind == .filtered && d[194].kind == .sleepRule)
    #expect(d[194].after == .init(mode: .monitoring, isMoving: false))
    // t195 … t316: ignored while monitoring; distance to the centre (x 30), judge = radius 25.
    #expect(d[316].kind == .ignoredWhileMonitoring && abs(d[316].distance - 24) < 1e-6 && d[316].judge == 25)
    #expect(d[316].listeningAge == -1)
    // t317: x 55.5, 25.5 m > 25 → geofence exit, moving motionchange, listening again.
    #expect(d[317].kind == .geofenceExit && d[317].after == .init(mode: .listening, isMoving: true))
    // t318: one-shot after the restart (a plain moving location); t319 kept (28.5 m from x 30).
    #expect(d[318].kind == .oneShot && d[318].emission == .init(isMoving: true, isMotionChange: false))
    #expect(d[319].kind == .keptBeyondJudge && abs(d[319].distance - 28.5) < 1e-6)
  }

  @Test func countersAddUpAsTheREADMESays() {
    // §6: emitted 7; filtered = t2…t11, t13…t72, t74…t193 (all within the judge) + t73
    // (still rule) + t194 (sleep rule) = 10 + 60 + 120 + 2 = 192; while monitoring
    // t195…t317 = 123; listening again t320…t329 all within 16 m of x 58.5 → 10 more
    // filtered = 202. 7 + 202 + 123 = 330 + 1 exit + 1 stop.
    let (_, result) = EquatorTrack.replay(EquatorTrack.workedExample)
    let m = result.machine
    #expect(result.emitted == 7 && m.filtered == 202 && m.fixesWhileMonitoring == 123)
    #expect(
      result.emitted + m.filtered + m.fixesWhileMonitoring == m.fixes + m.geofenceExits + m.motionChangesToStationary)
  }

  @Test func modeChangesAndCalls() {
    let observer = run(finalSync: true)
    let t0 = EquatorTrack.t0
    #expect(
      observer.modeChanges == [
        ModeChange(time: t0, from: .stopped, to: .listening),
        ModeChange(time: t0 + 194_000, from: .listening, to: .monitoring),
        ModeChange(time: t0 + 317_000, from: .monitoring, to: .listening),
      ])
    // start() at the first fix; the final sync() at the last fix (t 329).
    #expect(observer.calls.map(\.call) == [.start, .sync])
    #expect(observer.calls.map(\.time) == [t0, t0 + 329_000])
  }

  @Test func expiriesAreReported() {
    // maxDaysToPersist 0: a record stored at s is gone at any t with t - s > 0, i.e. at the
    // next fix. Without a url nothing is sent; the last emit (t 319) is followed by fixes
    // up to t 329, so all 7 records expire, each at the fix after it.
    var config = CalmGeoConfig()
    config.maxDaysToPersist = 0
    let observer = EquatorTrack.replay(EquatorTrack.workedExample, config: config).observer
    #expect(observer.expired.count == 7)
    #expect(observer.expired.map(\.sequence) == [0, 1, 2, 3, 4, 5, 6])
    #expect(observer.expired[6].expiredAt == EquatorTrack.t0 + 320_000)
    #expect(observer.expired[0].storedAt == EquatorTrack.t0 && observer.expired[0].expiredAt == EquatorTrack.t0 + 1000)
  }

  @Test func composedObserversEachSeeEverything() {
    var pair = CollectingObserver().and(CollectingObserver())
    var list = ObserverList([CollectingObserver(), DiscardingObserver()])
    var engine = ReplayEngine(config: CalmGeoConfig(), observer: pair)
    engine.process(EquatorTrack.workedExample)
    _ = engine.finish()
    pair = engine.observer
    var other = ReplayEngine(config: CalmGeoConfig(), observer: list)
    other.process(EquatorTrack.workedExample)
    _ = other.finish()
    list = other.observer
    #expect(pair.first.locations.count == 7 && pair.second.locations.count == 7)
    #expect(pair.first.decisions.count == 330)
    #expect(list.first(CollectingObserver.self)?.locations.count == 7)
  }

  @Test func trackReplayHonoursTheSpeedPolicy() {
    // Fixes without speed: under `auto` the loaded track derives 1.5 m/s; under `never`
    // the replay must see unknown speeds (-1) as the streaming path does.
    let fixes = EquatorTrack.workedExample.map { fix -> Fix in
      var f = fix
      f.speed = nil
      return f
    }
    var normalizer = FixNormalizer(speedPolicy: .auto)
    let track = Track(
      name: "t", format: .csv, fixes: fixes.compactMap { normalizer.accept($0) },
      diagnostics: InputDiagnostics())
    var configuration = ReplayConfiguration()
    configuration.speedPolicy = .never
    var observer = CollectingObserver()
    _ = ReplayRunner.run(
      source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false))
    #expect(observer.decisions.allSatisfy { $0.speed == -1 && !$0.speedDerived })
    configuration.speedPolicy = .auto
    var derived = CollectingObserver()
    _ = ReplayRunner.run(
      source: track, configuration: configuration, observer: &derived, options: ReplayOptions(metrics: false))
    #expect(abs(derived.decisions[5].speed - 1.5) < 1e-3 && derived.decisions[5].speedDerived)
  }
}
