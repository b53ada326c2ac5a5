import Testing

@testable import CalmGeoReplay

/// `ParseProblem`: one static member per stats key, and the keys written into
/// stats.json and messages unchanged (the strings below were copied by hand from
/// the literals the readers used before the type existed).
struct ParseProblemTests {
  static let members: [(ParseProblem, String)] = [
    (.unknownFormat, "unknown_format"),
    (.io, "io"),
    (.gzip, "gzip"),
    (.lineTooLong, "line_too_long"),
    (.truncated, "truncated"),
    (.missingField, "missing_field"),
    (.badField, "bad_field"),
    (.badTime, "bad_time"),
    (.badLatitude, "bad_latitude"),
    (.badLongitude, "bad_longitude"),
    (.outOfRange, "out_of_range"),
    (.duplicateTime, "duplicate_time"),
    (.timeBackwards, "time_backwards"),
    (.noFix, "no_fix"),
    (.notGPX, "not_gpx"),
    (.xml, "xml"),
    (.entity, "entity"),
    (.dtd, "dtd"),
    (.empty, "empty"),
    (.missingLat, "missing_lat"),
    (.missingLon, "missing_lon"),
    (.badLat, "bad_lat"),
    (.badLon, "bad_lon"),
    (.missingTime, "missing_time"),
    (.noTrack, "no_track"),
    (.noSegment, "no_segment"),
    (.noPoints, "no_points"),
    (.badEle, "bad_ele"),
    (.badSpeed, "bad_speed"),
    (.badCourse, "bad_course"),
    (.badHDOP, "bad_hdop"),
    (.badVDOP, "bad_vdop"),
    (.badPDOP, "bad_pdop"),
    (.badSat, "bad_sat"),
    (.badFix, "bad_fix"),
    (.badGeoidHeight, "bad_geoidheight"),
    (.badHAcc, "bad_hacc"),
    (.badVAcc, "bad_vacc"),
    (.badEncoding, "bad_encoding"),
    (.badHeader, "bad_header"),
    (.badQuote, "bad_quote"),
    (.badTimeFormat, "bad_time_format"),
    (.checksum, "checksum"),
    (.malformedChecksum, "malformed_checksum"),
    (.noChecksum, "no_checksum"),
    (.noDate, "no_date"),
    (.badDate, "bad_date"),
    (.dateJump, "date_jump"),
    (.badRecord, "bad_record"),
    (.badJSON, "bad_json"),
    (.noRecords, "no_records"),
    (.timeOutOfRange, "time_out_of_range"),
    (.badLine, "bad_line"),
  ]

  @Test func everyKindKeepsItsKey() {
    for (problem, key) in Self.members {
      #expect(problem.key == key)
      #expect(problem.description == key)
    }
  }

  @Test func noTwoKindsShareAKey() {
    let keys = Self.members.map(\.1)
    #expect(Set(keys).count == keys.count)
    #expect(Set(Self.members.map(\.0)).count == keys.count)
  }

  /// An error made from a kind equals one made from its key, and renders the same.
  @Test func anErrorMadeFromAKindEqualsOneMadeFromItsKey() {
    let location = SourceLocation(file: "t.csv", line: 3, column: 22)
    let named = ParseError(
      format: "csv", location: location, problem: .badLatitude, reason: "latitude '91.5' is out of range")
    let keyed = ParseError(
      format: "csv", location: location, key: "bad_latitude", reason: "latitude '91.5' is out of range")
    #expect(named == keyed)
    #expect(named.key == "bad_latitude")
    #expect(named.description == "t.csv:3:22: error: csv: latitude '91.5' is out of range")
  }

  /// A skipped record is counted under its kind's key, as stats.json writes it.
  @Test func aSkippedRecordCountsUnderItsKey() throws {
    var diagnostics = InputDiagnostics()
    let error = ParseError(
      format: "nmea", location: SourceLocation(file: "t.nmea", line: 2), problem: .checksum, reason: "bad checksum")
    try diagnostics.skip(error)
    try diagnostics.skip(error)
    #expect(diagnostics.skipped == ["checksum": 2])
  }

  /// A reader outside the package names a kind of its own.
  @Test func aKindOfOnesOwnKeepsItsKey() {
    let own = ParseProblem("bad_heart_rate")
    #expect(own.key == "bad_heart_rate")
    #expect(own != .badField)
  }
}
