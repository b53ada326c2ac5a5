/// Maximum, mean, median and 95th percentile of a set of distances, in metres.
///
/// `max` and `mean` are exact (Double). `p50` and `p95` are HdrHistogram's
/// `valueAtPercentile(50)` and `valueAtPercentile(95)` over the distances rounded to
/// whole millimetres with 3 significant digits: within 0.1 % (and the 0.5 mm rounding)
/// of the exact order statistic. All four are 0 for an empty set.
public struct DistanceSummary: Codable, Sendable, Hashable {
  /// The largest distance, metres.
  public var max: Double
  /// The arithmetic mean, metres.
  public var mean: Double
  /// The median, metres (HdrHistogram, 3 significant digits).
  public var p50: Double
  /// The 95th percentile, metres (HdrHistogram, 3 significant digits).
  public var p95: Double

  /// Creates a summary from its four values, metres.
  public init(max: Double, mean: Double, p50: Double, p95: Double) {
    self.max = max
    self.mean = mean
    self.p50 = p50
    self.p95 = p95
  }

  /// The summary of no distances: all zero.
  public static let zero = DistanceSummary(max: 0, mean: 0, p50: 0, p95: 0)
}
