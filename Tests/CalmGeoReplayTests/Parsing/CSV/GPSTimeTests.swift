import Testing

@testable import CalmGeoReplay

struct GPSTimeTests {
  @Test func gsdcMillisSinceGPSEpoch() {
    // Pixel4_ground_truth.csv, first row: 1273529463442 ms since 1980-01-06 (GPS).
    // 315 964 800 000 (the GPS epoch since 1970) + 1 273 529 463 442 = 1 589 494 263 442;
    // minus 18 s (GPS − UTC in 2020) = 1 589 494 245 442 ms = 2020-05-14T22:10:45.442Z
    // (2020-05-14 is day 18396; 1 589 494 245 − 18396 × 86400 = 79 845 s = 22:10:45).
    #expect(GPSTime.utc(gpsMillis: 1_273_529_463_442) == 1_589_494_245_442)
    #expect(UTCTime.iso8601(1_589_494_245_442) == "2020-05-14T22:10:45.442Z")
  }

  @Test func smartLocWeekAndSeconds() {
    // tu_chemnitz_berlin_1_raw.csv, first row: week 1900, 126641.499999971 s.
    // Week 1900 starts 1900 × 7 = 13 300 days after 1980-01-06 (day 3657) = day 16 957 =
    // 2016-06-05. 126 641.5 s = 1 day + 40 241.5 s = 2016-06-06 11:10:41.5 GPS; GPS − UTC
    // was 17 s in 2016 (the file's leapS column says 17 too): 11:10:24.500 UTC.
    let expected = Int64(16_957 + 1) * 86_400_000 + 40_241_500 - 17_000
    #expect(GPSTime.utc(week: 1900, millisOfWeek: 126_641_500) == expected)
    #expect(UTCTime.iso8601(expected) == "2016-06-06T11:10:24.500Z")
  }

  @Test func offsetsFollowTheLeapSecondTable() {
    func gpsScale(_ year: Int, _ month: Int, _ day: Int, _ second: Int = 0) -> Int64 {
      UTCTime.millis(year: year, month: month, day: day) + Int64(second) * 1000
    }
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(1980, 1, 6)) == 0)
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(1981, 6, 30)) == 0)
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(1981, 7, 1, 1)) == 1)
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(2016, 6, 6)) == 17)
    // 2017-01-01T00:00:00 UTC is 00:00:18 in GPS time; one second earlier GPS − UTC was 17.
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(2017, 1, 1, 17) - 1) == 17)
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(2017, 1, 1, 18)) == 18)
    #expect(GPSTime.offsetSeconds(atGPSScale: gpsScale(2025, 7, 24)) == 18)
    #expect(GPSTime.leapSecondDates.count == 18)
  }
}
