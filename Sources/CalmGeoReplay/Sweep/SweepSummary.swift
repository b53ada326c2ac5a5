/// Each configuration's numbers across its tracks: for every column the sum, the mean
/// and the 95th percentile (nearest rank), over the tracks that have the value.
package struct SweepSummary: Sendable {
  /// One configuration's aggregates, one value per column (NaN when no track has it).
  package struct Configuration: Sendable, Hashable {
    package var index: Int
    /// Rows (tracks) it has.
    package var tracks: Int
    package var sum: [Double]
    package var mean: [Double]
    package var p95: [Double]
  }

  package var columns: [String]
  /// Configurations with at least one row, by index.
  package var configurations: [Configuration]

  /// Aggregates `matrix` (rows of `table`, over `columns`), summing in track order.
  package init(table: SweepTable, columns: [String], matrix: [[Double]]) {
    self.columns = columns
    var rowsByConfiguration: [Int: [Int]] = [:]
    for (row, entry) in table.entries.enumerated() { rowsByConfiguration[entry.configIndex, default: []].append(row) }
    configurations = rowsByConfiguration.keys.sorted().map { index in
      let rows = rowsByConfiguration[index] ?? []
      var sum = [Double](repeating: .nan, count: columns.count)
      var mean = sum
      var p95 = sum
      for column in columns.indices {
        let values = rows.map { matrix[$0][column] }.filter { !$0.isNaN }
        guard !values.isEmpty else { continue }
        let total = values.reduce(0, +)
        sum[column] = total
        mean[column] = total / Double(values.count)
        p95[column] = Self.nearestRank(95, of: values)
      }
      return Configuration(index: index, tracks: rows.count, sum: sum, mean: mean, p95: p95)
    }
  }

  /// The `percent`th percentile by nearest rank: the smallest value with at least
  /// `percent`% of the values at or below it (the ⌈p·n/100⌉th smallest).
  package static func nearestRank(_ percent: Int, of values: [Double]) -> Double {
    let sorted = values.sorted()
    let rank = max(1, (percent * sorted.count + 99) / 100)
    return sorted[rank - 1]
  }
}
