import Testing

@testable import CalmGeoReplay

/// Rows with different paths (map keys) share one table with the union of columns.
struct SweepTableTests {
  private func row(_ track: Int, _ stats: String) throws -> SweepRow {
    try SweepRow(
      line: #"{"specHash":"h","trackIndex":\#(track),"configIndex":0,"stats":\#(stats)}"#, file: "t", lineNumber: 1)
  }

  @Test func columnsAreTheUnionInStatsOrder() throws {
    var table = SweepTable()
    table.append(try row(0, #"{"a":1,"e":{"byAccuracy":{"gps":2}},"z":3}"#))
    table.append(try row(1, #"{"a":4,"e":{"byAccuracy":{"wifi":5}},"z":6}"#))
    table.append(try row(2, #"{"a":7,"e":{"byAccuracy":{"gps":8}},"z":9}"#))
    #expect(table.columns == ["a", "e.byAccuracy.gps", "e.byAccuracy.wifi", "z"])
    let matrix = table.matrix(columns: table.columns)
    #expect(matrix[0][0] == 1 && matrix[0][1] == 2 && matrix[0][2].isNaN && matrix[0][3] == 3)
    #expect(matrix[1][1].isNaN && matrix[1][2] == 5)
  }

  @Test func resultPathsLeaveOutTheInputExceptFixesUsed() throws {
    let stats =
      #"{"schemaVersion":2,"input":{"file":"x","recordsRead":9,"fixesUsed":8},"engine":{"emitted":3,"kept":true},"seed":1}"#
    #expect(try row(0, stats).paths == ["input.fixesUsed", "engine.emitted"])
  }
}
