import Foundation
import Testing

@testable import CalmGeoReplay

/// A log that leaps across a continent (a fuzzed NMEA log: 21 fixes in Oregon, then two in
/// the Netherlands, 8 000 km away) made the Hausdorff grid use 4 m cells along the leap:
/// millions of cells, 4.6 s and 234 MB for 23 fixes. The cell size now grows until the
/// segments cross a bounded number of cells.
struct FidelityLeapTests {
  static func leap() -> [Fix] {
    var fixes = (0..<21).map { i in
      Fix(
        time: 1_460_064_681_000 + Int64(i) * 1000, latitude: 44.0688264 + Double(i) * 1e-7,
        longitude: -121.3144757 + Double(i) * 1e-7)
    }
    fixes.append(Fix(time: 1_460_104_650_000, latitude: 51.925898333, longitude: 4.5776515))
    fixes.append(Fix(time: 1_460_104_652_000, latitude: 51.925891833, longitude: 4.577652833))
    return fixes
  }

  @Test func aContinentalLeapKeepsTheGridSmall() {
    // Every fix emitted: 22 segments, 8 000 km of them in one; at most 8 × 22 + 65 536 cells.
    var metrics = FidelityMetrics()
    for fix in Self.leap() {
      metrics.observeRaw(fix)
      metrics.observeEmitted(fix)
    }
    let started = Date()
    let stats = metrics.finish()
    // Every raw fix is an emitted vertex: the Hausdorff distance is 0, exactly.
    #expect(stats.hausdorff == 0 && stats.hausdorffExact)
    #expect(Date().timeIntervalSince(started) < 1, "a 23-fix track took \(Date().timeIntervalSince(started)) s")
  }
}
