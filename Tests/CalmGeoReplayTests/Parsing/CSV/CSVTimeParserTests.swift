import Testing

@testable import CalmGeoReplay

/// 2024-05-01T07:03:12Z in ms since 1970: 2024-01-01 is day 54×365 + 13 leap days = 19723;
/// + 121 days (Jan 31, Feb 29, Mar 31, Apr 30) = 19844; × 86400 s = 1 714 521 600 s;
/// + 7 h 3 min 12 s (25 392 s) = 1 714 546 992 s.
private let anchor: Int64 = 1_714_546_992_000
/// 2005-05-01 in ms: 2005-01-01 is day 35×365 + 9 leap days = 12784; + 120 = day 12904.
private let may2005: Int64 = 12_904 * 86_400_000
/// 2025-07-24 in ms: 2025-01-01 is day 55×365 + 14 = 20089; + 181 (Jan–Jun) + 23 = day 20293.
private let july2025: Int64 = 20_293 * 86_400_000

private func run<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
  var copy = text
  return copy.withUTF8(body)
}

struct CSVTimeParserTests {
  @Test(
    arguments: [
      ("2024-05-01T07:03:12.000Z", anchor),
      ("2024-05-01 07:03:12", anchor),  // no zone: UTC
      ("2024-05-01T09:03:12+02:00", anchor),
      ("2024-05-01T07:03:12.5Z", anchor + 500),
      ("2024/05/01 07:03:12", anchor),  // slash date, space
      ("2024/05/01T07:03:12.5Z", anchor + 500),
      ("2024.05.01 07:03:12", anchor),
      ("01.05.2024 07:03:12", anchor),  // DD.MM.YYYY
      ("2024-05-01_07:03:12", anchor),
      ("2024/05/01 09:03:12 +0200", anchor),
      ("2024/05/01 07:03:12 UTC", anchor),
      ("2024/05/01", anchor - 25_392_000),  // a date alone: its midnight
      ("1714546992", anchor),  // Unix seconds (< 10^11)
      ("1714546992.1234", anchor + 123),  // 0.1234 s → 123 ms
      ("1714546992.1235", anchor + 124),  // 0.1235 s → 123.5 → 124 ms
      ("1714546992000", anchor),  // milliseconds (< 10^14)
      ("1714546992000.6", anchor + 1),  // 0.6 ms rounds up
      ("1714546992000123", anchor),  // microseconds: 123 µs rounds down
      ("1714546992000500", anchor + 1),  // 500 µs rounds up
      ("1714546992000000000", anchor),  // nanoseconds
      ("99999999999", 99_999_999_999_000),  // 10^11 − 1: still seconds (year 5138)
      ("100000000000", 100_000_000_000),  // 10^11: milliseconds (1973-03-03)
      ("-1", -1000),
      ("2024-13-01 00:00:00", nil), ("2024-02-30", nil), ("2024-05-01 25:00", nil), ("yesterday", nil),
      ("", nil), ("12:00", nil), ("01/05/2024 07:03:12", nil),  // DD/MM vs MM/DD: needs --time-format
      ("17145469920001234567890", nil),
    ] as [(String, Int64?)])
  func detectsDateTimes(text: String, expected: Int64?) {
    #expect(run(text, CSVTimeParser.dateTime) == expected)
  }

  @Test(
    arguments: [
      ("2005/05/01", may2005), ("2005-05-01", may2005), ("20050501", may2005),
      ("050501", may2005),  // YYMMDD, 20YY
      ("01.05.2005", may2005), ("2005-5-1", may2005), ("250724", july2025),
      ("2025/02/29", nil), ("13/01/2025", nil), ("2507241", nil), ("", nil), ("2005-05", nil),
    ] as [(String, Int64?)])
  func readsDates(text: String, expected: Int64?) {
    #expect(run(text, CSVTimeParser.dateOnly) == expected)
  }

  @Test(
    arguments: [
      ("10:12:47", 36_767_000),  // (10×3600 + 12×60 + 47) s
      ("173418", 63_258_000),  // (17×3600 + 34×60 + 18) s
      ("063510", 23_710_000),  // (6×3600 + 35×60 + 10) s
      ("9:05", 32_700_000),  // (9×3600 + 5×60) s
      ("10:12:47.25", 36_767_250),
      ("10:12:47,25", 36_767_250),
      ("173418.5", 63_258_500),
      ("10:12:47Z", 36_767_000),
      ("12:12:47+02:00", 36_767_000),  // 12:12:47 at +2 h is 10:12:47 UTC
      ("10:12:47 PM", 79_967_000),  // 22:12:47
      ("12:00:00 AM", 0),
      ("12:30:00 pm", 45_000_000),
      ("23:59:60", 86_400_000),  // a leap second is accepted
      ("24:00:00", nil), ("10:60", nil), ("1012", nil), ("10:12:47 XM", nil), ("13:00 PM", nil), ("", nil),
    ] as [(String, Int64?)])
  func readsTimesOfDay(text: String, expected: Int64?) {
    #expect(run(text, CSVTimeParser.timeOfDay) == expected)
  }

