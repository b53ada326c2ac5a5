import Foundation
import Testing

@testable import CalmGeoReplay

/// One rule per test, on hand-made logs whose expected values are worked out
/// in the comments.
@Suite struct NMEAParserTests {
  typealias Log = NMEATestLog
  static let rmc = "GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230324,003.1,W"
  static let gga = "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
  /// 2024-03-23, for logs without a date of their own.
  static var dated: ParseOptions {
    var options = ParseOptions()
    options.date = CivilDate(year: 2024, month: 3, day: 23)
    return options
  }
  /// 22.4 kn = 22.4 × 1852 m / 3600 s = 11.5235… m/s, as `Fix` stores it (a Double, the
  /// parser's knots × (1852 / 3600)).
  static let speed = 22.4 * (1852.0 / 3600.0)

  // MARK: Merging

  @Test func oneEpochOfRMCGGAGSAVTGIsOneFix() throws {
    let text = Log.lines(
      Self.rmc, Self.gga, "GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1",
      "GPVTG,084.4,T,077.8,M,022.4,N,041.5,K,A")
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(fixes.count == 1)
    let fix = try #require(fixes.first)
    #expect(UTCTime.iso8601(fix.time) == "2024-03-23T12:35:19.000Z")
    #expect(fix.latitude == 48.1173)  // 48 + 7.038 / 60
    #expect(fix.longitude == 691.0 / 60.0)  // 11 + 31 / 60
    #expect(fix.speed == Self.speed)
    #expect(fix.course == 84.4)
    #expect(fix.altitude == 545.4)
    #expect(fix.geoidSeparation == Double(Float(46.9)))
    #expect(fix.satellites == 8)
    #expect(fix.quality == 1)
    #expect(fix.hdop == Double(Float(0.9)))  // GGA's HDOP; GSA's 1.3 only fills a gap
    #expect(fix.pdop == Double(Float(2.5)))
    #expect(fix.vdop == Double(Float(2.1)))
    // No GST: 0.9 × UERE 5 m = 4.5 m; 2.1 × 5 = 10.5 m, both flagged and counted.
    #expect(fix.horizontalAccuracy == 4.5)
    #expect(fix.verticalAccuracy == 10.5)
    #expect(fix.flags == [.horizontalAccuracyEstimated, .verticalAccuracyEstimated])
    #expect(fix.line == 1)
    #expect(diagnostics.recordsRead == 4)
    #expect(diagnostics.estimated == ["horizontal_accuracy_from_hdop": 1, "vertical_accuracy_from_vdop": 1])
  }

  @Test func gstGivesAccuracyAsDRMSAndSigmaAltitude() throws {
    let text = Log.lines(Self.rmc, Self.gga, "GPGST,123519,1.2,3.0,2.0,45.0,3.0,4.0,6.0")
    let fix = try #require(try Log.parse(text).fixes.first)
    #expect(fix.horizontalAccuracy == 5)  // sqrt(3² + 4²)
    #expect(fix.verticalAccuracy == 6)
    #expect(fix.flags.isEmpty)
  }

  @Test(arguments: ["GP", "GN", "GL", "GA", "GB", "BD", "GQ", "GI", "IN", "II"])
  func everyTalkerIsRead(talker: String) throws {
    let text = Log.lines(talker + Self.gga.dropFirst(2))
    let fixes = try Log.parse(text, options: Self.dated).fixes
    #expect(fixes.count == 1)
    #expect(fixes.first?.latitude == 48.1173)
  }

  @Test func tenHertzGGAStampedAfterItsRMCJoinsTheRMCWithItsStamp() throws {
    // gsvnoise__test.nmea: each burst is RMC t, GGA t + 100 ms. Values go with
    // their stamps: alt 7.6 (GGA .000) meets speed 0.10 kn (RMC .000).
    let text = Log.lines(
      "GPRMC,074955.900,A,3606.7687,N,13940.2104,E,0.05,105.18,060122,,,A",
      "GPGGA,074956.000,3606.7687,N,13940.2104,E,1,8,1.00,7.6,M,39.0,M,,",
      "GPRMC,074956.000,A,3606.7687,N,13940.2104,E,0.10,105.18,060122,,,A",
      "GPGGA,074956.100,3606.7687,N,13940.2104,E,1,8,1.00,7.7,M,39.0,M,,",
      "GPRMC,074956.100,A,3606.7687,N,13940.2104,E,0.20,105.18,060122,,,A")
    let fixes = try Log.parse(text).fixes
    #expect(Log.times(fixes) == ["2022-01-06T07:49:55.900Z", "2022-01-06T07:49:56.000Z", "2022-01-06T07:49:56.100Z"])
    let altitudes: [Double?] = [nil, 7.6, 7.7]
    #expect(fixes.map(\.altitude) == altitudes)
    // 0.05, 0.10, 0.20 kn × 1852 / 3600
    let knots: [Double] = [0.05, 0.10, 0.20]
    let expected: [Double?] = knots.map { $0 * (1852.0 / 3600.0) }
    #expect(fixes.map(\.speed) == expected)
  }

