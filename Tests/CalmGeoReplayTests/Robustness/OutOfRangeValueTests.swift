import Foundation
import Testing

@testable import CalmGeoReplay

/// Values out of range where they enter, found by fuzzing (`../shared/robustness`,
/// rebuilt here byte for byte so that the tests need no shared folder): each was a
/// crash or invalid output, each is now a counted skip with its line, or a refusal.
struct OutOfRangeValueTests {
  /// Reads `text` as the file `name` (format from the name, as the tool does).
  private func read(_ text: String, name: String) throws -> Track {
    try TrackReader.load(InputOpener.open(MemoryByteSource(Array(text.utf8), name: name)))
  }

  // MARK: - Times: years 0000-9999 only

  @Test func gnssLoggerTimeOf1e19IsSkippedNotACrash() throws {
    // gnss-min.txt: 1e19 ms does not fit an Int64 (max 9.2e18): the conversion trapped.
    let text = "Fix,GPS,37.4,-122.1,0,0,4,0,1e19,0,,0,3,0,,,\n"
    let track = try read(text, name: "gnss-min.txt")
    #expect(track.fixes.isEmpty)
    #expect(track.diagnostics.skipped == ["time_out_of_range": 1])
    var strict = ParseOptions()
    strict.strict = true
    do {
      _ = try TrackReader.load(
        InputOpener.open(MemoryByteSource(Array(text.utf8), name: "gnss-min.txt")), options: strict)
      Issue.record("a time of 1e19 was read")
    } catch {
      #expect(error.description.contains("time 1e+19 ms is outside the years 0000-9999"), "\(error.description)")
    }
  }

  @Test func gnssLoggerTimesOfMinus9e18And9e18AreBothSkipped() throws {
    // gnss-span.txt: both fit an Int64 but their difference does not (overflow in expiry).
    var strict = ParseOptions()
    strict.strict = false
    let text =
      "Fix,GPS,37.4,-122.1,0,0,4,0,-9000000000000000000,0,,0,3,0,,,\n"
      + "Fix,GPS,37.5,-122.1,0,0,4,0,9000000000000000000,0,,0,3,0,,,\n"
      + "Fix,GPS,37.5,-122.1,0,0,4,0,1714547000000,0,,0,3,0,,,\n"
    let track = try read(text, name: "gnss-span.txt")
    #expect(track.fixes.map(\.time) == [1_714_547_000_000])
    #expect(track.diagnostics.skipped == ["time_out_of_range": 2])
  }

  @Test func timesAtBothEndsOfTheRangeAreRead() throws {
    // 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z, in one log.
    let text =
      "Fix,GPS,37.4,-122.1,0,0,4,0,-62167219200000,0,,0,3,0,,,\n"
      + "Fix,GPS,37.5,-122.1,0,0,4,0,253402300799999,0,,0,3,0,,,\n"
    let track = try read(text, name: "ends.txt")
    #expect(track.fixes.map(\.time) == [UTCTime.earliest, UTCTime.latest])
    #expect(UTCTime.iso8601(UTCTime.earliest) == "0000-01-01T00:00:00.000Z")
    #expect(UTCTime.iso8601(UTCTime.latest) == "9999-12-31T23:59:59.999Z")
  }

  @Test func csvEpochBeyondTheYear9999IsSkipped() throws {
    // 17 digits are microseconds: -99999999999999999 µs is -1e14 ms, the year -1199
    // (the year 0000 starts at -62167219200000 ms).
    let text = "time,lat,lon\n-99999999999999999,1,1\n1714547000,1,1\n"
    let track = try read(text, name: "far.csv")
    #expect(track.fixes.count == 1)
    #expect(track.diagnostics.skipped["out_of_range"] == 1)
    #expect(track.diagnostics.firstProblems.first?.description.hasPrefix("far.csv:2: ") == true)
  }

