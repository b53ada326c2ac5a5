import Foundation
import Testing

/// The expiry crash from the real binary: a warning on stderr once, stats.json `library`.
struct LibraryCrashCommandTests {
  @Test func aSyncAfterExpiryIsReportedOnceAndTheRunGoesOn() throws {
    // Fixes at 07:00:00, 07:00:01 and a day and an hour later (100 m east of 0°, 0°);
    // maxDaysToPersist 1, a url, autoSync off. sync() at 2024-05-02T07:00:00.500Z: the
    // first record (07:00:00.000) is 86 400.5 s old, expired and still listed: the real
    // library traps there. A second sync() after it is not reported again; exit 0.
    let folder = try CommandRunner.temporaryFolder()
    let longitude = 100 / (6_371_008.8 * Double.pi / 180)
    let csv =
      "time,lat,lon\n"
      + ["2024-05-01T07:00:00Z", "2024-05-01T07:00:01Z", "2024-05-02T08:00:00Z"]
      .map { String(format: "%@,0,%.9f\n", $0, longitude) }.joined()
    try Data(csv.utf8).write(to: folder.appendingPathComponent("t.csv"))
    try Data(#"{"maxDaysToPersist": 1, "url": "https://example.test/l"}"#.utf8)
      .write(to: folder.appendingPathComponent("c.json"))
    try Data(
      """
      calls:
        - {call: start, at: "+0s"}
        - {call: sync, at: "2024-05-02T07:00:00.500Z"}
        - {call: sync, at: "2024-05-02T07:30:00Z"}
      """.utf8
    ).write(to: folder.appendingPathComponent("s.yaml"))
    let result = try CommandRunner.run(["t.csv", "--config", "c.json", "--scenario", "s.yaml", "-q"], in: folder)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.components(separatedBy: "would crash").count == 2, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("t.csv: warning: at 2024-05-02T07:00:00.500Z the real CalmGeo library would crash"))
    #expect(result.stderr.contains("(2024-05-01T07:00:00.000Z)"))
    let stats =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("replay-out/t/stats.json"))) as! [String: Any]
    let library = try #require(stats["library"] as? [String: Any])
    #expect(library["wouldCrash"] as? Bool == true && library["call"] as? String == "sync")
    #expect(library["at"] as? String == "2024-05-02T07:00:00.500Z")
    #expect(library["recordTimestamp"] as? String == "2024-05-01T07:00:00.000Z")
  }
}