  @Test func rmcAtTenHertzWithGGAAtOneHertz() throws {
    var bodies: [String] = []
    for tenth in 0..<10 {
      bodies.append("GPRMC,120000.\(tenth)0,A,4807.038,N,01131.000,E,1.0,10.0,230324,,,A")
      if tenth == 0 { bodies.append("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") }
    }
    let fixes = try Log.parse(bodies.map { Log.sentence($0) + "\n" }.joined()).fixes
    #expect(fixes.count == 10)
    #expect(fixes.map { $0.time % 1000 } == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
    #expect(fixes.filter { $0.altitude != nil }.map { $0.time % 1000 } == [0])
  }

  @Test func outOfOrderEpochsAreReordered() throws {
    // gpsbabel__nmea+ms.txt: RMC .500 arrives before RMC .000, each GGA after.
    let text = Log.lines(
      "GPRMC,093158.500,A,5333.4037,N,00951.9347,E,0.09,180.87,170807,,,A",
      "GPRMC,093158.000,A,5333.4037,N,00951.9346,E,0.28,175.83,170807,,,A",
      "GPGGA,093158.000,5333.4037,N,00951.9346,E,1,06,1.7,48.4,M,46.0,M,,0000",
      "GPGGA,093158.500,5333.4037,N,00951.9347,E,1,06,1.7,48.5,M,46.0,M,,0000")
    let fixes = try Log.parse(text).fixes
    #expect(Log.times(fixes) == ["2007-08-17T09:31:58.000Z", "2007-08-17T09:31:58.500Z"])
    #expect(fixes.map(\.altitude) == [48.4, 48.5])
    // 9°51.9346′ = 9 + 51.9346 / 60 = (9·600 000 + 519 346) / 600 000 = 5 919 346 / 600 000
    #expect(fixes[0].longitude == 5_919_346.0 / 600_000.0)
  }

  @Test func stampsFiveMillisecondsApartAreOneEpochTenAreTwo() throws {
    // Magellan: GLL .758 and RMC .76 are one epoch, timed by RMC.
    // Telit SL869: 102143.990 and 102144.000 are two epochs.
    let text = Log.lines(
      "GPGLL,3908.8199,N,00023.0832,W,120824.758,A",
      "GPRMC,120824.76,A,3908.8199,N,00023.0832,W,00.0,000.0,130324,01.,W",
      "GPRMC,120825.990,A,3908.8199,N,00023.0832,W,00.0,000.0,130324,01.,W",
      "GPRMC,120826.000,A,3908.8199,N,00023.0832,W,00.0,000.0,130324,01.,W")
    let fixes = try Log.parse(text).fixes
    #expect(Log.times(fixes) == ["2024-03-13T12:08:24.760Z", "2024-03-13T12:08:25.990Z", "2024-03-13T12:08:26.000Z"])
  }

  @Test func voidEpochsGiveNoFixAndAreCounted() throws {
    let text = Log.lines(
      "GPRMC,123519,V,4807.038,N,01131.000,E,,,230324,,,N", "GPGGA,123519,,,,,0,00,99.99,,,,,,",
      "GPRMC,,V,,,,,,,,,,N")
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(fixes.isEmpty)
    #expect(diagnostics.ignored == ["no_fix_epoch": 2])
    #expect(diagnostics.skipped.isEmpty)
  }

  @Test func speedsInKnotsOrKilometresPerHourBecomeMetresPerSecond() throws {
    let text = Log.lines(Self.gga, "GPVTG,,T,,M,,N,36.0,K,A")
    let fix = try #require(try Log.parse(text, options: Self.dated).fixes.first)
    #expect(fix.speed == 10)  // 36 km/h / 3.6
    #expect(fix.course == nil)
  }

