import Foundation
import Testing

/// The terminal summary's `fixes` line adds up, and `--split-gap` sessions are told apart
/// in `summary.csv`.
struct SummaryCountsTests {
  private func write(_ text: String, _ name: String, in folder: URL) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  @Test func recordsReadAddUpToUsedSkippedAndIgnored() throws {
    // 6 data rows: 3 good fixes; a bad latitude (skipped); 0,0 (no fix: ignored); a time
    // before the previous fix (dropped for its time: skipped). 6 = 3 + 2 + 1; the header
    // row is no record, named apart.
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon
      2024-05-01T07:00:00Z,35.0,135.0
      2024-05-01T07:00:10Z,95.0,135.0
      2024-05-01T07:00:20Z,35.001,135.0
      2024-05-01T07:00:30Z,0,0
      2024-05-01T07:00:15Z,35.002,135.0
      2024-05-01T07:00:40Z,35.003,135.0

      """, "six.csv", in: folder)
    let run = try CommandRunner.run(["six.csv", "-o", "out"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("fixes ") })
    #expect(
      line.hasSuffix(
        "6 records read = 3 used + 2 skipped (bad_latitude 1, time_backwards 1) "
          + "+ 1 ignored (no_fix 1); not records (header 1)"),
      "\(line)")
  }

  @Test func splitGapSessionsHaveASessionColumn() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon
      2012-05-01T07:00:00Z,35.0,135.0
      2012-05-01T07:00:10Z,35.001,135.0
      2015-05-01T07:00:00Z,35.002,135.0
      2015-05-01T07:00:10Z,35.003,135.0

      """, "mtk.csv", in: folder)
    let split = try CommandRunner.run(["mtk.csv", "-q", "--split-gap", "24h", "-o", "out"], in: folder)
    #expect(split.status == 0, "\(split.stderr)")
    let csv = try String(contentsOf: folder.appendingPathComponent("out/summary.csv"), encoding: .utf8)
    let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(rows.count == 3)
    #expect(rows[0].last == "session")
    // Both rows name the same log; the session column tells them apart, in time order.
    #expect(rows[1].first == "mtk.csv" && rows[2].first == "mtk.csv")
    #expect(rows[1].last == "1" && rows[2].last == "2")
    // Two logs replayed whole: the column is there, empty.
    try write("time,lat,lon\n2024-05-01T07:00:00Z,35.0,135.0\n2024-05-01T07:00:10Z,35.001,135.0\n", "b.csv", in: folder)
    let two = try CommandRunner.run(["mtk.csv", "b.csv", "-q", "-o", "whole"], in: folder)
    #expect(two.status == 0, "\(two.stderr)")
    let whole = try String(contentsOf: folder.appendingPathComponent("whole/summary.csv"), encoding: .utf8)
    #expect(whole.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix(",") })
  }
}
