import Testing

@testable import CalmGeoReplay

/// Observers write their sections of `stats.json` through `StatsContributing`; nobody patches
/// the document afterwards.
struct StatsContributingTests {
  /// Walks through a 100 m geofence at x = 0 (assumed unsatisfied, so the walk's start outside
  /// is no event), 50 m every 10 s: fixes at x = -275, -225, …, 325 (13 fixes over 120 s).
  static func walkThroughAGeofence() -> (ReplayResult, ObserverList) {
    let fixes = (0...12).map { step in
      GeofenceMonitorTests.fix(Double(step) * 10, Double(step) * 50 - 275)
    }
    let track = Track(name: "walk", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())
    var observers = ObserverList([
      GeofenceMonitor(conditions: [GeofenceMonitorTests.condition("shop", assuming: .unsatisfied)])
    ])
    let result = ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &observers, options: ReplayOptions(metrics: true))
    return (result, observers)
  }

  @Test func aGeofenceMonitorWritesTheGeofencesSection() throws {
    let (result, observers) = Self.walkThroughAGeofence()
    let stats = ReplayStats(result, contributors: observers.statsContributors)
    let section = try #require(stats.geofences)
    #expect(section == observers.first(GeofenceMonitor.self)?.stats)
    // By hand: x = -275 … -125 outside (as assumed: no event), -75 inside: the entry at
    // t = 40 s; 75 (t = 70 s) still inside, 125 outside: the exit at t = 80 s. Dwell 40 s.
    let shop = try #require(section.conditions.first)
    #expect(shop.identifier == "shop")
    #expect(shop.entries == 1 && shop.exits == 1)
    #expect(shop.dwellSeconds == 40)
    #expect(shop.finalState == "unsatisfied")
  }

  @Test func withoutContributorsOnlyTheEnginesAndMetricsSectionsAreWritten() {
    let (result, _) = Self.walkThroughAGeofence()
    let stats = ReplayStats(result)
    #expect(stats.geofences == nil)
    // The metrics' own sections arrive through the same protocol.
    #expect(stats.fidelity == result.metrics?.fidelity && stats.fidelity != nil)
    #expect(stats.stops == result.metrics?.stops && stats.stops != nil)
    // No url and no requests: no delivery section.
    #expect(stats.delivery == nil)
  }
}
