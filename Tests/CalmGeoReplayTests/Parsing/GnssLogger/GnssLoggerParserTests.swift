import Testing

@testable import CalmGeoReplay

/// GnssLogger `Fix` records: providers, columns from the header, errors.
@Suite struct GnssLoggerParserTests {
  static let header = """
    # Version: v3.0.6.4 Platform: 14 Manufacturer: Google Model: Pixel 7
    # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,elapsedRealtimeNanos,VerticalAccuracyMeters,MockLocation,NumberOfUsedSignals,VerticalSpeedAccuracyMps,SolutionType
    #\r

    """
  static let records = """
    Fix,GPS,37.4265079783,-122.1737079613,23.67296474531974,0.0,4.2366138,,1699400582000,0.19259089,,16124559129000,3.0,0,,,\r
    Fix,FLP,37.4265084000,-122.1737085000,1.7895395873822721,0.032405708,4.139,,1699400584473,0.1958978,,16126559152000,1.391284,0,,,\r
    Raw,1699400584000,16126000000000,18\r
    NMEA,$GPGGA,234257.00,3725.590397,N,12210.422534,W,1,24,0.4,51.9,M,-28.4,M,,*63,1699400577561\r
    Fix,NLP,37.4266961000,-122.1735829000,8.300000190734863,,15.136,,1699400585063,,,16127149000000,2.5976572,0,,,\r
    Fix,GPS,37.4264969338,-122.1737394073,22.58852262993909,0.8924806,4.107699,201.09357,1699400600000,0.16946356,10.303598,16142559392000,3.0,0,,,\r

    """

  private func parse(
    _ text: String, provider: GnssLoggerProvider = .gps, strict: Bool = false
  ) throws(ParseError) -> ([Fix], InputDiagnostics) {
    var options = ParseOptions()
    options.provider = provider
    options.strict = strict
    var parser = GnssLoggerParser(file: "g.txt", options: options)
    var diagnostics = InputDiagnostics(strict: strict)
    var fixes: [Fix] = []
    try parser.parse(MemoryByteSource(text), diagnostics: &diagnostics) { fixes.append($0) }
    return (fixes, diagnostics)
  }

  @Test func gpsFixesByDefault() throws {
    let (fixes, diagnostics) = try parse(Self.header + Self.records)
    #expect(fixes.map { UTCTime.iso8601($0.time) } == ["2023-11-07T23:43:02.000Z", "2023-11-07T23:43:20.000Z"])
    let fix = fixes[1]
    #expect(fix.latitude == 37.4264969338 && fix.longitude == -122.1737394073)
    #expect(fix.speed == 0.8924806)
    #expect(fix.course == 201.09357)
    #expect(fix.horizontalAccuracy == 4.107699)
    #expect(fix.verticalAccuracy == 3)
    #expect(fix.speedAccuracy == 0.16946356)
    #expect(fix.altitude == 22.58852262993909)  // above the ellipsoid: no MSL column
    #expect(fix.line == 9)
    #expect(fixes[0].course == nil)
    #expect(diagnostics.recordsRead == 4)
    #expect(diagnostics.ignored == ["Raw": 1, "NMEA": 1, "fix_other_provider": 2])
    #expect(diagnostics.estimated == ["altitude_above_ellipsoid": 2])
  }

  @Test(
    arguments: [
      (GnssLoggerProvider.fused, [1_699_400_584_473]), (.network, [1_699_400_585_063]),
      (.all, [1_699_400_582_000, 1_699_400_584_473, 1_699_400_585_063, 1_699_400_600_000]),
    ] as [(GnssLoggerProvider, [Int64])])
  func providerSelects(provider: GnssLoggerProvider, times: [Int64]) throws {
    #expect(try parse(Self.header + Self.records, provider: provider).0.map(\.time) == times)
  }

  @Test func columnsComeFromTheHeader() throws {
    // GnssLogger 2.x: fewer columns, `(UTC)TimeInMs`.
    let text =
      "# Fix,Provider,Latitude,Longitude,Altitude,Speed,Accuracy,(UTC)TimeInMs\nFix,gps,48.1173,11.5,545.4,3.5,4.0,1521900000000\n"
    let (fixes, _) = try parse(text)
    #expect(fixes.count == 1)
    #expect(fixes[0].time == 1_521_900_000_000 && fixes[0].speed == 3.5 && fixes[0].horizontalAccuracy == 4)
  }

  @Test func aBadNumberIsNamedAtItsColumn() throws {
    let text = Self.header + "Fix,GPS,37.42x,-122.17,23.6,0.0,4.2,,1699400582000,0.19,,16124559129000,3.0,0,,,\n"
    let (fixes, diagnostics) = try parse(text)
    #expect(fixes.isEmpty)
    #expect(
      diagnostics.firstProblems.map(\.description) == [
        "g.txt:4:9: error: gnsslogger: Fix latitude '37.42x' is not a number"
      ])
    #expect(
      NMEATestLog.error { _ = try parse(text, strict: true) }
        == "g.txt:4:9: error: gnsslogger: Fix latitude '37.42x' is not a number")
  }

  @Test func contentIsDetectedAsGnssLogger() {
    #expect(InputFormat.detect(prefix: Array((Self.header + Self.records).utf8), fileName: "x.txt") == .gnssLogger)
  }
}
