/// One NMEA sentence seen in place in a line buffer: its fields as byte ranges,
/// read on demand without copying.
///
/// Field 0 is the address (`GPGGA`); field `i` is the `i`-th comma-separated value
/// after it. Missing trailing fields read as empty. Typed readers return `nil`
/// for an empty field and, for a field that holds the wrong kind of text, also
/// record it as the sentence's first bad field (see `badField`), so that a
/// parser can read every value first and reject the sentence once. Spaces
/// around a value (`222517 `, ` 222519`, seen in hand-edited logs) are ignored.
struct NMEASentence {
  /// The start of the line holding the sentence.
  let line: UnsafePointer<UInt8>
  /// Offsets in `line` of each field's first byte; entry `count` is one past the
  /// last field's end (the `*` or the sentence's end) plus one.
  let starts: UnsafePointer<Int32>
  /// Number of fields, address included.
  let count: Int
  /// The parser's latest latitude and longitude, reused when this sentence repeats their text.
  let angles: UnsafeMutablePointer<NMEAAngleMemo>
  /// The first field that could not be read: its index and name.
  private(set) var badField: (index: Int, name: StaticString)? = nil

  init(
    line: UnsafePointer<UInt8>, starts: UnsafePointer<Int32>, count: Int, angles: UnsafeMutablePointer<NMEAAngleMemo>
  ) {
    self.line = line
    self.starts = starts
    self.count = count
    self.angles = angles
  }

  /// The bytes of field `index` (empty when the sentence has fewer fields).
  @inline(__always)
  func field(_ index: Int) -> (pointer: UnsafePointer<UInt8>, count: Int) {
    guard index < count else { return (line, 0) }
    let start = Int(starts[index])
    return (line + start, Int(starts[index + 1]) - 1 - start)
  }

  /// Offset in the line of the sentence's end (its `*`, or the line's end).
  @inline(__always) var sentenceEnd: Int { Int(starts[count]) - 1 }

  /// Offset in the line of field `index`'s first byte (or the sentence end).
  func offset(ofField index: Int) -> Int {
    Int(starts[min(index, count)]) - (index >= count ? 1 : 0)
  }

  /// The text of field `index`, for messages.
  func text(_ index: Int) -> String {
    let (p, n) = field(index)
    return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
  }

  /// Whether field `index` is empty.
  @inline(__always) func isEmpty(_ index: Int) -> Bool { field(index).count == 0 }

  /// The single character of field `index`, 0 when empty.
  @inline(__always)
  func character(_ index: Int) -> UInt8 {
    let (p, n) = field(index)
    return n == 0 ? 0 : p[0]
  }

  /// The field without surrounding spaces, or `nil` when it has none to drop.
  @inline(never)
  static func trimmed(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UnsafePointer<UInt8>, Int)? {
    var start = 0
    var end = n
    while start < end && p[start] == 0x20 { start += 1 }
    while end > start && p[end - 1] == 0x20 { end -= 1 }
    return start == 0 && end == n ? nil : (p + start, end - start)
  }

  @inline(__always)
  private mutating func bad(_ index: Int, _ name: StaticString) {
    if badField == nil { badField = (index, name) }
  }

  /// A decimal number.
  @inline(__always)
  mutating func decimal(_ index: Int, _ name: StaticString) -> Double? {
    let (p, n) = field(index)
    guard n > 0 else { return nil }
    guard
      let value = NMEAFieldReader.decimal(p, n) ?? Self.trimmed(p, n).flatMap({ NMEAFieldReader.decimal($0.0, $0.1) })
    else {
      bad(index, name)
      return nil
    }
    return value.value
  }

  /// A non-negative integer.
  @inline(__always)
  mutating func integer(_ index: Int, _ name: StaticString) -> Int? {
    let (p, n) = field(index)
    guard n > 0 else { return nil }
    guard
      let value = NMEAFieldReader.integer(p, n) ?? Self.trimmed(p, n).flatMap({ NMEAFieldReader.integer($0.0, $0.1) })
    else {
      bad(index, name)
      return nil
    }
    return value
  }

  /// UTC time of day in milliseconds.
  @inline(__always)
  mutating func timeOfDay(_ index: Int) -> Int? {
    let (p, n) = field(index)
    guard n > 0 else { return nil }
    guard
      let value = NMEAFieldReader.timeOfDay(p, n)
        ?? Self.trimmed(p, n).flatMap({ NMEAFieldReader.timeOfDay($0.0, $0.1) })
    else {
      bad(index, "time")
      return nil
    }
    return value
  }

  /// RMC's `ddmmyy` date as days since 1970; six-byte fields go through `cache`.
  @inline(__always)
  mutating func date(_ index: Int, cache: inout NMEADateCache) -> Int? {
    let (p, n) = field(index)
    guard n > 0 else { return nil }
    // Six bytes are a date or nothing; trimming spaces cannot help them.
    let value = n == 6 ? cache.date(p) : Self.trimmed(p, n).flatMap({ NMEAFieldReader.date($0.0, $0.1) })
    guard let value else {
      bad(index, "date")
      return nil
    }
    return value
  }

  /// A latitude (`ddmm.mm` at `index`, `N`/`S` after it) in signed degrees, and
  /// the number of fraction digits of its minutes (its precision).
  ///
  /// A value written with a minus sign is read by its magnitude: the hemisphere
  /// letter decides the sign (Unicore writes `-0214.41,W` for 2°14′ W).
  @inline(__always)
  mutating func latitude(_ index: Int) -> (degrees: Double, digits: Int)? {
    coordinate(
      index, maxDegrees: 90, positive: 0x4E, negative: 0x53, name: "latitude", hemisphere: "N/S",
      memo: &angles.pointee.latitude)
  }

  /// A longitude (`dddmm.mm` at `index`, `E`/`W` after it) in signed degrees.
  @inline(__always)
  mutating func longitude(_ index: Int) -> (degrees: Double, digits: Int)? {
    coordinate(
      index, maxDegrees: 180, positive: 0x45, negative: 0x57, name: "longitude", hemisphere: "E/W",
      memo: &angles.pointee.longitude)
  }

  @inline(__always)
  private mutating func coordinate(
    _ index: Int, maxDegrees: UInt64, positive: UInt8, negative: UInt8, name: StaticString,
    hemisphere: StaticString, memo: inout NMEAAngleMemo.Entry
  ) -> (degrees: Double, digits: Int)? {
    var (p, n) = field(index)
    guard n > 0 else { return nil }
    if p[0] == 0x20 || p[n - 1] == 0x20, let (q, m) = Self.trimmed(p, n) { (p, n) = (q, m) }
    guard n > 0 else { return nil }
    if p[0] == 0x2D || p[0] == 0x2B {
      p += 1
      n -= 1
    }
    // One sign at most: `--1` is not a coordinate (it read as 1').
    guard n > 0, p[0] != 0x2D, p[0] != 0x2B,
      let (magnitude, digits) = NMEAAngleMemo.angle(
        p, n, readable: line + sentenceEnd - p, maxDegrees: maxDegrees, entry: &memo)
    else {
      bad(index, name)
      return nil
    }
    var (h, hn) = field(index + 1)
    if hn > 1, let (q, m) = Self.trimmed(h, hn) { (h, hn) = (q, m) }
    guard hn == 1, h[0] == positive || h[0] == negative else {
      bad(index + 1, hemisphere)
      return nil
    }
    return (h[0] == negative ? -magnitude : magnitude, digits)
  }
}
