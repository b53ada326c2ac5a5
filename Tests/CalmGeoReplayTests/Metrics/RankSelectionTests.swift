import Testing

@testable import CalmGeoReplay

/// The delivery delays' percentiles found by selection (`RankSelection`), not by sorting every
/// delay: the same values as the sorted definition, and the same mean.
struct RankSelectionTests {
  /// `count` delays from `seed`, drawn from `spread` distinct values (few: long runs of equal ones).
  static func delays(_ count: Int, seed: UInt64, spread: UInt64) -> [Int64] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in Int64(random.next() % spread) }
  }

  /// Every rank of small arrays, with and without repeated values, equals the sorted array's.
  @Test func everyRankOfSmallArraysIsTheSortedValue() {
    for count in [1, 2, 3, 16, 17, 40, 257] {
      for spread: UInt64 in [1, 3, 1_000_000] {
        let values = Self.delays(count, seed: UInt64(count) &* spread, spread: spread)
        let sorted = values.sorted()
        for k in 0..<count {
          var work = values
          #expect(RankSelection.select(k, in: &work) == sorted[k], "k \(k) of \(count), spread \(spread)")
          #expect(work.sorted() == sorted)
        }
      }
    }
  }

  /// A worked case: 7 delays, p50 the ⌈3.5⌉ = 4th smallest (4 s), p95 the ⌈6.65⌉ = 7th (9 s),
  /// max 9 s, mean 33 / 7 s.
  @Test func aWorkedCase() {
    let delay = DeliveryStats.Delay(millis: [9000, 1000, 4000, 4000, 2000, 8000, 5000])
    #expect(delay == DeliveryStats.Delay(p50: 4, p95: 9, max: 9, mean: 33.0 / 7))
  }

  /// Large arrays (a sweep row's delays) summarize exactly as sorting them does, mean included,
  /// and sums past 2^53 ms take the sorted path.
  @Test(arguments: [100, 4_999, 100_000])
  func summariesEqualTheSortedDefinition(count: Int) {
    for spread: UInt64 in [7, 600_000, 1 << 40] {
      let millis = Self.delays(count, seed: 42 &+ spread, spread: spread)
      #expect(DeliveryStats.Delay(millis: millis) == DeliveryStats.Delay(sorting: millis), "spread \(spread)")
    }
    let huge = [Int64](repeating: 1 << 50, count: 9) + [3, 1 << 52]
    #expect(DeliveryStats.Delay(millis: huge) == DeliveryStats.Delay(sorting: huge))
  }
}
