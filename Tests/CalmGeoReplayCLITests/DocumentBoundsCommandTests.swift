import Foundation
import Testing

/// Hostile documents through the real commands (issue 23, `../shared/robustness-2/06-*`):
/// each is a usage error (64) at its place, never memory without bound or a crash.
struct DocumentBoundsCommandTests {
  /// `06-lol-*.yaml`'s shape: nine levels of nine aliases under `key`.
  private func billionLaughs(key: String) -> Data {
    var lines = [#"a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
    for level in 1...8 {
      lines.append("a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ","))]")
    }
    lines.append("\(key): [*a8]")
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func billionLaughsIsRefusedInEveryYAMLInput() throws {
    let folder = try CommandRunner.temporaryFolder()
    let log = CommandRunner.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let expected = CommandRunner.repositoryRoot.appendingPathComponent("Samples/expected").path
    for (name, key) in [("sweep", "tracks"), ("geofences", "geofences"), ("scenario", "calls"), ("gates", "max")] {
      try billionLaughs(key: key).write(to: folder.appendingPathComponent("\(name).yaml"))
    }
    let runs: [(String, [String])] = [
      ("sweep spec", ["sweep", "sweep.yaml", "--out", "r"]),
      ("geofences", [log, "-o", "out", "-q", "--geofences", "geofences.yaml"]),
      ("scenario", [log, "-o", "out", "-q", "--scenario", "scenario.yaml"]),
      ("gates", ["check", expected, "--assert", "gates.yaml"]),
    ]
    for (document, arguments) in runs {
      let file = arguments.first { $0.hasSuffix(".yaml") } ?? ""
      let start = ContinuousClock.now
      let result = try CommandRunner.run(arguments, in: folder)
      #expect(result.status == 64, "\(document): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("\(file):2:10: error: \(document): YAML aliases (*name) are not supported"),
        "\(document): \(result.stderr)")
      #expect(ContinuousClock.now - start < .seconds(10), "\(document)")
    }
  }

  /// 9 000 000 configurations were planned up front (2.75 GB after 120 s, still growing).
  @Test func hugeGridIsRefusedWithTheNumberAndTheLimit() throws {
    let folder = try CommandRunner.temporaryFolder()
    let spec = """
      tracks: [a.csv]
      vary:
        distanceFilter: {from: 1, to: 3000, step: 1}
        syncThreshold: {from: 1, to: 3000, step: 1}
      """
    try Data(spec.utf8).write(to: folder.appendingPathComponent("big.yaml"))
    try Data("time,lat,lon\n2020-01-01T00:00:00Z,1,1\n".utf8).write(to: folder.appendingPathComponent("a.csv"))
    let start = ContinuousClock.now
    let result = try CommandRunner.run(["sweep", "big.yaml", "--out", "r"], in: folder)
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("'vary': the grid has 9000000 configurations"), "\(result.stderr)")
    #expect(result.stderr.contains("at most 100000 fit in one sweep"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r/results.ndjson").path))
  }

  /// `after: ""` crashed the replay (exit 132).
  @Test func scenarioAfterEmptyIsAUsageError() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("calls:\n  - {call: sync, after: \"\"}\n".utf8).write(to: folder.appendingPathComponent("s.yaml"))
    let log = CommandRunner.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let result = try CommandRunner.run([log, "-o", "out", "-q", "--scenario", "s.yaml"], in: folder)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("s.yaml:2: error: scenario: calls[0]: expected an event and its number"),
      "\(result.stderr)")
  }

  /// `batteryMilliampHours: 1e-300` was accepted; sweep.html's number formatting then
  /// trapped at the end of every sweep (exit 132).
  @Test func tinyBatteryInASweepIsRefused() throws {
    let folder = try CommandRunner.temporaryFolder()
    let log = CommandRunner.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let spec = "tracks: [\"\(log)\"]\nbase: {replay: {energy: {batteryMilliampHours: 1e-300}}}\n"
    try Data(spec.utf8).write(to: folder.appendingPathComponent("s.yaml"))
    let result = try CommandRunner.run(["sweep", "s.yaml", "--out", "r", "-q"], in: folder)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(
      result.stderr.contains("'base.replay.energy.batteryMilliampHours': must be at least 1 (mAh"), "\(result.stderr)")
  }
}
