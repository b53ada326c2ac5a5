import Testing

@testable import CalmGeoReplay

struct GeoMathAnchorDistanceTests {
  @Test func anchorToAnchorEqualsAnchorToCoordinatesBitForBit() {
    var random = SplitMix64(seed: 5)
    for _ in 0..<10_000 {
      let a = GeoMath.Anchor(latitude: random.nextUnit() * 180 - 90, longitude: random.nextUnit() * 360 - 180)
      let near = random.next() % 2 == 0
      let b = GeoMath.Anchor(
        latitude: near ? a.latitude + (random.nextUnit() - 0.5) * 1e-3 : random.nextUnit() * 180 - 90,
        longitude: near ? a.longitude + (random.nextUnit() - 0.5) * 1e-3 : random.nextUnit() * 360 - 180)
      #expect(a.distance(to: b) == a.distance(latitude: b.latitude, longitude: b.longitude))
    }
  }
}