  @Test func gnsIsAPositionSentence() throws {
    let text = Log.lines("GNGNS,123519,4807.038,N,01131.000,E,AAN,10,0.8,545.4,46.9,,,V")
    let fix = try #require(try Log.parse(text, options: Self.dated).fixes.first)
    #expect(fix.latitude == 48.1173)
    #expect(fix.satellites == 10)
    #expect(fix.altitude == 545.4)
  }

  // MARK: Dates

  @Test func ggaOnlyStreamsRollOverMidnight() throws {
    let text = Log.lines(
      "GPGGA,235959,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,000001,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    var options = ParseOptions()
    options.date = CivilDate(year: 2009, month: 3, day: 7)
    #expect(
      Log.times(try Log.parse(text, options: options).fixes) == [
        "2009-03-07T23:59:59.000Z", "2009-03-08T00:00:00.000Z", "2009-03-08T00:00:01.000Z",
      ])
  }

  @Test func aLaterZDABackFillsTheDateAcrossMidnight() throws {
    // The ZDA says 2009-03-08 at 00:00:01, one midnight after the first GGA:
    // the two GGAs before midnight are on 2009-03-07.
    let text = Log.lines(
      "GPGGA,235958,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,235959,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPZDA,000001,08,03,2009,00,00",
      "GPGGA,000001,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
    #expect(
      Log.times(try Log.parse(text).fixes) == [
        "2009-03-07T23:59:58.000Z", "2009-03-07T23:59:59.000Z", "2009-03-08T00:00:00.000Z",
        "2009-03-08T00:00:01.000Z",
      ])
  }

