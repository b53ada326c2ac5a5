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
}
