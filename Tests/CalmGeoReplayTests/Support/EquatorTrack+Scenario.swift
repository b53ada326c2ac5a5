@testable import CalmGeoReplay

extension EquatorTrack {
  /// Runs fixes through an engine driven by `calls` (each `(seconds after T0, call)`),
  /// in that order.
  static func replay(
    _ fixes: [Fix], calls: [(Double, AppCall)], config: CalmGeoConfig = CalmGeoConfig(),
    settings: ReplaySettings = ReplaySettings()
  ) -> (observer: CollectingObserver, result: ReplayResult) {
    replay(fixes, scenario: calls.map { Scenario.Entry($0.1, at: at($0.0)) }, config: config, settings: settings)
  }

  /// Runs fixes through an engine driven by a scenario's entries.
  static func replay(
    _ fixes: [Fix], scenario entries: [Scenario.Entry], config: CalmGeoConfig = CalmGeoConfig(),
    settings: ReplaySettings = ReplaySettings()
  ) -> (observer: CollectingObserver, result: ReplayResult) {
    var engine = ReplayEngine(
      config: config, settings: settings, scenario: Scenario(entries: entries, source: "test.yaml"),
      observer: CollectingObserver())
    engine.process(fixes)
    let result = engine.finish()
    return (engine.observer, result)
  }

  /// `seconds` after the first fix.
  static func at(_ seconds: Double) -> Scenario.Time { .sinceFirstFix(Int64((seconds * 1000).rounded())) }

  /// A restart patch from CalmGeo keys.
  static func patch(_ set: (inout CalmGeoConfig) -> Void, keys: Set<String>) -> CalmGeoConfigPatch {
    var values = CalmGeoConfig()
    set(&values)
    return CalmGeoConfigPatch(keys: keys, values: values)
  }

  /// What each call returned, in call order.
  static func returns(_ observer: CollectingObserver) -> [AppCallResult] { observer.calls.map(\.result) }
}
