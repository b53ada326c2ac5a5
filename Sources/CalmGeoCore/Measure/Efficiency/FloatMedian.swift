/// The median of finite `Float`s as sorting gives it (the middle value, or the mean of the two
/// middle values as `Double`s for an even count), found by counting instead of a sort: two
/// passes over the values whatever they are, where the sort of a 1.6 M-fix log's accuracies made
/// n log n comparisons (and a selection, with the few distinct values accuracies have, a third of
/// a replay's finishing time).
///
/// Exactly the sort's answer: the values are ranked by an order-preserving key of their bits
/// (`key(_:)`), and equal finite `Float`s other than ±0 have the same bits, so the k-th smallest
/// key is the k-th value of the sort; with a −0 among the values (which a stable sort places by
/// input order among the +0s) it sorts instead.
package enum FloatMedian {
  /// The median of `values` (reordered only when some value is −0), or `nil` when empty.
  /// `hasNegativeZero`: whether some value is −0.
  package static func median(of values: inout [Float], hasNegativeZero: Bool) -> Double? {
    guard !values.isEmpty else { return nil }
    let mid = values.count / 2
    if hasNegativeZero {
      values.sort()
      guard values.count % 2 == 0 else { return Double(values[mid]) }
      return (Double(values[mid - 1]) + Double(values[mid])) / 2
    }
    let ranked = values.withUnsafeBufferPointer {
      ranks(values: $0, lower: values.count % 2 == 0 ? mid - 1 : mid, upper: mid)
    }
    guard values.count % 2 == 0 else { return Double(ranked.upper) }
    return (Double(ranked.lower) + Double(ranked.upper)) / 2
  }

  /// An unsigned key in the order of the finite values (−0 just below +0): the bits with the sign
  /// flipped for positives, all inverted for negatives.
  @inline(__always)
  package static func key(_ value: Float) -> UInt32 {
    let bits = value.bitPattern
    return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
  }

  /// The value of a key.
  @inline(__always)
  package static func value(_ key: UInt32) -> Float {
    Float(bitPattern: key & 0x8000_0000 != 0 ? key & 0x7FFF_FFFF : ~key)
  }

  /// The `lower`-th and `upper`-th smallest values (0-based, `lower` ≤ `upper`, both in range):
  /// the keys' high halves counted in one pass, then the low halves of those in the buckets that
  /// hold the two ranks in a second.
  static func ranks(values: UnsafeBufferPointer<Float>, lower: Int, upper: Int) -> (lower: Float, upper: Float) {
    var high = [Int32](repeating: 0, count: 1 << 16)
    high.withUnsafeMutableBufferPointer { counts in
      for v in values { counts[Int(key(v) >> 16)] &+= 1 }
    }
    let (lowerBucket, lowerBefore) = bucket(holding: lower, in: high)
    let (upperBucket, upperBefore) = bucket(holding: upper, in: high)
    var lowerCounts = [Int32](repeating: 0, count: 1 << 16)
    var upperCounts = lowerBucket == upperBucket ? [] : [Int32](repeating: 0, count: 1 << 16)
    lowerCounts.withUnsafeMutableBufferPointer { lowerCounts in
      upperCounts.withUnsafeMutableBufferPointer { upperCounts in
        for v in values {
          let k = key(v)
          let b = Int(k >> 16)
          if b == lowerBucket {
            lowerCounts[Int(k & 0xFFFF)] &+= 1
          } else if b == upperBucket {
            upperCounts[Int(k & 0xFFFF)] &+= 1
          }
        }
      }
    }
    let lowerKey = UInt32(lowerBucket) << 16 | UInt32(bucket(holding: lower - lowerBefore, in: lowerCounts).index)
    let upperLow = bucket(holding: upper - upperBefore, in: lowerBucket == upperBucket ? lowerCounts : upperCounts)
    let upperKey = UInt32(upperBucket) << 16 | UInt32(upperLow.index)
    return (value(lowerKey), value(upperKey))
  }

  /// The index of the count that holds `rank` (0-based) and the total of the counts before it.
  private static func bucket(holding rank: Int, in counts: [Int32]) -> (index: Int, before: Int) {
    var before = 0
    for (index, count) in counts.enumerated() {
      if rank < before + Int(count) { return (index, before) }
      before += Int(count)
    }
    preconditionFailure("rank \(rank) beyond the \(before) values counted")
  }
}
