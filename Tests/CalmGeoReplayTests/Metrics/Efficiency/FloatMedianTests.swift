import Testing

@testable import CalmGeoReplay

/// `FloatMedian` (selection) against the sort it replaced in `EfficiencyRecorder`.
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

  @Test func randomSetsMatchTheSort() {
    var random = SplitMix64(seed: 28)
    for round in 0..<400 {
      let count = Int(random.next() % 2_000) + 1
      // Few distinct values (accuracies of one decimal), many, sorted runs, reversed runs.
      let distinct = UInt64([3, 50, 100_000][round % 3])
      var values = (0..<count).map { _ in Float(random.next() % distinct) / 10 }
      if round % 5 == 3 { values.sort() }
      if round % 5 == 4 { values.sort(by: >) }
      #expect(Self.median(values) == Self.sortedMedian(values), "round \(round)")
    }
  }
}
