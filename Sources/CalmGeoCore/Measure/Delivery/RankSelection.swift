/// The k-th smallest of a few million numbers without sorting them all (quickselect): a sweep
/// row needs two nearest-rank percentiles of its delivery delays, and sorting them was 3 % of it.
package enum RankSelection {
  /// The value that `values.sorted()[k]` holds; `values` is reordered. Ranges at most 16 long are
  /// sorted; longer ones split three ways (below, equal to, above the median of three) around a
  /// pivot, so runs of equal values end the search.
  package static func select(_ k: Int, in values: inout [Int64]) -> Int64 {
    precondition(values.indices.contains(k), "rank \(k) outside \(values.count) values")
    var low = 0
    var high = values.count
    while high - low > 16 {
      let pivot = medianOfThree(values[low], values[low + (high - low) / 2], values[high - 1])
      let lessEnd = values[low..<high].partition { $0 >= pivot }
      let equalEnd = values[lessEnd..<high].partition { $0 > pivot }
      if k < lessEnd {
        high = lessEnd
      } else if k < equalEnd {
        return pivot
      } else {
        low = equalEnd
      }
    }
    values[low..<high].sort()
    return values[k]
  }

  private static func medianOfThree(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
    max(min(a, b), min(max(a, b), c))
  }
}
