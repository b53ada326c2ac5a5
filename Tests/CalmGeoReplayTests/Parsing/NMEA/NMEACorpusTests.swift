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
}
