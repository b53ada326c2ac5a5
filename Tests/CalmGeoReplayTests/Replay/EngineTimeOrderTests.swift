import Testing

@testable import CalmGeoReplay

/// The engine's clock never runs backwards: a fix handed to it by hand whose time is not
/// after the previous fix's is refused (no decision, no event) and counted.
struct EngineTimeOrderTests {
  @Test func fixesNotAfterThePreviousOneAreRefusedAndCounted() {
    // Times 0, 10, 5, 10, 20 s: the third goes back, the fourth repeats the second's time.
    let fixes = [0.0, 10, 5, 10, 20].map { EquatorTrack.fix(t: $0, x: $0, speed: 1) }
    var engine = ReplayEngine(config: CalmGeoConfig(), settings: ReplaySettings(), observer: CollectingObserver())
    engine.process(fixes)
    let result = engine.finish()
    #expect(result.fixesOutOfOrder == 2)
    #expect(engine.observer.decisions.count == 3)
    #expect(result.firstFixTime == EquatorTrack.t0)
    #expect(result.machine.fixes == 3)
    #expect(result.lastFixTime == EquatorTrack.t0 + 20_000)
  }

  @Test func aLogReplayHasNoneBecauseTheNormalizerDropsThemFirst() {
    let result = EquatorTrack.replay(EquatorTrack.workedExample).result
    #expect(result.fixesOutOfOrder == 0)
  }
}
