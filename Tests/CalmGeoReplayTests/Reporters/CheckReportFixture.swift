import CalmGeoReplay
import Foundation

/// A small check result built by hand: `walk` differs (a `locations.json` record, the
/// request log's `Authorization` token, `engine.emitted` 111 → 110) and breaks the gate
/// `engine.emitted <= 100`; a track with markup and a control character in its name
/// matches; `broken` could not be checked; `engine.keptRatio >= 0.01` is met.
enum CheckReportFixture {
  static let token = "PLANTED-REPORTER-x81Qe"
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/expected")

  static let emittedGate = CheckGates.Gate(.max, "engine.emitted", 100)
  static let keptGate = CheckGates.Gate(.min, "engine.keptRatio", 0.01)
  static let oddName = "drive <&\"'>|\u{1}"

  /// The fresh stats of the walk, and the stored ones with `engine.emitted` 111.
  static func stats() throws -> (stored: ReplayStats, fresh: ReplayStats) {
    let text = try String(contentsOf: samples.appendingPathComponent("walk-with-long-stop/stats.json"), encoding: .utf8)
    guard let range = text.range(of: #""emitted": 110"#) else { throw CocoaError(.fileReadCorruptFile) }
    let edited = text.replacingCharacters(in: range, with: #""emitted": 111"#)
    let decoder = JSONDecoder()
    return (
      try decoder.decode(ReplayStats.self, from: Data(edited.utf8)),
      try decoder.decode(ReplayStats.self, from: Data(text.utf8))
    )
  }

  /// The walk's result: `files` differences as given, the stats change and the violation.
  static func walk(files: [CheckTrackResult.FileDifference]? = nil) throws -> CheckTrackResult {
    let (stored, fresh) = try stats()
    let check = StatsCheck(stored: stored, fresh: fresh, tolerance: CheckTolerance())
    let violations = try CheckGates([emittedGate, keptGate]).violations(of: fresh, track: "walk")
    return CheckTrackResult(name: "walk", files: files ?? fileDifferences(), stats: check, violations: violations)
  }

  static func fileDifferences() -> [CheckTrackResult.FileDifference] {
    let storedLog = #"{"headers":{"Authorization":"Bearer \#(token)"},"n":1}"# + "\n"
    let freshLog = #"{"headers":{"Authorization":"Bearer (redacted)"},"n":1}"# + "\n"
    var files: [CheckTrackResult.FileDifference] = []
    if let difference = CheckRecordDifference.first(
      stored: Array(#"[{"a":1},{"a":2}]"#.utf8),
      fresh: Array(#"[{"a":1},{"a":3}]"#.utf8))
    {
      files.append(.init(path: "locations.json", kind: .differs(difference)))
    }
    if let difference = CheckRecordDifference.first(stored: Array(storedLog.utf8), fresh: Array(freshLog.utf8)) {
      files.append(.init(path: "uploads/requests.ndjson", kind: .differs(difference)))
    }
    files.append(.init(path: "uploads/000009.json", kind: .onlyStored))
    return files
  }

  static func report() throws -> CheckReport {
    let (_, fresh) = try stats()
    let same = StatsCheck(stored: fresh, fresh: fresh, tolerance: CheckTolerance())
    return CheckReport(
      golden: "golden",
      tracks: [
        .init(name: "walk", result: try walk()),
        .init(name: oddName, result: CheckTrackResult(name: oddName, stats: same)),
        .init(name: "broken", failure: "broken.csv: error: cannot read: no such file"),
      ],
      gates: [emittedGate, keptGate], exitCode: 66)
  }
}
