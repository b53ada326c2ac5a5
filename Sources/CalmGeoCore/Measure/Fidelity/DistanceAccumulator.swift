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
  /// The distances of `smallLimit` mm or more.
  private var histogram = Self.emptyHistogram

  /// An auto-resizing histogram already sized for distances up to 2⁴⁰ mm (about 1 100 km), so that
  /// recording never grows it along an ordinary track: each growth added a bucket at a time through
  /// the package's unspecialized generic code (a third of a sweep row over a 50 000-fix track went
  /// there). The buckets are those of an empty auto-resizing histogram; larger distances still grow it.
  /// Made once and copied: the package fills a new histogram's 30 000 counts one at a time through
  /// unspecialized code (a third of a millisecond per accumulator, two per replay).
  private static let emptyHistogram = {
    var histogram = Histogram<UInt64>(highestTrackableValue: 1 << 40, numberOfSignificantValueDigits: .three)
    histogram.autoResize = true
    return histogram
  }()

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
  ///
  /// The percentiles are those of one histogram holding every distance (the table's and the
  /// large ones), `Histogram.valueAtPercentile`, found without building it: the table's
  /// millimetres all come before the histogram's, so its cumulative count is walked first.
  var summary: DistanceSummary {
    guard count > 0 else { return .zero }
    return DistanceSummary(
      max: max, mean: sum / Double(count), p50: Double(millimetres(atPercentile: 50)) / 1000,
      p95: Double(millimetres(atPercentile: 95)) / 1000)
  }

  /// `valueAtPercentile(percentile)` (0 < `percentile` < 100) of the histogram of every distance
  /// recorded: the highest value equivalent to the first bucket at which the cumulative count
  /// reaches the percentile's count, at most the largest value recorded. Walking the table one
  /// millimetre at a time stops in the same bucket as walking the buckets: the millimetres of a
  /// bucket are consecutive, and all share its highest equivalent value.
  private func millimetres(atPercentile percentile: Double) -> UInt64 {
    let wanted = Swift.max(1, UInt64(((percentile.nextDown * Double(count)) / 100).rounded(.up)))
    let largest = Self.millimetres(max)
    var total: UInt64 = 0
    let found: UInt64? = small.withUnsafeBufferPointer { small in
      for mm in small.indices where small[mm] > 0 {
        total += UInt64(small[mm])
        if total >= wanted { return Self.emptyHistogram.highestEquivalentForValue(UInt64(mm)) }
      }
      return nil
    }
    if let found { return Swift.min(found, largest) }
    for bucket in histogram.recordedValues() {
      total += bucket.count
      if total >= wanted { return Swift.min(bucket.value, largest) }
    }
    return 0
  }

  /// Metres to whole millimetres, rounded half up; NaN and negatives give 0, huge values 10¹⁵ mm.
  @inline(__always)
  static func millimetres(_ metres: Double) -> UInt64 {
    let mm = metres * 1000 + 0.5
    guard mm >= 1 else { return 0 }
    return mm < 1e15 ? UInt64(mm) : 1_000_000_000_000_000  // truncating mm + 0.5: no libm call
  }
}
