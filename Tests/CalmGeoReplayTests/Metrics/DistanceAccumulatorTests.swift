import Histogram
import Testing

@testable import CalmGeoCore
@testable import CalmGeoReplay

/// Distances recorded a buffer at a time (`DistanceAccumulator.record(_:)` of a buffer, the sweep's
/// path) summarize exactly as recorded one by one, around the millimetre table's limit too.
struct DistanceAccumulatorTests {
  /// Both ways of recording `distances`, summarized.
  static func summaries(_ distances: [Double]) -> (buffered: DistanceSummary, single: DistanceSummary) {
    var buffered = DistanceAccumulator()
    distances.withUnsafeBufferPointer { buffered.record($0) }
    var single = DistanceAccumulator()
    for distance in distances { single.record(distance) }
    return (buffered.summary, single.summary)
  }

  @Test func aWorkedCase() {
    // 1, 2, 3 and 4 m: max 4 m, mean 2.5 m; the median is the second smallest, 2 000 mm, which the
    // histogram (3 significant digits, exact below 2 048) keeps exactly.
    let (buffered, single) = Self.summaries([3, 1, 4, 2])
    #expect(buffered == single)
    #expect(buffered.max == 4 && buffered.mean == 2.5 && buffered.p50 == 2)
  }

  @Test func valuesAroundTheTableLimitAndOddOnesGoWhereOneByOneWouldPut() {
    // 16.3834 m is 16 383 mm (the table's last slot), 16.3836 m 16 384 mm (the histogram's first);
    // below half a millimetre, negatives and NaN count as 0; huge values are capped at 10^15 mm.
    let odd: [Double] = [0, 0.0004, 0.0006, 16.3834, 16.3836, 16.384, -2, .nan, 1e13, .infinity, 7.25]
    for count in 1...odd.count {
      let (buffered, single) = Self.summaries(Array(odd.prefix(count)))
      #expect(buffered.p50 == single.p50 && buffered.p95 == single.p95, "\(count) values")
      #expect(buffered.max.isNaN == single.max.isNaN && (buffered.max.isNaN || buffered.max == single.max))
    }
  }

  @Test func randomDistancesSummarizeAlike() {
    var random = SplitMix64(seed: 7)
    // Mostly metres, some tens of metres (past the table), a few kilometres.
    let distances = (0..<5_000).map { i -> Double in
      let unit = random.nextUnit()
      return i % 50 == 0 ? unit * 5_000 : (i % 7 == 0 ? unit * 60 : unit * 12)
    }
    let (buffered, single) = Self.summaries(distances)
    #expect(buffered == single)
  }

  /// The percentiles by their definition: one HdrHistogram (3 significant digits, auto-resizing)
  /// holding every distance's millimetres, asked for `valueAtPercentile`.
  static func percentiles(_ distances: [Double]) -> (p50: Double, p95: Double) {
    var histogram = Histogram<UInt64>(highestTrackableValue: 1 << 40, numberOfSignificantValueDigits: .three)
    histogram.autoResize = true
    for distance in distances { histogram.record(DistanceAccumulator.millimetres(distance)) }
    return (Double(histogram.valueAtPercentile(50)) / 1000, Double(histogram.valueAtPercentile(95)) / 1000)
  }

  @Test func percentilesAreThoseOfOneHistogramOfEveryDistance() {
    var random = SplitMix64(seed: 11)
    // Mixes where the median and the 95th percentile fall in the table, past it (the histogram's
    // buckets of 16 mm and more), on either side of it, and on values the table's coarse buckets
    // share (2 048 mm and up: two, four, eight millimetres a bucket).
    let mixes: [(Double) -> Double] = [
      { $0 * 12 }, { 16 + $0 * 400 }, { $0 < 0.9 ? $0 * 3 : 5_000 + $0 }, { $0 < 0.5 ? 2.048 + $0 * 0.01 : 8.19 + $0 },
      { $0 < 0.96 ? $0 * 16 : 16.3 + $0 * 0.2 },
    ]
    for (which, mix) in mixes.enumerated() {
      for count in [1, 2, 3, 19, 20, 21, 400] {
        let distances = (0..<count).map { _ in mix(random.nextUnit()) }
        var accumulator = DistanceAccumulator()
        for distance in distances { accumulator.record(distance) }
        let (p50, p95) = Self.percentiles(distances)
        #expect(accumulator.summary.p50 == p50 && accumulator.summary.p95 == p95, "mix \(which), \(count) distances")
      }
    }
    // By hand: 1, 2, 3 m and 20 m: the median (the 2nd of 4) is 2 000 mm, exact below 2 048; the 95th (the
    // 4th) is in 20 000 mm's bucket (16 mm wide past 16 384 mm: 20 000 to 20 015), capped at the largest, 20 m.
    var accumulator = DistanceAccumulator()
    for distance in [1.0, 20, 3, 2] { accumulator.record(distance) }
    #expect(accumulator.summary.p50 == 2 && accumulator.summary.p95 == 20)
  }
}
