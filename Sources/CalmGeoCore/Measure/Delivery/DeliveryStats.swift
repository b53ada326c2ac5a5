/// How late and how completely the server learned the emitted locations (`delivery` in
/// stats.json): present when uploads are set up (a url, or any request sent).
///
/// A location's delay runs from its fix to the completion of the first request answered
/// 200 that carries it, latency included (`DeliveryMetrics`). Locations never delivered
/// have no delay; they are counted by where they ended: still stored, expired, cleared.
/// `delivered + undelivered == emitted`.
public struct DeliveryStats: Codable, Sendable, Hashable {
  /// Locations emitted (stored for upload).
  public var emitted: Int
  /// Locations some request answered 200 carried.
  public var delivered: Int
  /// Fix-to-delivery delays of the delivered locations, seconds.
  public var delaySeconds: Delay
  /// Locations never delivered: stillStored + expired + cleared.
  public var undelivered: Int
  /// Never delivered, still stored when the replay ended.
  public var stillStored: Int
  /// Never delivered, expired in storage (maxDaysToPersist).
  public var expired: Int
  /// Never delivered, deleted by `clearAllLocations()`.
  public var cleared: Int

  public init(emitted: Int, delivered: Int, delaySeconds: Delay, stillStored: Int, expired: Int, cleared: Int) {
    self.emitted = emitted
    self.delivered = delivered
    self.delaySeconds = delaySeconds
    undelivered = stillStored + expired + cleared
    self.stillStored = stillStored
    self.expired = expired
    self.cleared = cleared
  }

  /// The stats of `delays`, with the undelivered split read from the upload counters.
  public init(_ delays: DeliveryDelays, emitted: Int, uploads: UploadCounters) {
    self.init(
      emitted: emitted, delivered: delays.delivered, delaySeconds: Delay(millis: delays.millis),
      stillStored: uploads.storedAtEnd, expired: uploads.expired, cleared: uploads.cleared)
  }

  /// Median, 95th percentile, maximum and mean of the delays, seconds.
  ///
  /// Percentiles are the nearest rank: p50 the ⌈0.5 · n⌉-th smallest delay, p95 the
  /// ⌈0.95 · n⌉-th. All zeros when nothing was delivered.
  public struct Delay: Codable, Sendable, Hashable {
    public var p50: Double
    public var p95: Double
    public var max: Double
    public var mean: Double

    public init(p50: Double, p95: Double, max: Double, mean: Double) {
      self.p50 = p50
      self.p95 = p95
      self.max = max
      self.mean = mean
    }

    /// The summary of delays in milliseconds, in any order.
    public init(millis: [Int64]) {
      guard !millis.isEmpty else {
        self.init(p50: 0, p95: 0, max: 0, mean: 0)
        return
      }
      let n = millis.count
      // The sum in whole milliseconds: below 2^53 every partial sum is exact as a Double too, so it
      // is the Double sum in any order (the sorted order this summary was once taken in).
      var total: Int64 = 0
      var largest = Int64.min
      var exact = true
      for value in millis {
        let (sum, overflow) = total.addingReportingOverflow(value)
        total = sum
        largest = Swift.max(largest, value)
        exact = exact && !overflow && sum.magnitude < 1 << 53 && value >= 0
      }
      guard exact else {
        self.init(sorting: millis)
        return
      }
      var values = millis
      let p95 = RankSelection.select((95 * n + 99) / 100 - 1, in: &values)
      let p50 = RankSelection.select((50 * n + 99) / 100 - 1, in: &values)
      self.init(
        p50: Double(p50) / 1000, p95: Double(p95) / 1000, max: Double(largest) / 1000,
        mean: Double(total) / Double(n) / 1000)
    }

    /// The same summary from the delays sorted, the mean summed in that order: the definition,
    /// and the way for sums a Double cannot hold exactly.
    package init(sorting millis: [Int64]) {
      let sorted = millis.sorted()
      let n = sorted.count
      func rank(_ percent: Int) -> Double { Double(sorted[(percent * n + 99) / 100 - 1]) / 1000 }
      let total = sorted.reduce(0.0) { $0 + Double($1) }
      self.init(p50: rank(50), p95: rank(95), max: Double(sorted[n - 1]) / 1000, mean: total / Double(n) / 1000)
    }
  }
}
