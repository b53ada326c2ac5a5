import Testing

@testable import CalmGeoReplay

/// `--utc-offset`: logs written in local time without a zone.
struct UTCOffsetTests {
  @Test(arguments: [
    ("+02:00", 7_200_000 as Int64?), ("-07:00", -25_200_000), ("-0700", -25_200_000), ("+9", 32_400_000),
    ("0", 0), ("+05:30", 19_800_000), ("-03:45", -13_500_000), ("25", nil), ("+02:60", nil), ("abc", nil), ("", nil),
  ])
  func parsesOffsets(text: String, millis: Int64?) {
    #expect(parseUTCOffset(text) == millis)
  }

  @Test func localTimesBecomeUTC() throws {
    // 07:00 local at UTC−7 is 14:00 UTC; at UTC+02:00 it is 05:00 UTC.
    let csv = "time,lat,lon\n2024-05-01 07:00:00,35,135\n"
    func firstTime(_ offset: Int64) throws -> String {
      var options = ParseOptions()
      options.utcOffsetMillis = offset
      let track = try TrackReader.load(InputOpener.open(MemoryByteSource(csv, name: "t.csv")), options: options)
      return UTCTime.iso8601(track.fixes[0].time)
    }
    #expect(try firstTime(0) == "2024-05-01T07:00:00.000Z")
    #expect(try firstTime(-25_200_000) == "2024-05-01T14:00:00.000Z")
    #expect(try firstTime(7_200_000) == "2024-05-01T05:00:00.000Z")
  }
}
