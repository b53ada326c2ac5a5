import Testing

@testable import CalmGeoReplay

struct UTCTimeTests {
  @Test func knownInstants() {
    #expect(UTCTime.millis(year: 1970, month: 1, day: 1) == 0)
    // 2001-01-01T00:00:00Z is 978307200 s after 1970 (the Foundation reference date).
    #expect(UTCTime.millis(year: 2001, month: 1, day: 1) == 978_307_200_000)
    // 2000-02-29T12:00:00Z: 11016 days + 12 h.
    #expect(UTCTime.millis(year: 2000, month: 2, day: 29, hour: 12) == (11016 * 86400 + 43200) * 1000)
    #expect(UTCTime.iso8601(-1) == "1969-12-31T23:59:59.999Z")
    #expect(UTCTime.iso8601(1_714_546_992_000) == "2024-05-01T07:03:12.000Z")
  }

  @Test(arguments: [
    ("2024-05-01T07:03:12Z", 1_714_546_992_000 as Int64?),
    ("2024-05-01T07:03:12.5Z", 1_714_546_992_500),
    ("2024-05-01T07:03:12.0004999Z", 1_714_546_992_000),
    ("2024-05-01T07:03:12.9996Z", 1_714_546_993_000),
    ("2024-05-01 09:03:12+02:00", 1_714_546_992_000),
    ("2024-05-01T02:33:12-0430", 1_714_546_992_000),
    ("2024-05-01T07:03:12", 1_714_546_992_000),
    ("2024-05-01T07:03", 1_714_546_980_000),
    ("1901-12-13T20:45:52Z", -2_147_483_648_000),
    ("2024-02-30T00:00:00Z", nil),
    ("2024-05-01T07:03:12Zjunk", nil),
    ("", nil),
  ])
  func parsesISO8601(text: String, expected: Int64?) {
    #expect(ISO8601Parser.parse(text) == expected)
  }

  @Test func theCommonShapeReadsAsTheGeneralPathReadsIt() {
    // `parseCommon` (a word at a time) against `parseAny` (byte by byte) on times of
    // the usual shape with one byte replaced at random, so that every separator,
    // every digit, every range check (month 13, day 31 of April, hour 24, second 61)
    // and every ending (Z, a fraction, an offset, junk) is met.
    var random = SplitMix64(seed: 43)
    let endings = ["Z", "", ".5Z", ".123", ",25Z", ".1234567891Z", "+02:00", "z", "Zx", ".", ".Z", " "]
    let replacements = Array("0123456789-:T tZ.+/a\u{0}".utf8) + [0x80, 0xFF]
    var common = 0
    for _ in 0..<300_000 {
      let year = 1000 + Int(random.next() % 9000)
      let month = Int(random.next() % 14)
      let day = Int(random.next() % 33)
      let hour = Int(random.next() % 26)
      let minute = Int(random.next() % 62)
      let second = Int(random.next() % 63)
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let text =
        "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        + endings[Int(random.next() % UInt64(endings.count))]
      var bytes = Array(text.utf8)
      if random.next() % 2 == 0 {
        bytes[Int(random.next() % UInt64(bytes.count))] = replacements[Int(random.next() % UInt64(replacements.count))]
      }
      let general = bytes.withUnsafeBufferPointer { ISO8601Parser.parseAny($0) }
      let fast = bytes.withUnsafeBufferPointer { ISO8601Parser.parseCommon($0) }
      if let fast {
        common += 1
        #expect(fast == general, "\(String(decoding: bytes, as: UTF8.self))")
      }
      #expect(bytes.withUnsafeBufferPointer { ISO8601Parser.parse($0) } == general)
    }
    #expect(common > 30_000, "the common shape was met \(common) times")
  }

  /// A stream of times written with the day's date remembered (`ISO8601Days`: what locations.json
  /// writes) gives `iso8601` of each. By hand: 2024-02-29T23:59:59.999Z then, one millisecond on,
  /// 2024-03-01T00:00:00.000Z (a new day, a new date), then back to the 29th (the remembered date
  /// is replaced again, not reused); 1969-12-31T23:59:59.999Z for −1 ms.
  @Test func rememberedDatesGiveTheSameText() {
    func written(_ times: [Int64]) -> [String] {
      var days = ISO8601Days()
      return times.map { time in
        var bytes = [UInt8](repeating: 0, count: 24)
        bytes.withUnsafeMutableBufferPointer { UTCTime.writeISO8601(time, into: $0.baseAddress!, days: &days) }
        return String(decoding: bytes, as: UTF8.self)
      }
    }
    let leap = UTCTime.millis(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, millisecond: 999)
    #expect(
      written([leap, leap + 1, leap, -1]) == [
        "2024-02-29T23:59:59.999Z", "2024-03-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z",
        "1969-12-31T23:59:59.999Z",
      ])
    var random = SplitMix64(seed: 11)
    var time: Int64 = 1_700_000_000_000
    var times: [Int64] = []
    for _ in 0..<50_000 {
      time += Int64(random.next() % 7_200_000)  // up to 2 h on: several records a day, days skipped
      times.append(random.next() % 50 == 0 ? -time / 3 : time)
    }
    #expect(written(times) == times.map(UTCTime.iso8601))
  }
}
