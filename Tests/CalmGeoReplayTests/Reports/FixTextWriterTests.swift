import Testing

@testable import CalmGeoReplay

/// What `calmgeo-replay fixes` writes reads back as the same fixes (a property over real logs).
struct FixTextWriterTests {
  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipReason),
    arguments: [
      "gpx/dat100__20170813.gpx", "nmea/gpsd__ublox-zed-f9p-nmea.log", "csv/gpsbabel__garmin_g1000.csv",
      "gpx/georustgpx__garmin_with_extensions.gpx", "nmea/gsvnoise__test.nmea",
    ])
  func writtenCSVParsesBackToTheSameFixes(log: String) throws {
    let original = try TrackReader.load(path: Corpus.path(log))
    let text = FixTextWriter.csvHeader + original.fixes.map(FixTextWriter.csvLine).joined()
    let reread = try TrackReader.load(InputOpener.open(MemoryByteSource(text, name: "fixes.csv"), forcedFormat: .csv))
    #expect(reread.fixes.count == original.fixes.count)
    #expect(reread.diagnostics.skippedTotal == 0)
    for (a, b) in zip(original.fixes, reread.fixes) {
      #expect(a.time == b.time)
      #expect(a.latitude == b.latitude && a.longitude == b.longitude)
      #expect(a.altitude == b.altitude)
      #expect(a.speed == b.speed)
      #expect(a.course == b.course)
      #expect(a.horizontalAccuracy == b.horizontalAccuracy)
      #expect(a.verticalAccuracy == b.verticalAccuracy)
      #expect(a.hdop == b.hdop)
      #expect(a.satellites == b.satellites)
    }
  }

  @Test func writesAbsentValuesEmptyAndMarksDerivedOnes() {
    var fix = Fix(time: 1_714_546_992_250, latitude: -33.875, longitude: 151.25, line: 7)
    fix.speed = 4.2
    fix.flags.insert(.speedDerived)
    #expect(FixTextWriter.csvLine(fix) == "2024-05-01T07:03:12.250Z,-33.875,151.25,,4.2,,,,,,7,speed\n")
    #expect(
      FixTextWriter.ndjsonLine(fix)
        == "{\"time\":\"2024-05-01T07:03:12.250Z\",\"latitude\":-33.875,\"longitude\":151.25,\"speed\":4.2,\"line\":7,\"derived\":[\"speed\"]}\n"
    )
  }
}
