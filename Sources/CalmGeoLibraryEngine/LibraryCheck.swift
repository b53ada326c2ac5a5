import CalmGeoReplay

/// `library check`: both engines over one log under one configuration, and the configurations
/// to try (the given one, then seeded random ones over the keys a fork is likely to touch).
package enum LibraryCheck {
  /// One configuration to run, with a label that says how to reproduce it.
  package struct Case: Sendable {
    package var label: String
    package var configuration: ReplayConfiguration
  }

  /// The result of one log under one case.
  package struct Comparison: Sendable {
    package var label: String
    /// nil: identical.
    package var difference: String?
    package var builtin: EngineTrace
    package var library: EngineTrace
  }

  /// `base` (the defaults, or the user's file), then `count` random configurations drawn from
  /// `seed`: distanceFilter 5…60, speedMultiplier 1…5, stationaryRadius 10…150, syncThreshold
  /// 1…30, maxBatchSize 1…50 (with a url and autoSync on), latency from 0…5 s to 15 s more, failure
  /// rate 0…0.5;
  /// each under every scenario given (and without one).
  package static func cases(base: ReplayConfiguration, count: Int, seed: UInt64, scenarios: [Scenario]) -> [Case] {
    var configurations = [("defaults", base)]
    var random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x6C69_6272_6172_7900))
    for index in 0..<max(0, count) {
      var configuration = base
      var config = configuration.calmGeo
      config.distanceFilter = 5 + Int(random.next() % 56)
      config.speedMultiplier = Double(10 + Int(random.next() % 41)) / 10
      config.stationaryRadius = Double(10 + Int(random.next() % 141))
      config.syncThreshold = 1 + Int(random.next() % 30)
      config.maxBatchSize = 1 + Int(random.next() % 50)
      config.url = config.url ?? "https://example.invalid/locations"
      config.autoSync = true
      configuration.calmGeo = config
      let low = Int64(random.next() % 5_001)
      let high = low + Int64(random.next() % 15_001)
      configuration.replay.network.latencyMin = low
      configuration.replay.network.latencyMax = high
      configuration.replay.network.failureRate = Double(random.next() % 51) / 100
      configuration.replay.seed = random.next() % 1000
      configurations.append(
        (
          "random \(index + 1) (distanceFilter \(config.distanceFilter), speedMultiplier \(config.speedMultiplier), "
            + "stationaryRadius \(Int(config.stationaryRadius)), syncThreshold \(config.syncThreshold), "
            + "maxBatchSize \(config.maxBatchSize), latency \(low)-\(high) ms, "
            + "failureRate \(configuration.replay.network.failureRate), seed \(configuration.replay.seed))",
          configuration
        ))
    }
    var cases: [Case] = []
    for (label, configuration) in configurations {
      cases.append(Case(label: label, configuration: configuration))
      for scenario in scenarios {
        var withScenario = configuration
        withScenario.scenario = scenario
        cases.append(Case(label: label + ", scenario \(scenario.source)", configuration: withScenario))
      }
    }
    return cases
  }

  /// Both engines over `fixes` under `testCase`.
  package static func compare(track: Track, testCase: Case, engine: LibraryEngine) throws(LibraryError)
    -> Comparison
  {
    var observer = CollectingObserver()
    _ = ReplayRunner.run(
      source: track, configuration: testCase.configuration, observer: &observer, options: ReplayOptions(metrics: false))
    let outcome = try engine.run(fixes: track.fixes, configuration: testCase.configuration)
    // Where either engine crashes (the built-in one reports where the library would), both
    // are compared up to that point.
    let crashes = [observer.crashes.first?.time, outcome.crash?.time].compactMap { $0 }
    let builtin = EngineTrace.builtin(observer, cutoff: crashes.min())
    let library = EngineTrace.library(outcome, cutoff: crashes.min())
    return Comparison(
      label: testCase.label, difference: builtin.firstDifference(from: library), builtin: builtin, library: library)
  }
}
