/// Reads the times found in CSV logs from bytes, without allocating.
///
/// Every function returns milliseconds (since 1970 UTC, since midnight, or of an offset)
/// or `nil` when the text is not of that shape. Text without a zone is UTC.
package enum CSVTimeParser {
  /// A date-time in any form the reader detects by itself:
  /// - ISO 8601, with or without zone and fraction (`2017-08-13T08:52:26.000Z`,
  ///   `2017-08-13 08:52:26`);
  /// - a date as `dateOnly` reads it, then a space, `T` or `_`, then a time of day as
  ///   `timeOfDay` reads it (`2005/05/01 10:12:47`, `13.08.2017 08:52`);
  /// - a plain number: Unix time, its unit told by its size (see `epoch`).
  package static func dateTime(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    if let iso = ISO8601Parser.parse(text) { return iso }
    if let number = epoch(text, unit: nil) { return number }
    var cursor = Cursor(text)
    guard let day = cursor.date() else { return nil }
    if cursor.atEnd { return day }
    guard cursor.skip(where: { $0 == 0x20 || $0 == 0x54 || $0 == 0x74 || $0 == 0x5F || $0 == 0x2C }) else { return nil }
    guard let clock = cursor.timeOfDay(), cursor.atEnd else { return nil }
    return day + clock
  }

  /// A number of seconds, milliseconds, microseconds or nanoseconds since 1970.
  ///
  /// With `unit` `nil` the size of the integer part decides (years 1973–5138 either way):
  /// below 10^11 it is seconds, below 10^14 milliseconds, below 10^17 microseconds, and
  /// nanoseconds above. Fractions are kept to the millisecond, rounded half away from 0.
  static func epoch(_ text: UnsafeBufferPointer<UInt8>, unit: CSVUnit?) -> Int64? {
    let n = text.count
    var i = 0
    var negative = false
    if i < n, text[i] == 0x2D || text[i] == 0x2B {
      negative = text[i] == 0x2D
      i += 1
    }
    var whole: Int64 = 0
    var wholeDigits = 0
    while i < n, text[i] &- 48 < 10 {
      guard wholeDigits < 19 else { return nil }
      whole = whole &* 10 &+ Int64(text[i] &- 48)
      wholeDigits += 1
      i += 1
    }
    guard wholeDigits > 0, whole >= 0 else { return nil }
    var nanos: Int64 = 0  // the fraction in units of 10^-9 of the integer's unit
    var scale: Int64 = 100_000_000
    var roundUp = false
    if i < n, text[i] == 0x2E {
      i += 1
      while i < n, text[i] &- 48 < 10 {
        let d = Int64(text[i] &- 48)
        if scale > 0 {
          nanos += d * scale
          scale /= 10
        } else if scale == 0 {
          roundUp = d >= 5
          scale = -1
        }
        i += 1
      }
    }
    guard i == n else { return nil }
    if roundUp { nanos += 1 }
    let resolved: CSVUnit
    if let unit {
      resolved = unit
    } else if whole < 100_000_000_000 {
      resolved = .seconds
    } else if whole < 100_000_000_000_000 {
      resolved = .milliseconds
    } else if whole < 100_000_000_000_000_000 {
      resolved = .microseconds
    } else {
      resolved = .nanoseconds
    }
    // Milliseconds = (whole + nanos/1e9) × (unit in ms), rounded half away from zero.
    let millis: Int64
    switch resolved {
    case .seconds:
      guard whole < 9_000_000_000_000_000 / 1000 else { return nil }
      millis = whole * 1000 + (nanos + 500_000) / 1_000_000
    case .milliseconds:
      millis = whole + (nanos + 500_000_000) / 1_000_000_000
    case .microseconds:
      millis = (whole + 500) / 1000
    case .nanoseconds:
      millis = (whole + 500_000) / 1_000_000
    default:
      return nil
    }
    return negative ? -millis : millis
  }

  /// A date alone, as milliseconds since 1970 at its midnight UTC:
  /// `YYYY-MM-DD`, `YYYY/MM/DD`, `YYYY.MM.DD`, `YYYYMMDD`, `DD.MM.YYYY`, or `YYMMDD`
  /// (Columbus loggers; the year is 2000 + YY, as GPSBabel reads it).
  ///
  /// `DD/MM/YYYY` and `MM/DD/YYYY` cannot be told apart and are not read: give
  /// `--time-format` for them.
  package static func dateOnly(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var cursor = Cursor(text)
    guard let day = cursor.date(), cursor.atEnd else { return nil }
    return day
  }

  /// A time of day as milliseconds after midnight, made UTC with a zone if it has one:
  /// `HH:MM`, `HH:MM:SS[.fff]`, `HHMMSS[.fff]` (Columbus), an hour of one digit,
  /// then optionally ` AM`/` PM`, then optionally `Z`, `±HH[:MM]` or ` UTC`.
  package static func timeOfDay(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var cursor = Cursor(text)
    guard let clock = cursor.timeOfDay(), cursor.atEnd else { return nil }
    return clock
  }

  /// An offset of local time east of UTC in milliseconds (UTC = local − offset):
  /// `+02:00`, `-0700`, `+5`, `-3.5` (hours), `Z`.
  package static func utcOffset(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var cursor = Cursor(text)
    if let zone = cursor.zone(), cursor.atEnd { return zone }
    guard let hours = CSVNumberParser.double(text), abs(hours) <= 18 else { return nil }
    return Int64((hours * 3_600_000).rounded())
  }

  /// A reading position in a field's bytes.
  struct Cursor {
    let text: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    var atEnd: Bool { index == text.count }

    /// Reads `min...max` digits (as many as there are, up to `max`).
    mutating func digits(min: Int, max: Int) -> Int? {
      var value = 0
      var count = 0
      while count < max, index < text.count, text[index] &- 48 < 10 {
        value = value * 10 + Int(text[index] &- 48)
        index += 1
        count += 1
      }
      return count >= min ? value : nil
    }

    /// Counts the digits ahead without reading them.
    func digitRun() -> Int {
      var k = index
      while k < text.count, text[k] &- 48 < 10 { k += 1 }
      return k - index
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard index < text.count, text[index] == byte else { return false }
      index += 1
      return true
    }

    /// Skips one or more bytes matching `predicate`; false when there is none.
    mutating func skip(where predicate: (UInt8) -> Bool) -> Bool {
      let start = index
      while index < text.count, predicate(text[index]) { index += 1 }
      return index > start
    }

    /// Reads a date; see `CSVTimeParser.dateOnly`.
    mutating func date() -> Int64? {
      let run = digitRun()
      var year = 0
      var month = 0
      var day = 0
      if run == 4 {
        year = digits(min: 4, max: 4)!
        guard index < text.count else { return nil }
        let separator = text[index]
        guard separator == 0x2D || separator == 0x2F || separator == 0x2E else { return nil }
        index += 1
        guard let m = digits(min: 1, max: 2), expect(separator), let d = digits(min: 1, max: 2) else { return nil }
        month = m
        day = d
      } else if run == 8 {
        year = digits(min: 4, max: 4)!
        month = digits(min: 2, max: 2)!
        day = digits(min: 2, max: 2)!
      } else if run == 6 {
        year = 2000 + digits(min: 2, max: 2)!
        month = digits(min: 2, max: 2)!
        day = digits(min: 2, max: 2)!
      } else if run == 1 || run == 2 {
        guard let d = digits(min: 1, max: 2), expect(0x2E), let m = digits(min: 1, max: 2), expect(0x2E),
          let y = digits(min: 4, max: 4)
        else { return nil }
        year = y
        month = m
        day = d
      } else {
        return nil
      }
      guard (1...12).contains(month), day >= 1, day <= UTCTime.daysInMonth(year: year, month: month) else {
        return nil
      }
      return UTCTime.millis(year: year, month: month, day: day)
    }

    /// Reads a time of day and an optional zone; see `CSVTimeParser.timeOfDay`.
    mutating func timeOfDay() -> Int64? {
      var hour = 0
      var minute = 0
      var second = 0
      if digitRun() == 6 {
        hour = digits(min: 2, max: 2)!
        minute = digits(min: 2, max: 2)!
        second = digits(min: 2, max: 2)!
      } else {
        guard let h = digits(min: 1, max: 2), expect(0x3A), let m = digits(min: 2, max: 2) else { return nil }
        hour = h
        minute = m
        if expect(0x3A) {
          guard let s = digits(min: 2, max: 2) else { return nil }
          second = s
        }
      }
      var millis = 0
      if index < text.count, text[index] == 0x2E || text[index] == 0x2C {
        index += 1
        var scale = 100
        var count = 0
        var roundUp = false
        while index < text.count, text[index] &- 48 < 10 {
          let d = Int(text[index] &- 48)
          if count < 3 {
            millis += d * scale
            scale /= 10
          } else if count == 3 {
            roundUp = d >= 5
          }
          count += 1
          index += 1
        }
        guard count > 0 else { return nil }
        if roundUp { millis += 1 }
      }
      // AM / PM
      let save = index
      _ = skip(where: { $0 == 0x20 })
      if index + 1 < text.count, text[index + 1] | 0x20 == 0x6D,
        text[index] | 0x20 == 0x61 || text[index] | 0x20 == 0x70
      {
        guard hour >= 1 && hour <= 12 else { return nil }
        let pm = text[index] | 0x20 == 0x70
        hour = hour % 12 + (pm ? 12 : 0)
        index += 2
      } else {
        index = save
      }
      guard hour < 24, minute < 60, second <= 60 else { return nil }
      var clock = Int64(((hour * 60 + minute) * 60 + second) * 1000 + millis)
      if !atEnd {
        guard let zone = zone() else { return nil }
        clock -= zone
      }
      return clock
    }

    /// Reads a zone: `Z`, `±HH`, `±HHMM`, `±HH:MM`, or ` UTC` / ` GMT` (optionally
    /// followed by an offset); returns its offset east of UTC in milliseconds.
    mutating func zone() -> Int64? {
      _ = skip(where: { $0 == 0x20 })
      guard index < text.count else { return nil }
      let c = text[index]
      if c | 0x20 == 0x7A {
        index += 1
        return 0
      }
      if index + 2 < text.count {
        let word = (text[index] | 0x20, text[index + 1] | 0x20, text[index + 2] | 0x20)
        if word == (0x75, 0x74, 0x63) || word == (0x67, 0x6D, 0x74) {  // utc, gmt
          index += 3
          if atEnd { return 0 }
        }
      }
      guard index < text.count, text[index] == 0x2B || text[index] == 0x2D else { return nil }
      let negative = text[index] == 0x2D
      index += 1
      guard let hours = digits(min: 1, max: 2), hours <= 18 else { return nil }
      var minutes = 0
      if expect(0x3A) {
        guard let m = digits(min: 2, max: 2) else { return nil }
        minutes = m
      } else if let m = digits(min: 2, max: 2) {
        minutes = m
      }
      guard minutes < 60 else { return nil }
      let offset = Int64((hours * 60 + minutes) * 60_000)
      return negative ? -offset : offset
    }
  }
}
