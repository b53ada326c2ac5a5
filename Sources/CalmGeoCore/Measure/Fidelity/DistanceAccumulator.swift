import Histogram

/// A stream of distances reduced to a `DistanceSummary`: exact max and sum, millimetre histogram.
///
/// Flat memory. Distances are rounded to whole millimetres for the percentiles; those under
/// 16.384 m (most of them) are first counted per exact millimetre in a flat 64 kB table and
/// enter the HdrHistogram (3 significant digits) in one go in `summary`, which gives the same
/// histogram as recording them one by one at a fraction of the cost.
struct DistanceAccumulator: Sendable {
  /// Millimetre values counted in `small` rather than recorded at once.
  private static let smallLimit = 1 << 14

  /// Distances recorded.
  private(set) var count = 0
  /// The largest distance recorded, metres.
  private(set) var max = 0.0
  private var sum = 0.0
  private var small = [UInt32](repeating: 0, count: smallLimit)
  private var histogram = Self.emptyHistogram()

  /// An auto-resizing histogram already sized for distances up to 2⁴⁰ mm (about 1 100 km), so that
  /// recording never grows it along an ordinary track: each growth added a bucket at a time through
  /// the package's unspecialized generic code (a third of a sweep row over a 50 000-fix track went
  /// there). The buckets are those of an empty auto-resizing histogram; larger distances still grow it.
  private static func emptyHistogram() -> Histogram<UInt64> {
    var histogram = Histogram<UInt64>(highestTrackableValue: 1 << 40, numberOfSignificantValueDigits: .three)
    histogram.autoResize = true
    return histogram
  }

  /// Adds one distance in metres.
  @inline(__always)
  mutating func record(_ metres: Double) {
    count += 1
    sum += metres
    if metres > max { max = metres }
    let mm = Self.millimetres(metres)
    if mm < Self.smallLimit { small[Int(mm)] += 1 } else { histogram.record(mm) }
  }

  /// Adds distances in metres in order: the same as `record(_:)` of each.
  mutating func record(_ distances: UnsafeBufferPointer<Double>) {
    var sum = sum
    var max = max
    // The table is written through its buffer: no uniqueness or bounds check per distance.
    small.withUnsafeMutableBufferPointer { small in
      for metres in distances {
        sum += metres
        if metres > max { max = metres }
        // `millimetres(metres)` below `smallLimit` without its conversion's checks: from 1 up to the
        // limit the truncation is the index, below 1 (and NaN) it is 0.
        let mm = metres * 1000 + 0.5
        if !(mm >= Double(Self.smallLimit)) {
          small[mm >= 1 ? Int(mm) : 0] &+= 1
        } else {
          histogram.record(Self.millimetres(metres))
        }
      }
    }
    count += distances.count
    self.sum = sum
    self.max = max
  }

  /// Adds a distance of exactly 0.
  @inline(__always)
  mutating func recordZero() {
    count += 1
    small[0] += 1
  }

  /// The summary of everything recorded so far; `.zero` when nothing was.
  var summary: DistanceSummary {
    guard count > 0 else { return .zero }
    var histogram = histogram
    for (mm, n) in small.enumerated() where n > 0 { histogram.record(UInt64(mm), count: UInt64(n)) }
    return DistanceSummary(
      max: max, mean: sum / Double(count),
      p50: Double(histogram.valueAtPercentile(50)) / 1000,
      p95: Double(histogram.valueAtPercentile(95)) / 1000)
  }

  /// Metres to whole millimetres, rounded half up; NaN and negatives give 0, huge values 10¹⁵ mm.
  @inline(__always)
  static func millimetres(_ metres: Double) -> UInt64 {
    let mm = metres * 1000 + 0.5
    guard mm >= 1 else { return 0 }
    return mm < 1e15 ? UInt64(mm) : 1_000_000_000_000_000  // truncating mm + 0.5: no libm call
  }
}