  @Test func nmeaZDAYearOf999999999IsSkipped() throws {
    // zda-min.nmea: the year overflowed the date resolver's day arithmetic.
    // As in the reproducer, then an RMC that dates the log.
    let text =
      "$GPZDA,120000.00,01,01,999999999,00,00*5C\n"
      + "$GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*67\n"
      + NMEATestLog.sentence("GPRMC,120001.00,A,4807.038,N,01131.000,E,0.0,0.0,010524,,,A") + "\n"
    var diagnostics = InputDiagnostics(strict: false, maxProblems: 5)
    var parser = NMEAParser(file: "zda-min.nmea", options: ParseOptions())
    try parser.parse(MemoryByteSource(Array(text.utf8), name: "zda-min.nmea"), diagnostics: &diagnostics) { _ in }
    #expect(diagnostics.skipped["bad_field"] == 1)
    #expect(diagnostics.firstProblems.first?.reason == "ZDA year 999999999 is outside 0000-9999")
  }

  @Test(
    arguments: [
      ("2024-05-01T07:03:12-99:99", nil),
      ("2024-05-01T07:03:12+24:00", nil),
      ("2024-05-01T07:03:12+0160", nil),
      ("2024-05-01T07:03:12+01:60", nil),
      // 2024-05-01T07:03:12Z is 1714546992000 ms; UTC+23:59 is (23 * 60 + 59) * 60000 = 86340000 ms earlier.
      ("2024-05-01T07:03:12+23:59", 1_714_546_992_000 - 86_340_000),
      // The year 0000 one hour east of Greenwich is still in the year -1.
      ("0000-01-01T00:30:00+01:00", nil),
      ("0000-01-01T00:30:00-01:00", -62_167_219_200_000 + 5_400_000),
      ("9999-12-31T23:30:00-01:00", nil),
    ] as [(String, Int64?)])
  func isoOffsetsAndYearsAreRangeChecked(text: String, millis: Int64?) {
    #expect(ISO8601Parser.parse(text) == millis)
  }

  @Test func nmeaLatitudeWithTwoSignsIsBad() throws {
    // `--1` read as 1' (0.0167°): the first sign was dropped, the second read by the decimal parser.
    var diagnostics = InputDiagnostics(strict: false, maxProblems: 5)
    var fixes: [Fix] = []
    var parser = NMEAParser(file: "t.nmea", options: ParseOptions())
    let text = NMEATestLog.sentence("GPRMC,120000.00,A,--1,N,01131.000,E,0.0,0.0,010524,,,A") + "\n"
    try parser.parse(MemoryByteSource(Array(text.utf8), name: "t.nmea"), diagnostics: &diagnostics) { fixes.append($0) }
    #expect(fixes.isEmpty)
    #expect(diagnostics.skippedTotal == 1)
  }

  // MARK: - Values too large for their Float storage

  @Test(arguments: [
    ("inf.csv", "time,lat,lon,ele\n2020-01-01T00:00:00Z,1,1,1e39\n2020-01-01T00:00:01Z,1,1,12\n", 2),
    (
      "inf.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"><ele>1e39</ele><time>2024-01-01T00:00:00Z</time></trkpt>"
        + "<trkpt lat=\"1\" lon=\"1\"><ele>12</ele><time>2024-01-01T00:00:01Z</time></trkpt></trkseg></trk></gpx>", 1
    ),
    (
      "inf.json",
      #"{"coords":{"latitude":1,"longitude":1,"altitude":1e39},"timestamp":"2024-01-01T00:00:00Z"}"# + "\n"
        + #"{"coords":{"latitude":1,"longitude":1,"altitude":12},"timestamp":"2024-01-01T00:00:01Z"}"#, 1
    ),
  ])
  func altitudeOf1e39IsSkippedNotWrittenAsInf(name: String, text: String, line: Int) throws {
    // 1e39 is finite as a Double, infinite as the Float it is stored in (max 3.4e38).
    let track = try read(text, name: name)
    #expect(track.fixes.map(\.altitude) == [12])
    #expect(track.diagnostics.skipped == ["out_of_range": 1])
    #expect(
      track.diagnostics.firstProblems.map(\.description)
        == [
          "\(name):\(line): error: \(track.format.rawValue): altitude is beyond ±3.4e38, too large to store "
            + "(it would be written as inf)"
        ])
  }
}
