import Foundation
import Testing

@testable import CalmGeoReplay

/// The bounds that settle `distance > metres` and `distance < metres` without the haversine
/// (`GeoMath.Anchor.settledComparison(to:with:)`) answer as the haversine does, and leave open
/// exactly the cases they cannot settle.
struct GeoMathDistanceBoundsTests {
  /// 0.001° of latitude on the equator: R·π/180·0.001 = 6 371 008.8 × 1.7453293e-5 = 111.195 m
  /// (worked by hand), the longitude equal.
  let origin = GeoMath.Anchor(latitude: 0, longitude: 10)
  let north = GeoMath.Anchor(latitude: 0.001, longitude: 10)

  @Test func clearCasesAreSettledAndTheBoundaryIsLeftOpen() {
    #expect(abs(origin.distance(to: north) - 111.195) < 0.001)
    #expect(origin.settledComparison(to: north, with: 111) == true)
    #expect(origin.settledComparison(to: north, with: 111.2) == false)
    #expect(origin.settledComparison(to: north, with: 50) == true)
    #expect(origin.settledComparison(to: north, with: 500) == false)
    // The margin is 10⁻⁹ of the squared distance, 5.6·10⁻⁸ m here: a micrometre either side
    // is settled; the computed distance itself and 10 nm either side are left open.
    let d = origin.distance(to: north)
    #expect(origin.settledComparison(to: north, with: d + 1e-6) == false)
    #expect(origin.settledComparison(to: north, with: d - 1e-6) == true)
    #expect(origin.settledComparison(to: north, with: d) == nil)
    #expect(origin.settledComparison(to: north, with: d + 1e-8) == nil)
    #expect(origin.settledComparison(to: north, with: d - 1e-8) == nil)
  }

  @Test func thresholdsAndPointsOutsideTheBoundsAreLeftToTheHaversine() {
    // Under a millimetre, not finite, or points 20° apart (beyond the small-angle bounds).
    #expect(origin.settledComparison(to: north, with: 0) == nil)
    #expect(origin.settledComparison(to: north, with: 0.0005) == nil)
    #expect(origin.settledComparison(to: north, with: .nan) == nil)
    #expect(origin.settledComparison(to: north, with: .infinity) == nil)
    let far = GeoMath.Anchor(latitude: 20, longitude: 10)
    #expect(origin.settledComparison(to: far, with: 100) == nil)
    // Across the antimeridian the longitude difference is near 360°: left open, and the
    // haversine's answer (22 m: 0.0002° at the equator) stands.
    let west = GeoMath.Anchor(latitude: 0, longitude: 179.9999)
    let east = GeoMath.Anchor(latitude: 0, longitude: -179.9999)
    #expect(west.settledComparison(to: east, with: 10) == nil)
    #expect(west.isFarther(than: 10, from: east))
    #expect(!west.isFarther(than: 30, from: east))
  }

  /// 420 000 seeded comparisons (20 000 pairs) at every latitude, 1 cm to 100 km apart, against thresholds at
  /// relative distances 10⁻¹ … 10⁻¹⁴ from the distance (both sides) and at the distance itself:
  /// `isFarther` and `isNearer` equal the haversine comparisons every time.
  @Test func seededPairsCompareAsTheHaversineDoes() {
    var random = SplitMix64(seed: 28)
    var settled = 0
    var pairs = 0
    for _ in 0..<20_000 {
      let latitude = random.nextUnit() * 178 - 89
      let a = GeoMath.Anchor(latitude: latitude, longitude: random.nextUnit() * 360 - 180)
      let span = 1e-7 * pow10(random.nextUnit() * 7)  // degrees: about 1 cm to 100 km
      let angle = random.nextUnit() * 2 * Double.pi
      let b = GeoMath.Anchor(
        latitude: a.latitude + span * sin(angle), longitude: a.longitude + span * cos(angle))
      let d = a.distance(to: b)
      for exponent in [-1, -3, -6, -9, -10, -12, -14] {
        for sign in [-1.0, 0, 1] {
          let metres = d * (1 + sign * pow10(Double(exponent)))
          pairs += 1
          if a.settledComparison(to: b, with: metres) != nil { settled += 1 }
          #expect(a.isFarther(than: metres, from: b) == (d > metres))
          #expect(a.isNearer(than: metres, to: b) == (d < metres))
        }
      }
    }
    #expect(pairs == 420_000)
    // Thresholds 10⁻¹ and 10⁻³ away are always settled: the bounds' gap is under 10⁻⁴ of the
    // squared distance up to 100 km (x²/3 + 2h/5 with h ≤ 1.6·10⁻⁴ there).
    #expect(settled >= 20_000 * 4)
  }

  private func pow10(_ exponent: Double) -> Double { pow(10, exponent) }
}
