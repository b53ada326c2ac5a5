/// A strftime-like pattern for `--time-format`, such as `%d/%m/%Y %H:%M:%S`.
///
/// Directives: `%Y` (4-digit year), `%y` (2-digit year: 00–68 is 20xx, 69–99 is 19xx, as
/// POSIX `strptime`), `%m`, `%d`, `%e`, `%H`, `%I`, `%M`, `%S` (1 or 2 digits), `%j` (day
/// of the year), `%f` (fraction of a second, 1–9 digits, kept to the millisecond), `%p`
/// (`AM`/`PM`), `%b`/`%B` (English month name or its first three letters), `%z` (`Z`,
/// `±HH`, `±HHMM`, `±HH:MM`), `%Z` (`UTC`, `GMT` or `Z`), `%T` (`%H:%M:%S`), `%F`
/// (`%Y-%m-%d`) and `%%`. A space matches one or more spaces; any other character
/// matches itself. Without `%z` the time is UTC.
package struct CSVTimePattern: Sendable, Equatable {
  enum Token: Sendable, Equatable {
    case literal(UInt8)
    case space
    case year, shortYear, month, monthName, day, dayOfYear, hour, hour12, minute, second, fraction
    case amPM, zone, zoneName
  }

  /// The pattern as given.
  let text: String
  let tokens: [Token]

  /// Compiles `text`; `nil` when it has an unknown directive or no year, month and day.
  package init?(_ text: String) {
    var tokens: [Token] = []
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.popFirst() {
      if byte == 0x25 {
        guard let directive = bytes.popFirst() else { return nil }
        switch directive {
        case UInt8(ascii: "Y"): tokens.append(.year)
        case UInt8(ascii: "y"): tokens.append(.shortYear)
        case UInt8(ascii: "m"): tokens.append(.month)
        case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "h"): tokens.append(.monthName)
        case UInt8(ascii: "d"), UInt8(ascii: "e"): tokens.append(.day)
        case UInt8(ascii: "j"): tokens.append(.dayOfYear)
        case UInt8(ascii: "H"): tokens.append(.hour)
        case UInt8(ascii: "I"): tokens.append(.hour12)
        case UInt8(ascii: "M"): tokens.append(.minute)
        case UInt8(ascii: "S"): tokens.append(.second)
        case UInt8(ascii: "f"): tokens.append(.fraction)
        case UInt8(ascii: "p"): tokens.append(.amPM)
        case UInt8(ascii: "z"): tokens.append(.zone)
        case UInt8(ascii: "Z"): tokens.append(.zoneName)
        case UInt8(ascii: "T"): tokens += [.hour, .literal(0x3A), .minute, .literal(0x3A), .second]
        case UInt8(ascii: "F"): tokens += [.year, .literal(0x2D), .month, .literal(0x2D), .day]
        case 0x25: tokens.append(.literal(0x25))
        default: return nil
        }
      } else if byte == 0x20 {
        if tokens.last != .space { tokens.append(.space) }
      } else {
        tokens.append(.literal(byte))
      }
    }
    let hasYear = tokens.contains(.year) || tokens.contains(.shortYear)
    let hasDay =
      tokens.contains(.dayOfYear)
      || ((tokens.contains(.month) || tokens.contains(.monthName)) && tokens.contains(.day))
    guard hasYear && hasDay else { return nil }
    self.text = text
    self.tokens = tokens
  }

  private static let monthNames: [[UInt8]] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ].map { Array($0.utf8) }

  /// Milliseconds since 1970 UTC of `text`, or `nil` when it does not match.
  package func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var cursor = CSVTimeParser.Cursor(text)
    var year = 1970
    var month = 1
    var day = 1
    var dayOfYear = 0
    var hour = 0
    var minute = 0
    var second = 0
    var millis = 0
    var pm: Bool? = nil
    var zone: Int64 = 0
    for token in tokens {
      switch token {
      case .literal(let byte):
        guard cursor.expect(byte) else { return nil }
      case .space:
        guard cursor.skip(where: { $0 == 0x20 || $0 == 0x09 }) else { return nil }
      case .year:
        guard let y = cursor.digits(min: 4, max: 4) else { return nil }
        year = y
      case .shortYear:
        guard let y = cursor.digits(min: 2, max: 2) else { return nil }
        year = y < 69 ? 2000 + y : 1900 + y
      case .month:
        guard let m = cursor.digits(min: 1, max: 2) else { return nil }
        month = m
      case .monthName:
        guard let m = Self.monthName(&cursor) else { return nil }
        month = m
      case .day:
        _ = cursor.skip(where: { $0 == 0x20 })
        guard let d = cursor.digits(min: 1, max: 2) else { return nil }
        day = d
      case .dayOfYear:
        guard let d = cursor.digits(min: 1, max: 3), d >= 1 else { return nil }
        dayOfYear = d
      case .hour, .hour12:
        guard let h = cursor.digits(min: 1, max: 2) else { return nil }
        hour = h
      case .minute:
        guard let m = cursor.digits(min: 1, max: 2) else { return nil }
        minute = m
      case .second:
        guard let s = cursor.digits(min: 1, max: 2) else { return nil }
        second = s
      case .fraction:
        let run = cursor.digitRun()
        guard run >= 1 else { return nil }
        var value = 0
        var roundUp = false
        for k in 0..<run {
          let d = cursor.digits(min: 1, max: 1)!
          if k < 3 { value = value * 10 + d } else if k == 3 { roundUp = d >= 5 }
        }
        for _ in min(run, 3)..<3 { value *= 10 }
        millis = value + (roundUp ? 1 : 0)
      case .amPM:
        guard cursor.index + 1 < text.count, text[cursor.index + 1] | 0x20 == 0x6D else { return nil }
        let letter = text[cursor.index] | 0x20
        guard letter == 0x61 || letter == 0x70 else { return nil }
        pm = letter == 0x70
        cursor.index += 2
      case .zone, .zoneName:
        guard let z = cursor.zone() else { return nil }
        zone = z
      }
    }
    guard cursor.atEnd else { return nil }
    if let pm {
      guard hour >= 1 && hour <= 12 else { return nil }
      hour = hour % 12 + (pm ? 12 : 0)
    }
    guard hour < 24, minute < 60, second <= 60 else { return nil }
    let midnight: Int64
    if dayOfYear > 0 {
      let leap = UTCTime.daysInMonth(year: year, month: 2) == 29
      guard dayOfYear <= (leap ? 366 : 365) else { return nil }
      midnight = UTCTime.millis(year: year, month: 1, day: 1) + Int64(dayOfYear - 1) * 86_400_000
    } else {
      guard (1...12).contains(month), day >= 1, day <= UTCTime.daysInMonth(year: year, month: month) else {
        return nil
      }
      midnight = UTCTime.millis(year: year, month: month, day: day)
    }
    return midnight + Int64(((hour * 60 + minute) * 60 + second) * 1000 + millis) - zone
  }

  /// Reads an English month name or its first three letters.
  private static func monthName(_ cursor: inout CSVTimeParser.Cursor) -> Int? {
    let text = cursor.text
    guard cursor.index + 3 <= text.count else { return nil }
    let prefix = [text[cursor.index] | 0x20, text[cursor.index + 1] | 0x20, text[cursor.index + 2] | 0x20]
    guard let index = monthNames.firstIndex(of: prefix) else { return nil }
    cursor.index += 3
    while cursor.index < text.count, (text[cursor.index] | 0x20) >= 0x61, (text[cursor.index] | 0x20) <= 0x7A {
      cursor.index += 1
    }
    return index + 1
  }
}
