import Testing

@testable import CalmGeoReplay

/// The report's marks of fixes the platform withheld (`replay.platform`).
struct ReportCollectorWithheldTests {
  private func collect(_ fixes: [Fix], settings: ReplaySettings) -> ReportCollector {
    var engine = ReplayEngine(config: CalmGeoConfig(), settings: settings, observer: ReportCollector())
    engine.process(fixes)
    _ = engine.finish()
    return engine.observer
  }

  @Test func stationaryPauseIsOneRunOverTheHiddenStop() {
    // CALMGEO.md §6's track, pause R 20 m / T 30 s: t44 … t307 withheld (PlatformDeliveryTests).
    var settings = ReplaySettings()
    settings.platform.stationaryPause = .init()
    let data = collect(EquatorTrack.workedExample, settings: settings)
    let t = { (s: Int64) in EquatorTrack.t0 + s * 1000 }
    #expect(data.withheld == [.init(start: t(44), end: t(307), rule: .stationary, fixes: 264)])
    // Every fix is still on the track (the map and the speed line), and the judge holds
    // its last value across the withheld ones instead of breaking.
    #expect(data.track.count == 330)
    #expect(data.track.keptWithLast.filter { !$0.judge.isFinite }.count == 1)  // only the one-shot at t0
    #expect(collect(EquatorTrack.workedExample, settings: ReplaySettings()).withheld.isEmpty)
  }

  @Test func rateRunsCloserThanTenSecondsAreJoined() {
    // 5 Hz for 20 s at one fix per second: 4 of every 5 withheld, each run 0.4 s from the
    // next → one run from t0.2 to t19.8 holding 80 fixes.
    var settings = ReplaySettings()
    settings.platform.minimumInterval = 1000
    let fixes = (0..<100).map { EquatorTrack.fix(t: Double($0) * 0.2, x: Double($0) * 0.3, speed: 1.5) }
    let data = collect(fixes, settings: settings)
    #expect(
      data.withheld == [.init(start: EquatorTrack.t0 + 200, end: EquatorTrack.t0 + 19_800, rule: .rate, fixes: 80)])
  }
}
