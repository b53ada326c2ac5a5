/// The median of finite `Float`s as sorting gives it (the middle value, or the mean of the two
/// middle values as `Double`s for an even count), found by selection instead of a sort: about
/// 3n comparisons where the sort of a 1.6 M-fix log's accuracies made n log n.
///
/// Exactly the sort's answer: equal finite `Float`s other than ±0 have the same bits, so any
/// order that puts the k-th smallest at k gives the same value there; with a −0 among the
/// values (which a stable sort places by input order among the +0s) it sorts instead.
package enum FloatMedian {
  /// The median of `values` (reordered), or `nil` when empty. `hasNegativeZero`: whether
  /// some value is −0.
  package static func median(of values: inout [Float], hasNegativeZero: Bool) -> Double? {
    guard !values.isEmpty else { return nil }
    let mid = values.count / 2
    if hasNegativeZero {
      values.sort()
    } else {
      values.withUnsafeMutableBufferPointer { select($0, mid) }
    }
    guard values.count % 2 == 0 else { return Double(values[mid]) }
    // After the selection every value before `mid` is at most values[mid]: the largest of
    // them is the (mid − 1)-th smallest.
    let below = hasNegativeZero ? values[mid - 1] : values[..<mid].max()!
    return (Double(below) + Double(values[mid])) / 2
  }

  /// Reorders `values` so that the k-th smallest is at `k`, none after it smaller and none
  /// before it larger (Hoare's selection, pivot the median of three; past a budget of rounds
  /// that only adversarial inputs exhaust, it sorts what is left).
  static func select(_ values: UnsafeMutableBufferPointer<Float>, _ k: Int) {
    var low = 0
    var high = values.count - 1
    var rounds = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 16
    while high > low {
      guard rounds > 0 else {
        var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
        rest.sort()
        return
      }
      rounds -= 1
      let first = values[low]
      let middle = values[low + (high - low) / 2]
      let last = values[high]
      let pivot = max(min(first, middle), min(max(first, middle), last))
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      // values[low...j] ≤ pivot ≤ values[i...high]; between them, values equal to the pivot.
      if k <= j {
        high = j
      } else if k >= i {
        low = i
      } else {
        return
      }
    }
  }
}
