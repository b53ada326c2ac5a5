import Testing

@testable import CalmGeoReplay

/// 2024-05-01T07:03:12Z (see CSVTimeParserTests for the arithmetic).
private let anchor: Int64 = 1_714_546_992_000

struct CSVFixtureTests {
  /// A file as a spreadsheet with a European locale writes it, read through the whole
  /// input path (opening, sniffing by extension, parsing, time order).
  @Test func readsAEuropeanSpreadsheetExport() throws {
    let track = try TrackReader.load(
      path: Fixture.path("csv/bom-crlf-semicolon-decimal-comma.csv"), speedPolicy: .never)
    #expect(track.format == .csv)
    // Row 1: 01.05.2024 07:03:12 (DD.MM.YYYY), 36 km/h = 10 m/s, 100 ft = 30.48 m.
    var first = Fix(time: anchor, latitude: 60.5, longitude: 5.25, line: 3)
    first.speed = 10
    first.altitude = 30.48
    // Row 2 (line 5, after a blank line): empty speed, "-" altitude.
    let second = Fix(time: anchor + 1000, latitude: 60.50001, longitude: 5.25001, line: 5)
    // Row 3 repeats row 2's time and is dropped by the time-order stage.
    #expect(track.fixes == [first, second])
    #expect(track.diagnostics.recordsRead == 3)
    #expect(track.diagnostics.skipped == ["duplicate_time": 1])
    #expect(track.diagnostics.ignored == ["comment": 1, "header": 1])
  }
}
