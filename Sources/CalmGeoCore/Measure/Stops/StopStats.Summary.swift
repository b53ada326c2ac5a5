extension StopStats {
  /// Count, mean, 95th percentile and maximum of a few exact values.
  ///
  /// The percentile is the nearest rank: the ⌈0.95 · count⌉-th smallest value. All
  /// zeros when there are no values.
  public struct Summary: Codable, Sendable, Hashable {
    public var count: Int
    public var mean: Double
    public var p95: Double
    public var max: Double

    public init(count: Int, mean: Double, p95: Double, max: Double) {
      self.count = count
      self.mean = mean
      self.p95 = p95
      self.max = max
    }

    /// The summary of `values`, in any order.
    public init(of values: [Double]) {
      guard !values.isEmpty else {
        self.init(count: 0, mean: 0, p95: 0, max: 0)
        return
      }
      let sorted = values.sorted()
      let rank = (95 * sorted.count + 99) / 100  // ⌈0.95 n⌉ in integers
      self.init(
        count: sorted.count, mean: sorted.reduce(0, +) / Double(sorted.count),
        p95: sorted[rank - 1], max: sorted[sorted.count - 1])
    }
  }
}