  @Test func aLogWithoutADateNeedsDateOption() {
    let text = Log.lines("GPGSV,1,1,00", Self.gga)
    #expect(
      Log.error { _ = try Log.parse(text) }
        == "t.nmea:2: error: nmea: the log has fixes but no RMC or ZDA sentence with a date; pass --date YYYY-MM-DD (the UTC date of the first fix)"
    )
  }

  @Test func implausibleDatesAreDroppedUnlessKept() throws {
    // MTK before lock (1980-01-05), a week-rollover receiver (1999-08-22), then the truth.
    let text = Log.lines(
      "GNRMC,235942.800,A,4807.038,N,01131.000,E,0.00,0.00,050180,,,A",
      "GPRMC,000231.42,A,4807.038,N,01131.000,E,0.16,212.28,220899,,,A",
      "GNRMC,213000.000,A,4807.038,N,01131.000,E,0.00,0.00,250517,,,A")
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(Log.times(fixes) == ["2017-05-25T21:30:00.000Z"])
    #expect(diagnostics.skipped == ["bad_date": 2])
    var keep = ParseOptions()
    keep.keepBadDates = true
    #expect(
      Log.times(try Log.parse(text, options: keep).fixes) == [
        "1980-01-05T23:59:42.800Z", "1999-08-22T00:02:31.420Z", "2017-05-25T21:30:00.000Z",
      ])
  }

  @Test func aOneEpochDateGlitchIsDroppedARealJumpIsAdopted() throws {
    func rmc(_ time: String, _ date: String) -> String {
      "GPRMC,\(time),A,4807.038,N,01131.000,E,0.0,0.0,\(date),,,A"
    }
    let glitch = Log.lines(rmc("100000", "230324"), rmc("100001", "280324"), rmc("100002", "230324"))
    let (fixes, diagnostics) = try Log.parse(glitch)
    #expect(Log.times(fixes) == ["2024-03-23T10:00:00.000Z", "2024-03-23T10:00:02.000Z"])
    #expect(diagnostics.skipped == ["date_jump": 1])
    // The next day's recording appended: three dated epochs in a row confirm it.
    // (The jump back from 10:00:04 to 09:00:00 also closes the open epochs first.)
    let nextDay = Log.lines(
      rmc("100000", "230324"), rmc("100001", "230324"), rmc("100002", "230324"),
      rmc("100003", "230324"), rmc("100004", "230324"),
      rmc("090000", "240324"), rmc("090001", "240324"), rmc("090002", "240324"))
    #expect(
      Log.times(try Log.parse(nextDay).fixes) == [
        "2024-03-23T10:00:00.000Z", "2024-03-23T10:00:01.000Z", "2024-03-23T10:00:02.000Z",
        "2024-03-23T10:00:03.000Z", "2024-03-23T10:00:04.000Z",
        "2024-03-24T09:00:00.000Z", "2024-03-24T09:00:01.000Z", "2024-03-24T09:00:02.000Z",
      ])
  }

  // MARK: Checksums and errors

  @Test func aChecksumMismatchDropsTheSentence() throws {
    let text = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48\r\n" + Log.lines(Self.rmc)
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(fixes.count == 1 && fixes[0].altitude == nil)
    #expect(diagnostics.skipped == ["checksum": 1])
    #expect(
      diagnostics.firstProblems.map(\.description) == [
        "t.nmea:1:63: error: nmea: checksum mismatch: the sentence says *48, its bytes give *47"
      ])
  }

  @Test func lowerCaseHexIsAccepted() throws {
    let text = "$GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4d\n"
    let (fixes, diagnostics) = try Log.parse(text, options: Self.dated)
    #expect(fixes.count == 1)
    #expect(diagnostics.skipped.isEmpty)
  }

  @Test(arguments: [("*4", "'*4'"), ("*G7", "'*G7'"), ("*477", "'*47'")])
  func aMalformedChecksumDropsTheSentence(suffix: String, shown: String) throws {
    let text = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\(suffix)\n"
    let (fixes, diagnostics) = try Log.parse(text, options: Self.dated)
    #expect(fixes.isEmpty)
    #expect(
      diagnostics.firstProblems.map(\.description) == [
        "t.nmea:1:63: error: nmea: malformed checksum \(shown) (two hex digits expected after '*')"
      ])
  }

  @Test func aMissingChecksumIsAcceptedUnlessStrict() throws {
    let text = "$" + Self.gga + "\n"
    #expect(try Log.parse(text, options: Self.dated).fixes.count == 1)
    var strict = Self.dated
    strict.strict = true
    #expect(
      Log.error { _ = try Log.parse(text, options: strict) }
        == "t.nmea:1:1: error: nmea: sentence has no checksum (accepted without --strict)")
  }

  @Test func strictStopsAtTheFirstBadSentence() {
    var strict = Self.dated
    strict.strict = true
    let text =
      Log.lines(Self.rmc) + "$GPGGA,123519,48x7.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00\n"
      + "$GPGGA,123520,4807.038,N*00\n"
    #expect(
      Log.error { _ = try Log.parse(text, options: strict) }
        == "t.nmea:2:63: error: nmea: checksum mismatch: the sentence says *00, its bytes give *0F")
  }

  @Test func aBadFieldIsNamedAtItsColumn() throws {
    let text =
      Log.lines(
        "GPGGA,123519,48x7.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
        "GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230324,003.1,W,A,C,X")
      + "2017-05-25T21:22:02 -->> $GPRMC,123521,A,4807.038,Q,01131.000,E,022.4,084.4,230324,,,A*00\n"
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(fixes.count == 1)
    #expect(
      diagnostics.firstProblems.map(\.description) == [
        "t.nmea:1:15: error: nmea: GGA field 2 (latitude): '48x7.038' is not valid",
        "t.nmea:3:87: error: nmea: checksum mismatch: the sentence says *00, its bytes give *63",
      ])
    let hemisphere = Log.lines("GPRMC,123521,A,4807.038,Q,01131.000,E,022.4,084.4,230324,,,A")
    #expect(
      try Log.parse(hemisphere).diagnostics.firstProblems.map(\.description) == [
        "t.nmea:1:26: error: nmea: RMC field 4 (N/S): 'Q' is not valid"
      ])
  }

  @Test func truncatedSentencesAreReportedAndSkipped() throws {
    let text =
      "$GPGGA,123519,4807.038,N\n" + "$GPGGA,123519,48\u{0}\u{0}\n"
      + "$GPGSV,4,1,15,02,11,115,36,0$PTNTA,20160203131539,2,T4,000000066,+107,3,0,3*18\n"
    let (fixes, diagnostics) = try Log.parse(text, options: Self.dated)
    #expect(fixes.isEmpty)
    #expect(diagnostics.skipped == ["truncated": 3])
    #expect(diagnostics.ignored == ["PTNT": 1])
    #expect(
      diagnostics.firstProblems.map(\.description) == [
        "t.nmea:1:1: error: nmea: truncated GGA sentence: 3 fields, at least 6 expected",
        "t.nmea:2:17: error: nmea: sentence is cut off by byte 0x00",
        "t.nmea:3:29: error: nmea: sentence is cut off by the start of another sentence",
      ])
  }

  // MARK: Framing

  @Test func otherSentencesAndTextAreCountedNeverErrors() throws {
    let text =
      "# Name: GlobalSat\r\n\r\nPMTK boot banner\r\n"
      + Log.lines(
        "GPGSV,3,1,12,17,72,207,32,28,59,095,31,06,35,347,25,01,29,132,23", "GPTXT,01,01,02,u-blox ag - www.u-blox.com",
        "PGRME,9.1,M,15.0,M,12.0,M", "PMTK011,MTKGPS", "GNGGAH,123519,,,,,0,00,,,,,,,")
      + "!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26\r\n"
    let (fixes, diagnostics) = try Log.parse(text)
    #expect(fixes.isEmpty)
    #expect(diagnostics.skipped.isEmpty)
    #expect(
      diagnostics.ignored == [
        "GSV": 1, "TXT": 1, "PGRM": 1, "PMTK": 1, "GGAH": 1, "VDM": 1, "comment_line": 1, "non_nmea_line": 1,
      ])
  }

  @Test func prefixesBeforeTheSentenceAreSkipped() throws {
    let host = "2017-05-25T21:22:02 -->> " + Log.sentence(Self.rmc) + "\n"
    let gnssLogger = "NMEA," + Log.sentence(Self.gga) + ",1699400577561\r\n"
    let (fixes, diagnostics) = try Log.parse(host + gnssLogger)
    #expect(fixes.count == 1)
    #expect(fixes.first?.altitude == 545.4)
    #expect(fixes.first?.speed == Self.speed)
    #expect(diagnostics.skipped.isEmpty && diagnostics.recordsRead == 2)
  }

  @Test func severalSentencesMayShareALine() throws {
    let text =
      Log.sentence(Self.rmc) + Log.sentence(Self.gga) + " "
      + Log.sentence("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1") + "\n"
    let fix = try #require(try Log.parse(text).fixes.first)
    #expect(fix.speed == Self.speed && fix.altitude == 545.4 && fix.pdop == Double(Float(2.5)))
  }

  @Test func binaryFramesAndNULsBetweenSentencesAreSkipped() throws {
    // A UBX NAV-PVT header with a '$' (0x24) in it, NULs, then the sentences.
    let ubx: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x24, 0x00, 0xFF, 0x0A, 0x24, 0x47, 0x00]
    var bytes = ubx
    bytes += Array(Log.sentence(Self.rmc).utf8)
    bytes += [0, 0]
    bytes += ubx
    bytes += [0x0D, 0x0A]
    bytes += Array(Log.lines(Self.gga).utf8)
    let (fixes, diagnostics) = try Log.parse(bytes: bytes)
    #expect(fixes.count == 1 && fixes[0].altitude != nil && fixes[0].speed != nil)
    #expect(diagnostics.skipped.isEmpty)
  }

  @Test(arguments: [1, 2, 7, 64])
  func chunkBoundariesDoNotMatter(chunk: Int) throws {
    let text = Log.lines(Self.rmc, Self.gga, "GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1")
    let whole = try Log.parse(text).fixes
    let chunked = try Log.parse(text, maxChunk: chunk).fixes
    #expect(chunked.map(\.time) == whole.map(\.time) && chunked.map(\.pdop) == whole.map(\.pdop))
  }

  @Test func utf16WithAndWithoutBOMReadsLikeUTF8() throws {
    let text = Log.lines(Self.rmc, Self.gga)
    let plain = try Log.parse(text).fixes
    var littleEndianBOM: [UInt8] = [0xFF, 0xFE]
    var bigEndian: [UInt8] = []
    for unit in text.utf16 {
      littleEndianBOM += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      bigEndian += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    for bytes in [littleEndianBOM, bigEndian] {
      for chunk in [3, 1 << 20] {
        let fixes = try Log.parse(bytes: bytes, maxChunk: chunk).fixes
        #expect(fixes.map(\.time) == plain.map(\.time) && fixes.map(\.latitude) == plain.map(\.latitude))
      }
    }
    #expect(InputFormat.detect(prefix: littleEndianBOM, fileName: "x") == .nmea)
    #expect(InputFormat.detect(prefix: bigEndian, fileName: "x") == .nmea)
  }

  @Test func gzipIsReadThroughTheOpener() throws {
    // Fixtures/nmea/gzip-compressed.nmea.gz: the RMC and GGA above, gzip -9.
    let opened = try InputOpener.open(path: Fixture.path("nmea/gzip-compressed.nmea.gz"))
    #expect(opened.gzipped && opened.format == .nmea)
    let track = try TrackReader.load(opened)
    #expect(track.fixes.count == 1)
    #expect(UTCTime.iso8601(track.fixes[0].time) == "2024-03-23T12:35:19.000Z")
    #expect(track.fixes[0].altitude == 545.4)
  }
}
