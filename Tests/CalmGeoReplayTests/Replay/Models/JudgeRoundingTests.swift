import Testing

@testable import CalmGeoReplay

/// The CalmGeo judge rounds speed / 5 half away from zero without a libm call
/// (`FilterModel.roundedHalfAway`): the same number as `rounded(.toNearestOrAwayFromZero)` for
/// every value the judge can give it (0 and up, NaN, ∞).
struct JudgeRoundingTests {
  /// Worked by hand: halves go up, the double just under a half goes down (where x + 0.5 would
  /// round up: 0.49999999999999994 + 0.5 is 1 in doubles), 2⁵² − ½ is the last value with a
  /// fraction, from 2⁵² up every double is whole.
  @Test(arguments: [
    (0.0, 0.0), (0.28, 0.0), (0.5, 1.0), (1.54, 2.0), (2.5, 3.0), (2.78, 3.0), (5.4, 5.0), (6.66, 7.0),
    (0.49999999999999994, 0.0), (2.4999999999999996, 2.0), (4_503_599_627_370_495.5, 4_503_599_627_370_496),
    (4_503_599_627_370_496, 4_503_599_627_370_496), (9_007_199_254_740_994, 9_007_199_254_740_994),
    (1e300, 1e300), (.infinity, .infinity),
  ])
  func handWorkedValues(x: Double, rounded: Double) {
    #expect(FilterModel.roundedHalfAway(x) == rounded)
    #expect(FilterModel.roundedHalfAway(x) == x.rounded(.toNearestOrAwayFromZero))
  }

  @Test func notANumberStaysNotANumber() {
    #expect(FilterModel.roundedHalfAway(.nan).isNaN)
  }

  /// Every half and its neighbours up to 2²⁰, and 200 000 seeded values of every magnitude.
  @Test func agreesWithTheStandardLibrary() {
    var values: [Double] = []
    for k in 0..<(1 << 20) {
      let half = Double(k) + 0.5
      values += [half.nextDown, half, half.nextUp, Double(k), Double(k).nextUp]
    }
    var generator = SplitMix64(seed: 28)
    for _ in 0..<200_000 {
      let exponent = Int(generator.nextUnit() * 64) - 10
      values.append(generator.nextUnit() * Double(sign: .plus, exponent: exponent, significand: 1))
    }
    let differing = values.first { FilterModel.roundedHalfAway($0) != $0.rounded(.toNearestOrAwayFromZero) }
    #expect(differing == nil)
    #expect(values.count == 5 * (1 << 20) + 200_000)
  }
}
