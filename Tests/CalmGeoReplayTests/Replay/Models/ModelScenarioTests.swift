import Testing

@testable import CalmGeoReplay

/// The app's calls on the models without CalmGeo's state machine (TrackingDecider):
/// `stop()` ignores fixes until `start()`, whose gap is not listening time.
struct ModelScenarioTests {
  @Test func iosDistanceFilterStopsAndStartsWithTheScenario() {
    var settings = ReplaySettings()
    settings.model = .iosDistanceFilter
    // CALMGEO.md §6's track, df 16. Without calls: t0 kept (x 0), t11 (16.5 > 16), then
    // standing at x 30 (13.5 m from 16.5); walking again, x = 30 + 1.5 (t − 300): t302
    // (33 > 32.5), t313 (49.5 > 49), t324 (66 > 65.5).
    let plain = ReplayEngine.replay(EquatorTrack.workedExample, settings: settings, scenario: nil)
    #expect(plain.emits == [0, 11, 302, 313, 324])
    // stop() at +100 s, start() at +310 s: t100 … t309 ignored (210 fixes); t310 is
    // x 45, 28.5 m from t11's 16.5 → kept; then 61.5 at t321 (> 45 + 16); nothing after
    // (x 73.5 at t329 < 77.5).
    let scenario = Scenario(entries: [
      Scenario.Entry(.start, at: .sinceFirstFix(0)), Scenario.Entry(.stop, at: .sinceFirstFix(100_000)),
      Scenario.Entry(.start, at: .sinceFirstFix(310_000)),
    ])
    let stopped = ReplayEngine.replay(EquatorTrack.workedExample, settings: settings, scenario: scenario)
    #expect(stopped.emits == [0, 11, 310, 321])
    #expect(stopped.result.machine.fixesWhileStopped == 210)
    // Listening 0 → 100 s and 310 → 329 s: 119 s.
    #expect(stopped.result.machine.millisListening == 119_000)
  }
}

extension ReplayEngine where Observer == CollectingObserver {
  /// Replays `fixes` under the default configuration, returning emit times in seconds.
  static func replay(_ fixes: [Fix], settings: ReplaySettings, scenario: Scenario?)
    -> (emits: [Int64], result: ReplayResult)
  {
    var engine = ReplayEngine(
      config: CalmGeoConfig(), settings: settings, scenario: scenario, observer: CollectingObserver())
    engine.process(fixes)
    let result = engine.finish()
    let t0 = fixes.first?.time ?? 0
    return (engine.observer.locations.map { ($0.time - t0) / 1000 }, result)
  }
}
