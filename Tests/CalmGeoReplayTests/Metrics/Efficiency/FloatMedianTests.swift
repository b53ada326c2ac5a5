import Testing

@testable import CalmGeoReplay

/// `FloatMedian` (counting) against the sort it replaced in `EfficiencyRecorder`.
struct FloatMedianTests {
  /// The median the recorder computed before: sort, then the middle (or the mean of the two middle).
  static func sortedMedian(_ values: [Float]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[mid]) : (Double(sorted[mid - 1]) + Double(sorted[mid])) / 2
  }

  static func median(_ values: [Float]) -> Double? {
    var copy = values
    let hasNegativeZero = values.contains { $0 == 0 && $0.sign == .minus }
    return FloatMedian.median(of: &copy, hasNegativeZero: hasNegativeZero)
  }

  @Test(
    arguments: [
      // By hand: sorted 1, 2, 3 → 2; sorted 1, 2, 3, 4 → (2 + 3) / 2 = 2.5; one value; all equal;
      // 5 × 4.0 and 4 × 9.5 sorted → the fifth is 4.0; an even count of 0.1 and 0.3 → (0.1 + 0.3) / 2 in Doubles.
      ([3, 1, 2], 2.0), ([4, 1, 3, 2], 2.5), ([7.5], 7.5), ([5, 5, 5, 5], 5.0),
      ([9.5, 4, 9.5, 4, 4, 9.5, 4, 9.5, 4], 4.0), ([0.3, 0.1], (Double(Float(0.1)) + Double(Float(0.3))) / 2),
    ] as [([Float], Double)])
  func medianOfSmallSets(values: [Float], median: Double) {
    #expect(Self.median(values) == median)
  }

  @Test func emptyHasNoMedian() {
    #expect(Self.median([]) == nil)
  }

  @Test func aNegativeZeroKeepsTheStableSortsAnswer() {
    // Sorted stably: -0, 0 (input order among the zeros) then 1: the middle is the +0 (bits of +0).
    let median = Self.median([1, -0.0, 0])
    #expect(median == 0 && median?.sign == .plus)
    // [0, -0, 5, 6]: middle two are -0 (second zero) and 5 → (−0 + 5) / 2 = 2.5.
    #expect(Self.median([0, -0.0, 5, 6]) == 2.5)
    // [-0, 0, -1]: sorted -1, -0, 0 → the middle is −0.
    let negative = Self.median([-0.0, 0, -1])
    #expect(negative == 0 && negative?.sign == .minus)
  }

  /// The counting key orders every kind of finite value as `<` does (−0 just below +0) and gives
  /// the value back.
  @Test func keysOrderTheValues() {
    let ordered: [Float] = [
      -.greatestFiniteMagnitude, -1e30, -2, -1, -.leastNormalMagnitude, -.leastNonzeroMagnitude, -0.0, 0,
      .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 1, 3.9, 4, 65_536, 1e30, .greatestFiniteMagnitude,
    ]
    for (a, b) in zip(ordered, ordered.dropFirst()) { #expect(FloatMedian.key(a) < FloatMedian.key(b), "\(a) < \(b)") }
    for v in ordered { #expect(FloatMedian.value(FloatMedian.key(v)).bitPattern == v.bitPattern) }
  }

  /// By hand: the two middle values in different buckets of the keys' top 16 bits (1 and 1e6
  /// among 0.5 and 2e6; 3.9 is 0x4079999A, 4 is 0x40800000), in the same one (4 and 4.001,
  /// 0x40800000 and 0x40800831), and negative values: sorted −8, −3, 2, 9 → (−3 + 2) / 2 = −0.5.
  @Test func middleValuesInOneBucketOrTwo() {
    #expect(Self.median([2e6, 1, 0.5, 1e6]) == (1 + 1e6) / 2)
    #expect(Self.median([4, 3.9, 4, 3.9]) == (Double(Float(3.9)) + 4) / 2)
    #expect(Self.median([4.001, 9, 4, 1]) == (4 + Double(Float(4.001))) / 2)
    #expect(Self.median([9, -3, 2, -8]) == -0.5)
    #expect(Self.median([-1.5, -1.5, -1.25]) == -1.5)
  }

  @Test func randomSetsMatchTheSort() {
    var random = SplitMix64(seed: 28)
    for round in 0..<400 {
      let count = Int(random.next() % 2_000) + 1
      // Few distinct values (accuracies of one decimal), many, sorted runs, reversed runs.
      let distinct = UInt64([3, 50, 100_000][round % 3])
      var values = (0..<count).map { _ in Float(random.next() % distinct) / 10 }
      // Negative values and every magnitude too (a quarter of the rounds).
      if round % 4 == 1 {
        values = values.map { _ in
          Float(
            sign: random.next() % 2 == 0 ? .plus : .minus, exponent: Int(random.next() % 60) - 30,
            significand: 1 + Float(random.next() % 1024) / 1024)
        }
      }
      if round % 5 == 3 { values.sort() }
      if round % 5 == 4 { values.sort(by: >) }
      #expect(Self.median(values) == Self.sortedMedian(values), "round \(round)")
    }
  }
}
