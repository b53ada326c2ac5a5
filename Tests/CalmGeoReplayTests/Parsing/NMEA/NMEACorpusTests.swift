import Foundation
import Testing

@testable import CalmGeoReplay

/// Every NMEA log of the corpus (and the GnssLogger file) loads through
/// `TrackReader.load`, and the corpus logs that exercise a rule give what the
/// rule says.
@Suite struct NMEACorpusTests {
  static let logs = Corpus.files(in: "nmea", excluding: [".chk"])

  /// Logs without a single usable fix, and why.
  static let withoutFixes: [String: String] = [
    "nmea/gpsbabel__waypoints.nmea.gz": "WPL waypoints only",
    "nmea/pynmeagps__unicore_nmea.log": "Unicore GGAH/GLLH/GNSH only: non-standard types, counted as ignored",
    "nmea/gpsd__holux-gm-210.log": "no fix (void RMC, GGA quality 0)",
    "nmea/gpsd__tn200.log": "no fix (void RMC)",
    "nmea/gpsd__tn200-all.log": "no fix (void RMC)",
    "nmea/gpsd__ublox-lea-5q.log": "no fix (void RMC)",
    "nmea/gpsd__april6_2019.log": "its one dated fix says 1999-08-22 (week rollover): dropped as bad_date",
    "nmea/sim33__4.GPS-20170526T114659.txt": "antenna covered: every RMC void, every GGA quality 0",
  ]

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason), arguments: logs)
  func loads(log: String) throws {
    var options = ParseOptions()
    if log.hasSuffix("gpsbabel__adddate.nmea") { options.date = CivilDate(year: 2009, month: 3, day: 7) }
    let track = try TrackReader.load(path: Corpus.path(log), options: options)
    if let why = Self.withoutFixes[log] {
      #expect(track.fixes.isEmpty, "\(log): \(why)")
    } else {
      #expect(!track.fixes.isEmpty, "\(log) gave no fix: \(track.diagnostics)")
    }
    #expect(track.format == .nmea)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func gnssLoggerFileLoads() throws {
    let track = try TrackReader.load(path: Corpus.path("other/gnsslibpy__pixel6.txt"))
    #expect(track.format == .gnssLogger)
    #expect(track.fixes.count == 94)  // `grep -c '^Fix,GPS'`: 94 GPS fixes, all in time order
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func ggaOnlyLogNeedsDateThenRollsOverMidnight() throws {
    let path = Corpus.path("nmea/gpsbabel__adddate.nmea")
    #expect(
      NMEATestLog.error { _ = try TrackReader.load(path: path) }
        == "\(path):1: error: nmea: the log has fixes but no RMC or ZDA sentence with a date; pass --date YYYY-MM-DD (the UTC date of the first fix)"
    )
    var options = ParseOptions()
    options.date = CivilDate(year: 2009, month: 3, day: 7)
    let fixes = try TrackReader.load(path: path, options: options).fixes
    // 500 GGAs from 23:56:00 to 00:04:19; line 241 (00:00:00) is the first of the next day.
    #expect(fixes.count == 500)
    #expect(UTCTime.iso8601(fixes[0].time) == "2009-03-07T23:56:00.000Z")
    #expect(UTCTime.iso8601(fixes[240].time) == "2009-03-08T00:00:00.000Z" && fixes[240].line == 241)
    #expect(UTCTime.iso8601(fixes[499].time) == "2009-03-08T00:04:19.000Z")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func utf16LogEqualsItsUTF8Original() throws {
    let plain = try TrackReader.load(path: Corpus.path("nmea/gpsbabel__nmea")).fixes
    let wide = try TrackReader.load(path: Corpus.path("nmea/gpsbabel__nmea_utf16")).fixes
    #expect(plain.count == 154)
    #expect(wide.map(\.time) == plain.map(\.time))
    #expect(wide.map(\.latitude) == plain.map(\.latitude) && wide.map(\.longitude) == plain.map(\.longitude))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func tenHertzLogWithGGAAheadOfRMCGivesOneFixPerStamp() throws {
    // 227 RMC bursts 100 ms apart; each GGA joins the next burst's RMC: 228
    // epochs (the last GGA has no RMC left), every one 100 ms after the last.
    let track = try TrackReader.load(path: Corpus.path("nmea/gsvnoise__test.nmea"), speedPolicy: .never)
    #expect(track.fixes.count == 228)
    #expect(Set(zip(track.fixes.dropFirst(), track.fixes).map { $0.time - $1.time }) == [100])
    #expect(track.fixes.dropFirst().dropLast().allSatisfy { $0.altitude != nil && $0.speed != nil })
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func outOfOrderQuarterSecondEpochsKeepEveryFix() throws {
    let track = try TrackReader.load(path: Corpus.path("nmea/gpsbabel__nmea+ms.txt"))
    #expect(track.fixes.count == 32)
    #expect(track.diagnostics.skipped["time_backwards", default: 0] == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func coldStartLogKeepsOnly2017Fixes() throws {
    // SIM33 cold starts: host-timestamp prefixes, void RMCs dated 1980-01-05/10,
    // then 882 valid RMCs dated 2017-05-25.
    let track = try TrackReader.load(path: Corpus.path("nmea/sim33__1.GPS-20170525T215417.txt"))
    let days = Set(track.fixes.map { UTCTime.iso8601($0.time).prefix(10) })
    #expect(days == ["2017-05-25"])
    #expect(
      track.fixes.count + track.diagnostics.skipped["time_backwards", default: 0]
        + track.diagnostics.skipped["duplicate_time", default: 0] == 882)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func gnssLoggerNMEAWrapperIsRead() throws {
    // `NMEA,$GPGGA,…*63,1699400577561`: 48 epochs of GGA + RMC, 12 s apart.
    let track = try TrackReader.load(path: Corpus.path("nmea/gnsslibpy__pixel6.nmea"))
    #expect(track.fixes.count == 48)
    #expect(UTCTime.iso8601(track.fixes[0].time) == "2023-11-07T23:42:57.000Z")
    #expect(track.fixes[0].latitude == 37 + 25.590397 / 60)
  }
}
