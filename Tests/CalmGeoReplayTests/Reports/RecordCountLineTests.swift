import Testing

@testable import CalmGeoReplay

/// The summary's `fixes` line: its parts add up to the records read.
struct RecordCountLineTests {
  @Test func csvPartsAddUp() {
    // 12 records: 9 used + 2 skipped + 1 ignored; a repeated header row is no record.
    var d = InputDiagnostics()
    d.recordsRead = 12
    d.skipped = ["bad_time": 1, "duplicate_time": 1]
    d.ignored = ["no_fix": 1, "header": 1]
    #expect(
      RecordCountLine.render(used: 9, d)
        == "12 records read = 9 used + 2 skipped (bad_time 1, duplicate_time 1) + 1 ignored (no_fix 1); "
        + "not records (header 1)")
  }

  @Test func nmeaSentencesMergedIntoFixesAreCounted() {
    // 30 sentences: 10 epochs of GGA + RMC (20) made 10 fixes, 8 GSV ignored, 2 bad
    // checksums: 30 − 10 − 2 − 8 = 10 sentences merged into the fixes of others.
    var d = InputDiagnostics()
    d.recordsRead = 30
    d.skipped = ["checksum": 2]
    d.ignored = ["GSV": 8]
    #expect(
      RecordCountLine.render(used: 10, d)
        == "30 records read = 10 used + 2 skipped (checksum 2) + 8 ignored (GSV 8) + 10 merged into fixes")
  }

  @Test func fourKindsShowTheLargestThree() {
    var d = InputDiagnostics()
    d.recordsRead = 10
    d.ignored = ["a": 1, "b": 4, "c": 2, "d": 3]
    #expect(
      RecordCountLine.render(used: 0, d)
        == "10 records read = 0 used + 0 skipped + 10 ignored (b 4, d 3, c 2, …)")
  }
}
