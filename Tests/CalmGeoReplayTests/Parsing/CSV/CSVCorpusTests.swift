import Testing

@testable import CalmGeoReplay

/// One fix of a corpus file, with its values copied by hand from the file's text.
struct CSVCorpusSpot: Sendable {
  var line: UInt32
  /// The UTC time, as ISO 8601 with milliseconds.
  var time: String
  var latitude: Double
  var longitude: Double
  var altitude: Double? = nil
  var speed: Double? = nil
  var course: Double? = nil
}

/// What reading one corpus file must give.
struct CSVCorpusCase: Sendable, CustomTestStringConvertible {
  var file: String
  var records: Int
  var fixes: Int
  var skipped: [String: Int] = [:]
  var ignored: [String: Int] = ["header": 1]
  var estimated: [String: Int] = [:]
  var spots: [CSVCorpusSpot]
  var testDescription: String { file }
}

/// The CSV logs in `../shared/corpus/csv`, read end to end (parser + time-order stage).
///
/// Counts come from the files (`wc -l`, `awk` over the time column); spot values are the
/// files' own text, converted by the rules stated next to each.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct CSVCorpusTests {
  static let cases: [CSVCorpusCase] = [
    // GPSLogger for Android: 112 lines = header + 111 rows, all with distinct times. No
    // vertical accuracy column: VDOP × 5 m where VDOP is in (0, 99.99), on 108 rows
    // (awk -F, 'NR>1 && $11>0 && $11<99.99').
    CSVCorpusCase(
      file: "csv/dat100__20170813.csv", records: 111, fixes: 111,
      estimated: ["vertical_accuracy_from_vdop": 108],
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2017-08-13T08:52:26.000Z", latitude: 60.385390, longitude: 5.217217,
          altitude: 61.9, speed: 0.94605947, course: 219.93),
        CSVCorpusSpot(
          line: 7, time: "2017-08-13T09:00:06.000Z", latitude: 60.370383, longitude: 5.232050,
          altitude: 49.7, speed: 14.8008375, course: 115.63),
        CSVCorpusSpot(
          line: 112, time: "2017-08-13T11:42:30.000Z", latitude: 60.386285, longitude: 5.216005,
          altitude: 76.7, speed: 3.5191557, course: 39.91),
      ]),
    CSVCorpusCase(
      file: "csv/dat100__20170814.csv", records: 197, fixes: 197,
      estimated: ["vertical_accuracy_from_vdop": 190],
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2017-08-14T05:23:35.000Z", latitude: 60.385920, longitude: 5.218073,
          altitude: 48.6, speed: 18.066235, course: 11.44),
        CSVCorpusSpot(
          line: 198, time: "2017-08-14T06:00:10.000Z", latitude: 60.368483, longitude: 5.350183,
          altitude: 23.8, speed: 0.0, course: 345.52),
      ]),
    // GSDC: times are GPS ms since 1980-01-06 minus 18 leap seconds (GPSTimeTests); the last
    // row is 1273529661442 − 1273529463442 = 198 000 ms after the first: 22:14:03.442.
    // Heights are above the WGS84 ellipsoid (no geoid model: used as the altitude, counted).
    // No accuracy column: HDOP × 5 m on the 97 rows whose hDop is above 0; vDop is 0 on all.
    CSVCorpusCase(
      file: "csv/gnsslibpy__Pixel4_ground_truth.csv", records: 199, fixes: 199,
      estimated: ["altitude_above_ellipsoid": 199, "horizontal_accuracy_from_hdop": 97],
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2020-05-14T22:10:45.442Z", latitude: 37.4235759540,
          longitude: -122.0941320350, altitude: 33.21, speed: 0.00, course: 12.70),
        CSVCorpusSpot(
          line: 200, time: "2020-05-14T22:14:03.442Z", latitude: 37.4265829720,
          longitude: -122.0993655847, altitude: 33.38, speed: 25.31, course: 325.56),
      ]),
    // smartLoc: 545 rows, one per satellite measurement, over 31 distinct epochs: the
    // time-order stage keeps the first row of each and drops 514 as duplicate times.
    // Week 1900 + 126641.5 s GPS − 17 s = 2016-06-06T11:10:24.500Z (GPSTimeTests); the
    // last epoch, 126648.1 s, is 6.6 s later. Heading is radians counterclockwise from
    // east: course = 90° − rad × 180/π.
    CSVCorpusCase(
      file: "csv/gnsslibpy__tu_chemnitz_berlin_1_raw.csv", records: 545, fixes: 31,
      skipped: ["duplicate_time": 514], estimated: ["altitude_above_ellipsoid": 545],
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2016-06-06T11:10:24.500Z", latitude: 52.504560220676,
          longitude: 13.3736577411555, altitude: 76.0045786043629, speed: 5.70623813848943,
          course: 90 - 1.24862086922803 * 180 / Double.pi),
        CSVCorpusSpot(
          line: 529, time: "2016-06-06T11:10:31.100Z", latitude: 52.5049302737324,
          longitude: 13.3738591715896, altitude: 76.1815748754889, speed: 6.31449499755399,
          course: 90 - 1.214457646347 * 180 / Double.pi),
      ]),
    // Columbus P-1: 742 rows; 58 'C' (POI) rows repeat a 'T' row's time. YYMMDD 250724 is
    // 2025-07-24, read as UTC (see CSVLayout). SPEED is km/h: 13.2 / 3.6 = 3.667 m/s.
    CSVCorpusCase(
      file: "csv/gpsbabel__24173415.CSV", records: 742, fixes: 684, skipped: ["duplicate_time": 58],
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2025-07-24T17:34:18.000Z", latitude: 49.0733336, longitude: -125.7648551,
          altitude: 38, speed: 0.2 / 3.6, course: 0),
        CSVCorpusSpot(
          line: 257, time: "2025-07-24T17:38:03.000Z", latitude: 49.0734126, longitude: -125.7659945,
          altitude: 20, speed: 13.2 / 3.6, course: 283),
        CSVCorpusSpot(
          line: 743, time: "2025-07-24T17:45:41.000Z", latitude: 49.0733998, longitude: -125.7646658,
          altitude: 24, speed: 0, course: 64),
      ]),
    // Garmin G1000: two `#` lines, header on line 3, 442 rows. Local time with UTCOfst
    // +00:00 is UTC. AltMSL in feet × 0.3048; GndSpd in knots × 1852 / 3600; TRK is the course.
    CSVCorpusCase(
      file: "csv/gpsbabel__garmin_g1000.csv", records: 442, fixes: 442,
      ignored: ["header": 1, "comment": 2],
      spots: [
        CSVCorpusSpot(
          line: 4, time: "2014-03-29T22:50:22.000Z", latitude: 40.2171326, longitude: -111.7177124,
          altitude: 4503.9 * 0.3048, speed: 3.50 * 1852 / 3600, course: 258.1),
        CSVCorpusSpot(
          line: 445, time: "2014-03-29T22:57:57.000Z", latitude: 40.2122955, longitude: -111.7098999,
          altitude: 5470.3 * 0.3048, speed: 99.37 * 1852 / 3600, course: 0.2),
      ]),
    // iBlue 747: 747 rows, hemisphere columns (all N and E), SPEED km/h: 68.7 / 3.6 = 19.08 m/s.
    CSVCorpusCase(
      file: "csv/gpsbabel__iblue747.csv", records: 747, fixes: 747,
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2005-05-01T10:12:47.000Z", latitude: 51.311770, longitude: 12.413179,
          altitude: 146, speed: 0),
        CSVCorpusSpot(
          line: 134, time: "2005-05-01T12:38:45.000Z", latitude: 51.301614, longitude: 12.373790,
          altitude: 112, speed: 68.7 / 3.6),
        CSVCorpusSpot(
          line: 748, time: "2005-05-01T14:54:00.000Z", latitude: 50.857783, longitude: 12.417961,
          altitude: 208, speed: 0.4 / 3.6),
      ]),
    // Columbus V-900 basic mode: NUL-padded, 14 rows, SPEED km/h.
    CSVCorpusCase(
      file: "csv/gpsbabel__v900_basic_mode.csv", records: 14, fixes: 14,
      spots: [
        CSVCorpusSpot(
          line: 2, time: "2009-04-04T06:35:10.000Z", latitude: 31.765973, longitude: 35.206901,
          altitude: 827, speed: 12 / 3.6, course: 357),
        CSVCorpusSpot(
          line: 15, time: "2009-04-04T06:35:23.000Z", latitude: 31.766553, longitude: 35.206728,
          altitude: 827, speed: 11 / 3.6, course: 306),
      ]),
  ]

  @Test(arguments: cases)
  func readsCorpusFile(expected: CSVCorpusCase) throws {
    let track = try TrackReader.load(path: Corpus.path(expected.file), speedPolicy: .never)
    #expect(track.format == .csv)
    #expect(track.diagnostics.recordsRead == expected.records)
    #expect(track.fixes.count == expected.fixes)
    #expect(track.diagnostics.skipped == expected.skipped)
    #expect(track.diagnostics.ignored == expected.ignored)
    #expect(track.diagnostics.estimated == expected.estimated)
    for spot in expected.spots {
      let fix = try #require(track.fixes.first { $0.line == spot.line }, "line \(spot.line)")
      #expect(UTCTime.iso8601(fix.time) == spot.time, "line \(spot.line)")
      #expect(fix.latitude == spot.latitude, "line \(spot.line)")
      #expect(fix.longitude == spot.longitude, "line \(spot.line)")
      // Optional values are stored as Float: compare at Float precision.
      #expect(fix.altitude.map(Float.init) == spot.altitude.map(Float.init), "line \(spot.line) altitude")
      #expect(fix.speed.map(Float.init) == spot.speed.map(Float.init), "line \(spot.line) speed")
      if let course = spot.course {
        #expect(abs((fix.course ?? .nan) - course) < 1e-4, "line \(spot.line) course")
      }
    }
  }

  /// Every CSV file in the corpus, including any added later, gives a replayable track:
  /// at least two fixes, no row skipped for a bad value.
  @Test func everyCorpusCSVFileIsReplayable() throws {
    let files = Corpus.files(in: "csv")
    #expect(files.count >= Self.cases.count)
    for file in files {
      let track = try TrackReader.load(path: Corpus.path(file))
      #expect(track.fixes.count >= 2, "\(file)")
      let bad = track.diagnostics.skipped.filter { $0.key != "duplicate_time" }
      #expect(bad.isEmpty, "\(file): \(bad)")
      #expect(zip(track.fixes, track.fixes.dropFirst()).allSatisfy { $0.time < $1.time }, "\(file)")
    }
  }
}
