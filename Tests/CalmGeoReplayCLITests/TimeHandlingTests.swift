import Foundation
import Testing

/// What a new user tripped over with times (issue 12 items 2, 3, 4): each test failed
/// before its fix.
struct TimeHandlingTests {
  private func write(_ text: String, _ name: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// Item 2: `--utc-offset` moves only times written without a zone.
  @Test func utcOffsetMovesOnlyZonelessTimes() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon
      2024-05-01T07:00:00,35.0,135.0
      2024-05-01T16:00:10+02:00,35.001,135.0
      2024-05-01T14:00:20Z,35.002,135.0
      1714572030,35.003,135.0

      """, "mixed.csv", in: folder)
    let result = try CommandRunner.run(["fixes", "mixed.csv", "--utc-offset", "-07:00"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    // 07:00:00 local at -07:00 is 14:00:00Z; 16:00:10+02:00 is 14:00:10Z; 14:00:20Z stays;
    // 1714572030 is 2024-05-01T14:00:30Z (Unix time is absolute). Before, every time moved
    // by 7 h and three of the four went "back in time".
    let times = result.stdout.split(separator: "\n").dropFirst().map { $0.prefix(24) }
    #expect(
      times == [
        "2024-05-01T14:00:00.000Z", "2024-05-01T14:00:10.000Z", "2024-05-01T14:00:20.000Z",
        "2024-05-01T14:00:30.000Z",
      ])
    #expect(
      result.stderr.contains(
        "mixed.csv: note: --utc-offset moved 1 zone-less times; 3 with their own zone were left as they are"))
  }

  @Test func utcOffsetOnAZonedGPXMovesNothingAndSaysSo() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      <gpx><trk><trkseg><trkpt lat="1" lon="1"><time>2024-05-01T07:00:00Z</time></trkpt>\
      <trkpt lat="1.001" lon="1"><time>2024-05-01T07:00:10Z</time></trkpt></trkseg></trk></gpx>
      """, "z.gpx", in: folder)
    let result = try CommandRunner.run(["fixes", "z.gpx", "--utc-offset", "+02:00"], in: folder)
    #expect(result.stdout.contains("2024-05-01T07:00:00.000Z"))
    #expect(
      result.stderr.contains("z.gpx: warning: --utc-offset moved no time: every time in the log carries its own zone"))
  }

  /// Item 3: fixes that go back in time are warnings with their line, `--strict` fails
  /// on them, and `--sort` replays rows that are merely out of order.
  @Test func backwardTimesAreWarnedStrictFailsSortRecovers() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon
      2024-05-01T07:00:00Z,35.0,135.0
      2024-05-01T07:00:10Z,35.001,135.0
      2024-05-01T07:00:05Z,35.002,135.0
      2024-05-01T07:00:20Z,35.003,135.0

      """, "back.csv", in: folder)
    let plain = try CommandRunner.run(["back.csv", "-q"], in: folder)
    #expect(plain.status == 0)
    // Line 4 (07:00:05) is 5 s before line 3 (07:00:10).
    #expect(
      plain.stderr.contains(
        "back.csv:4: warning: skipped: csv: time 2024-05-01T07:00:05.000Z is 5 s before the fix of line 3 (a log whose rows are merely out of order can be replayed with --sort)"
      ))
    let strict = try CommandRunner.run(["back.csv", "-q", "--strict"], in: folder)
    #expect(strict.status == 65)
    #expect(strict.stderr.hasPrefix("back.csv:4: error: csv: time 2024-05-01T07:00:05.000Z is 5 s before"))
    let sorted = try CommandRunner.run(["fixes", "back.csv", "--sort"], in: folder)
    #expect(sorted.status == 0)
    // All four fixes, in time order: 00, 05 (line 4), 10 (line 3), 20.
    let lines = sorted.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(24)) }
    #expect(
      lines == [
        "2024-05-01T07:00:00.000Z", "2024-05-01T07:00:05.000Z", "2024-05-01T07:00:10.000Z",
        "2024-05-01T07:00:20.000Z",
      ])
    #expect(!sorted.stderr.contains("warning"))
  }

  /// Item 4: a long gap is warned about; `--split-gap` replays each session into its own
  /// folder; `--track N` writes `NAME.track-0N`.
  @Test func longGapsAreWarnedAndSplitGapMakesSessions() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon
      2012-05-01T07:00:00Z,35.0,135.0
      2012-05-01T07:00:10Z,35.001,135.0
      2015-05-01T07:00:00Z,35.002,135.0
      2015-05-01T07:00:10Z,35.003,135.0

      """, "mtk.csv", in: folder)
    let plain = try CommandRunner.run(["mtk.csv", "-q"], in: folder)
    #expect(plain.status == 0)
    // 2012-05-01 to 2015-05-01 is 3 · 365 = 1095 days (no 29 February in between) = 26280 h;
    // less 10 s that is 26279 h 59 m 50 s, told in whole hours: 26279 h.
    #expect(
      plain.stderr.contains(
        "mtk.csv:4: warning: 26279 h without a fix before this line (2012-05-01T07:00:10.000Z to 2015-05-01T07:00:00.000Z); replayed as one session"
      ))
    let split = try CommandRunner.run(["mtk.csv", "-q", "--split-gap", "24h", "-o", "out"], in: folder)
    #expect(split.status == 0, "\(split.stderr)")
    #expect(!split.stderr.contains("warning"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
    #expect(names == ["mtk.session-01", "mtk.session-02", "summary.csv"])
    let second = try String(contentsOf: folder.appendingPathComponent("out/mtk.session-02/stats.json"), encoding: .utf8)
    #expect(second.contains("\"firstFixTime\": \"2015-05-01T07:00:00.000Z\""))
  }

  @Test func eachTrackGetsItsOwnFolder() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      <gpx><trk><trkseg><trkpt lat="1" lon="1"><time>2024-05-01T07:00:00Z</time></trkpt></trkseg></trk>\
      <trk><trkseg><trkpt lat="2" lon="2"><time>2024-05-02T07:00:00Z</time></trkpt></trkseg></trk></gpx>
      """, "two.gpx", in: folder)
    #expect(try CommandRunner.run(["two.gpx", "--track", "1", "-q", "-o", "out"], in: folder).status == 0)
    #expect(try CommandRunner.run(["two.gpx", "--track", "2", "-q", "-o", "out"], in: folder).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
    #expect(names == ["two.track-01", "two.track-02"])
  }
}
