/// The latest latitude and longitude read, kept with their bytes: an epoch's GGA and RMC carry
/// the same position text, and the same bytes read as the same angle, so the second sentence
/// takes the first one's value instead of parsing the digits again.
///
/// Only texts of up to 16 bytes with 16 readable bytes from their start are kept (the two words
/// are compared whole, the bytes past the text masked off); anything else is parsed every time.
package struct NMEAAngleMemo {
  /// One text and what `NMEAFieldReader.angleAndDigits` made of it.
  package struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    /// The text's length; 0 while nothing is kept (an empty text is never looked up).
    package var count = 0
    package var angle: (degrees: Double, digits: Int) = (0, 0)

    package init() {}

    init(low: UInt64, high: UInt64, count: Int, angle: (degrees: Double, digits: Int)) {
      self.low = low
      self.high = high
      self.count = count
      self.angle = angle
    }
  }

  var latitude = Entry()
  var longitude = Entry()

  /// The text's two words, bytes past `count` (1 to 16) zeroed.
  @inline(__always)
  static func words(_ p: UnsafePointer<UInt8>, _ count: Int) -> (low: UInt64, high: UInt64) {
    let low = ByteScan.load(p)
    let high = ByteScan.load(p + 8)
    if count >= 16 { return (low, high) }
    if count > 8 { return (low, high & ((1 &<< UInt64(8 &* (count &- 8))) &- 1)) }
    return (count == 8 ? low : low & ((1 &<< UInt64(8 &* count)) &- 1), 0)
  }

  /// `NMEAFieldReader.angleAndDigits(p, count, maxDegrees:)`, from `entry` when it holds the
  /// same text; `readable`: the bytes that may be read from `p` (at least `count`).
  @inline(__always)
  package static func angle(
    _ p: UnsafePointer<UInt8>, _ count: Int, readable: Int, maxDegrees: UInt64, entry: inout Entry
  ) -> (degrees: Double, digits: Int)? {
    guard count <= 16, readable >= 16 else { return NMEAFieldReader.angleAndDigits(p, count, maxDegrees: maxDegrees) }
    let (low, high) = words(p, count)
    if count == entry.count && low == entry.low && high == entry.high { return entry.angle }
    guard let angle = NMEAFieldReader.angleAndDigits(p, count, maxDegrees: maxDegrees) else { return nil }
    entry = Entry(low: low, high: high, count: count, angle: angle)
    return angle
  }
}
