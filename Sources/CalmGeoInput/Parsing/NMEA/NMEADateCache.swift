/// The last RMC date field read and its value, so that the calendar arithmetic
/// runs once per day of a log rather than once per sentence.
struct NMEADateCache {
  /// The six bytes of the last `ddmmyy` read, first byte lowest; `.max` (no six
  /// bytes give it) before the first.
  private var text: UInt64 = .max
  private var days: Int? = nil

  /// `NMEAFieldReader.date` of the six bytes at `p`.
  @inline(__always)
  mutating func date(_ p: UnsafePointer<UInt8>) -> Int? {
    var key: UInt64 = 0
    for i in 0..<6 { key |= UInt64(p[i]) << (8 * i) }
    if key != text {
      text = key
      days = NMEAFieldReader.date(p, 6)
    }
    return days
  }
}