  @Test(
    arguments: [
      ("+00:00", 0), ("-06:00", -21_600_000), ("+0530", 19_800_000), ("-7", -25_200_000),
      ("5.5", 19_800_000), ("Z", 0), ("+25:00", nil), ("abc", nil), ("", nil),
    ] as [(String, Int64?)])
  func readsUTCOffsets(text: String, expected: Int64?) {
    #expect(run(text, CSVTimeParser.utcOffset) == expected)
  }

  @Test(
    arguments: [
      ("%d/%m/%Y %H:%M:%S", "01/05/2024 07:03:12", anchor),
      ("%m/%d/%y %I:%M %p", "05/01/24 7:03 AM", anchor - 12_000),
      ("%m/%d/%y %I:%M %p", "05/01/24 7:03 PM", anchor - 12_000 + 43_200_000),
      ("%Y%m%d%H%M%S", "20240501070312", anchor),
      ("%Y-%m-%dT%H:%M:%S.%f%z", "2024-05-01T09:03:12.5+02:00", anchor + 500),
      ("%Y-%m-%dT%H:%M:%S.%f", "2024-05-01T07:03:12.123456", anchor + 123),
      ("%d %b %Y %T", "01 May 2024 07:03:12", anchor),
      ("%d %B %Y %T", "1 may 2024 07:03:12", anchor),
      ("%Y %j %H:%M", "2024 122 07:03", anchor - 12_000),  // day 122 of 2024 = 121 days after Jan 1 = May 1
      ("%F %T %Z", "2024-05-01 07:03:12 UTC", anchor),
      // 69 → 1969; 1969-05-01 is May–Dec = 31+30+31+31+30+31+30+31 = 245 days before 1970.
      ("%d/%m/%y", "01/05/69", -245 * 86_400_000),
      ("%F  %T", "2024-05-01    07:03:12", anchor),  // a space matches a run of spaces
      ("%d/%m/%Y %H:%M:%S", "2024-05-01 07:03:12", nil),
      ("%d/%m/%Y %H:%M:%S", "31/04/2024 07:03:12", nil),
      ("%d/%m/%Y %H:%M:%S", "01/05/2024 07:03:12 trailing", nil),
    ] as [(String, String, Int64?)])
  func readsPatterns(pattern: String, text: String, expected: Int64?) throws {
    let compiled = try #require(CSVTimePattern(pattern))
    #expect(run(text) { compiled.parse($0) } == expected)
  }

  @Test(arguments: ["%Q", "%H:%M:%S", "%m/%d", "%Y-%m-%d %", "no directive"])
  func rejectsUnusablePatterns(pattern: String) {
    #expect(CSVTimePattern(pattern) == nil)
  }

  @Test(
    arguments: [
      (nil, CSVTimeFormat.auto as CSVTimeFormat?),
      ("auto", .auto),
      ("iso8601", .iso8601),
      ("unix", .unix(.seconds)),
      ("UNIX_MS", .unix(.milliseconds)),
      ("unix_us", .unix(.microseconds)),
      ("unix_ns", .unix(.nanoseconds)),
      ("%d/%m/%Y", .pattern(CSVTimePattern("%d/%m/%Y")!)),
      ("rfc2822", nil),
      ("%Q", nil),
    ] as [(String?, CSVTimeFormat?)])
  func namesTimeFormats(option: String?, expected: CSVTimeFormat?) {
    #expect(CSVTimeFormat(option: option) == expected)
  }

  @Test func explicitFormatsReadOnlyTheirKind() {
    // 1714546992 read as milliseconds is 1970-01-20T20:15:46.992Z.
    #expect(run("1714546992") { CSVTimeFormat.unix(.milliseconds).parse($0) } == 1_714_546_992)
    #expect(run("1714546992") { CSVTimeFormat.iso8601.parse($0) } == nil)
    #expect(run("2024-05-01T07:03:12Z") { CSVTimeFormat.unix(.seconds).parse($0) } == nil)
  }
}
