/// Calendar arithmetic and ISO 8601 text for times in milliseconds since 1970 UTC.
///
/// Proleptic Gregorian calendar, no leap seconds (as Unix time and Core Location).
public enum UTCTime {
  /// The earliest time a log may hold: 0000-01-01T00:00:00.000Z.
  public static let earliest: Int64 = -62_167_219_200_000
  /// The latest time a log may hold: 9999-12-31T23:59:59.999Z.
  public static let latest: Int64 = 253_402_300_799_999

  /// Whether `time` lies in the years 0000-9999, the times ISO 8601 writes with
  /// four digits. Every time read from a log is checked against this range where
  /// it enters, so that the engine's arithmetic (differences, expiry) cannot overflow.
  @inlinable
  public static func isRepresentable(_ time: Int64) -> Bool { time >= earliest && time <= latest }

  /// Days since 1970-01-01 of a civil date (Howard Hinnant's `days_from_civil`).
  @inlinable @inline(__always)
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
  }

  /// The civil date of a day count since 1970-01-01 (`civil_from_days`).
  @inlinable
  public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Days in a month of the proleptic Gregorian calendar.
  @inlinable @inline(__always)
  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Milliseconds since 1970 of a UTC date and time.
  @inlinable
  public static func millis(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0
  ) -> Int64 {
    let d = Int64(days(year: year, month: month, day: day))
    return ((d * 24 + Int64(hour)) * 60 + Int64(minute)) * 60_000 + Int64(second) * 1000 + Int64(millisecond)
  }

  /// `2024-05-01T07:03:12.000Z`: ISO 8601 UTC with milliseconds, as CalmGeo writes it.
  public static func iso8601(_ time: Int64) -> String {
    var bytes = [UInt8](repeating: 0, count: 24)
    bytes.withUnsafeMutableBufferPointer { writeISO8601(time, into: $0.baseAddress!) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the 24 bytes of `iso8601(time)` at `out` (years 0...9999).
  @inlinable
  public static func writeISO8601(_ time: Int64, into out: UnsafeMutablePointer<UInt8>) {
    let (dayCount, ms) = dayAndMillis(time)
    writeISO8601Date(day: dayCount, into: out)
    writeISO8601Time(millis: ms, into: out)
  }

  /// `writeISO8601(_:into:)` for a stream of times, most in the day of the one before: the
  /// calendar date is worked out once per day (`days` remembers the last one's text).
  @inline(__always)
  package static func writeISO8601(_ time: Int64, into out: UnsafeMutablePointer<UInt8>, days: inout ISO8601Days) {
    let (dayCount, ms) = dayAndMillis(time)
    if dayCount == days.day {
      withUnsafeBytes(of: days.text) {
        out.update(from: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 11)
      }
    } else {
      writeISO8601Date(day: dayCount, into: out)
      withUnsafeMutableBytes(of: &days.text) { $0.copyMemory(from: UnsafeRawBufferPointer(start: out, count: 11)) }
      days.day = dayCount
    }
    writeISO8601Time(millis: ms, into: out)
  }

  /// Days since 1970 and the milliseconds into that day.
  @usableFromInline @inline(__always)
  static func dayAndMillis(_ time: Int64) -> (day: Int64, millis: Int) {
    var dayCount = time / 86_400_000
    var ms = time % 86_400_000
    if ms < 0 {
      ms += 86_400_000
      dayCount -= 1
    }
    return (dayCount, Int(ms))
  }

  /// `yyyy-MM-ddT`, the first 11 bytes.
  @usableFromInline @inline(__always)
  static func writeISO8601Date(day: Int64, into out: UnsafeMutablePointer<UInt8>) {
    let (y, mo, d) = civil(days: Int(day))
    let year = min(max(y, 0), 9999)
    writeTwoDigits(year / 100, out)
    writeTwoDigits(year % 100, out + 2)
    out[4] = 45
    writeTwoDigits(mo, out + 5)
    out[7] = 45
    writeTwoDigits(d, out + 8)
    out[10] = 84
  }

  /// `HH:mm:ss.SSSZ`, the last 13 bytes.
  @usableFromInline @inline(__always)
  static func writeISO8601Time(millis msInt: Int, into out: UnsafeMutablePointer<UInt8>) {
    writeTwoDigits(msInt / 3_600_000, out + 11)
    out[13] = 58
    writeTwoDigits(msInt / 60_000 % 60, out + 14)
    out[16] = 58
    writeTwoDigits(msInt / 1000 % 60, out + 17)
    out[19] = 46
    let frac = msInt % 1000
    out[20] = UInt8(48 + frac / 100)
    out[21] = UInt8(48 + frac / 10 % 10)
    out[22] = UInt8(48 + frac % 10)
    out[23] = 90
  }

  @usableFromInline @inline(__always)
  static func writeTwoDigits(_ v: Int, _ out: UnsafeMutablePointer<UInt8>) {
    out[0] = UInt8(48 + v / 10)
    out[1] = UInt8(48 + v % 10)
  }
}

/// The date text of the last day `UTCTime.writeISO8601(_:into:days:)` wrote.
package struct ISO8601Days: Sendable {
  var day = Int64.min
  /// `yyyy-MM-ddT` in the first 11 bytes.
  var text: (UInt64, UInt64) = (0, 0)

  package init() {}
}
