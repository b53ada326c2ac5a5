/// Reads ISO 8601 date-times from bytes without allocating.
///
/// Accepts `YYYY-MM-DDTHH:MM[:SS[.fraction]]` (a space may stand for `T`) followed
/// by `Z`, `±HH`, `±HHMM`, `±HH:MM` (hours below 24, minutes below 60) or nothing;
/// no zone means UTC. Times outside `UTCTime.earliest...latest` are refused. Fractions of
/// any length are rounded to the nearest millisecond.
public enum ISO8601Parser {
  /// Milliseconds since 1970 UTC, or `nil` when the text is not such a date-time.
  @inlinable
  public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    if let time = parseCommon(text) { return time }
    return parseAny(text)
  }

  /// The time of `YYYY-MM-DDTHH:MM:SS` followed by `Z`, by nothing, or by a fraction
  /// and then `Z` or nothing: what GPS loggers and apps write. `nil` for any other
  /// text, which says nothing about whether it is a date-time: `parseAny` decides.
  ///
  /// The 19 bytes of the date and time are read as three words and checked and
  /// combined a whole word at a time (separators by a mask, digits by the carries
  /// of one addition and one subtraction, pairs of digits by one multiplication), so
  /// no branch depends on a digit: GPX reads a time between long runs of libxml2,
  /// which leave the branch predictor cold.
  @inlinable @inline(__always)
  package static func parseCommon(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    let n = text.count
    guard n >= 19, let base = text.baseAddress else { return nil }
    let bytes = UnsafeRawPointer(base)
    // "YYYY-MM-", "DDTHH:MM" and "HH:MM:SS", byte k of the text in byte k of the word.
    let date = bytes.loadUnaligned(as: UInt64.self).littleEndian
    let middle = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
    let clock = bytes.loadUnaligned(fromByteOffset: 11, as: UInt64.self).littleEndian
    guard date & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,  // - -
      middle & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0054_0000,  // T :
      clock & 0x0000_FF00_00FF_0000 == 0x0000_3A00_003A_0000  // : :
    else { return nil }
    guard let datePairs = digitPairs(date, separators: 0xFF00_00FF_0000_0000),
      let middlePairs = digitPairs(middle, separators: 0x0000_FF00_00FF_0000),
      let clockPairs = digitPairs(clock, separators: 0x0000_FF00_00FF_0000)
    else { return nil }
    let year = Int(datePairs & 0xFF) * 100 + Int((datePairs >> 16) & 0xFF)
    let month = Int((datePairs >> 40) & 0xFF)
    let day = Int(middlePairs & 0xFF)
    let hour = Int((middlePairs >> 24) & 0xFF)
    let minute = Int((middlePairs >> 48) & 0xFF)
    let second = Int((clockPairs >> 48) & 0xFF)
    guard month >= 1, month <= 12, day >= 1, day <= UTCTime.daysInMonth(year: year, month: month),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var millis = 0
    var i = 19
    if i < n, text[i] == 46 || text[i] == 44 {  // . ,
      i += 1
      guard let fraction = fractionMillis(text, &i) else { return nil }
      millis = fraction
    }
    if i < n, text[i] == 90 || text[i] == 122 { i += 1 }  // Z z
    guard i == n else { return nil }
    let time =
      UTCTime.millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
      + Int64(millis)
    return UTCTime.isRepresentable(time) ? time : nil
  }

  /// For a word of ASCII digits with other bytes at `separators`, `nil` when a byte
  /// outside `separators` is not a digit; else a word whose byte k is the number
  /// made of the digits at k and k + 1 (meaningful where both are digits).
  @inlinable @inline(__always)
  static func digitPairs(_ word: UInt64, separators: UInt64) -> UInt64? {
    let digits = (word & ~separators) | (0x3030_3030_3030_3030 & separators)
    guard DigitWord.isAllDigits(digits) else { return nil }
    return DigitWord.pairs(digits)
  }

  /// The fraction of a second whose digits start at `i` (after the `.` or `,`), rounded
  /// to the nearest millisecond; `i` moves past the digits. `nil` when there is none.
  @inlinable @inline(__always)
  static func fractionMillis(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
    var scale = 100_000_000  // nanoseconds per digit, first digit
    var nanos = 0
    let start = i
    while i < text.count, text[i] &- 48 < 10 {
      if scale > 0 {
        nanos += Int(text[i] &- 48) * scale
        scale /= 10
      }
      i += 1
    }
    guard i > start else { return nil }
    return (nanos + 500_000) / 1_000_000
  }

  /// Any date-time `parse` accepts, byte by byte.
  @inlinable
  package static func parseAny(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var i = 0
    let n = text.count
    @inline(__always) func digits(_ count: Int) -> Int? {
      guard i + count <= n else { return nil }
      var value = 0
      for k in 0..<count {
        let c = text[i + k] &- 48
        guard c < 10 else { return nil }
        value = value * 10 + Int(c)
      }
      i += count
      return value
    }
    @inline(__always) func expect(_ byte: UInt8) -> Bool {
      guard i < n, text[i] == byte else { return false }
      i += 1
      return true
    }
    guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
      (1...12).contains(month), day >= 1, day <= UTCTime.daysInMonth(year: year, month: month),
      i < n, text[i] == 84 || text[i] == 116 || text[i] == 32
    else { return nil }
    i += 1
    guard let hour = digits(2), expect(58), let minute = digits(2), hour < 24, minute < 60 else { return nil }
    var second = 0
    var millis = 0
    if expect(58) {
      guard let s = digits(2), s < 61 else { return nil }
      second = s
      if i < n, text[i] == 46 || text[i] == 44 {
        i += 1
        guard let fraction = fractionMillis(text, &i) else { return nil }
        millis = fraction
      }
    }
    var offsetMinutes = 0
    if i < n {
      let c = text[i]
      if c == 90 || c == 122 {
        i += 1
      } else if c == 43 || c == 45 {
        i += 1
        guard let oh = digits(2), oh < 24 else { return nil }
        var om = 0
        if expect(58) {
          guard let m = digits(2), m < 60 else { return nil }
          om = m
        } else if let m = digits(2) {
          guard m < 60 else { return nil }
          om = m
        }
        offsetMinutes = (oh * 60 + om) * (c == 45 ? -1 : 1)
      }
    }
    guard i == n else { return nil }
    let time =
      UTCTime.millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
      + Int64(millis) - Int64(offsetMinutes) * 60_000
    // 0000-01-01T00:00+01:00 is in the year -1.
    return UTCTime.isRepresentable(time) ? time : nil
  }

  /// Whether a date-time text carries its own zone: ends in `Z`, `UTC`/`GMT`, or an
  /// offset `±HH[[:]MM]` after a time of day; a bare number (Unix time) counts as zoned,
  /// since it is an absolute instant. Used to apply `--utc-offset` only to zone-less times.
  public static func hasZone(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var end = text.count
    while end > 0, text[end - 1] == 0x20 { end -= 1 }
    guard end > 0 else { return false }
    if !text[..<end].contains(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x54 || $0 == 0x74 })
      && !text[1..<end].contains(0x2D) && !text[..<end].contains(0x20)
    {
      return true  // 1714546800, 1714546800.5: an absolute instant
    }
    let last = text[end - 1] | 0x20
    if last == 0x7A { return true }  // Z
    if end >= 3 {
      let word = String(decoding: text[(end - 3)..<end], as: UTF8.self).uppercased()
      if word == "UTC" || word == "GMT" { return true }
    }
    // ±HH, ±HHMM or ±HH:MM after a time of day.
    var i = end
    var digits = 0
    while i > 0, text[i - 1] &- 48 < 10 || text[i - 1] == 0x3A {
      if text[i - 1] != 0x3A { digits += 1 }
      i -= 1
    }
    guard i > 0, text[i - 1] == 0x2B || text[i - 1] == 0x2D, digits == 2 || digits == 4 else { return false }
    return text[..<(i - 1)].contains(0x3A)
  }

  /// Parses a `String` (for tests and configuration values).
  public static func parse(_ text: String) -> Int64? {
    var copy = text
    return copy.withUTF8 { parse($0) }
  }
}
