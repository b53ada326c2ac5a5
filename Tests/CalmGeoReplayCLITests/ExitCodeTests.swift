import Foundation
import Testing

/// The documented exit codes, from the real binary.
struct ExitCodeTests {
  @Test func helpShowsExamplesAndExitCodes() throws {
    let result = try CommandRunner.run(["--help"])
    #expect(result.status == 0)
    for text in [
      "EXAMPLES", "calmgeo-replay track.gpx --config cfg.json", "EXIT CODES", "64  usage or configuration error",
      "65  bad input data", "66  input missing or unreadable", "replay", "fixes",
    ] {
      #expect(result.stdout.contains(text), "help lacks \(text)")
    }
    let replayHelp = try CommandRunner.run(["replay", "--help"])
    for option in [
      "--config", "--out", "--seed", "--final-sync", "--strict", "--latency", "--schedule", "--ndjson",
      "--derive-speed", "--date", "--assume-speed", "Times without a zone are UTC",
    ] {
      #expect(replayHelp.stdout.contains(option), "replay --help lacks \(option)")
    }
  }

  @Test func compareDocumentsDiffsExitCodes() throws {
    let root = try CommandRunner.run(["--help"])
    #expect(root.stdout.contains("compare: as diff's, 0 same, 1 different, 2 trouble"))
    let help = try CommandRunner.run(["compare", "--help"])
    for text in ["0   the stats are the same", "1   they differ", "2   trouble: a run missing or unreadable"] {
      #expect(help.stdout.contains(text), "compare --help lacks \(text)")
    }
    // Trouble is never 1 (a difference) nor 66 (what a missing run used to give).
    let folder = try CommandRunner.temporaryFolder()
    let missing = try CommandRunner.run(["compare", "a", "b"], in: folder)
    #expect(
      missing.status == 2
        && missing.stderr == "a: error: cannot read: no such file (give a replay output folder or its stats.json)\n")
  }

  @Test func missingInputIs66() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run(["no-such-track.gpx"], in: folder)
    #expect(result.status == 66)
    #expect(result.stderr == "no-such-track.gpx: error: no such file or directory\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/no-such-track").path))
  }

  @Test func unknownConfigKeyIs64AndNamesTheKey() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("{\"distanceFiltr\": 10}".utf8).write(to: folder.appendingPathComponent("cfg.json"))
    try Data("x".utf8).write(to: folder.appendingPathComponent("t.csv"))
    let result = try CommandRunner.run(["t.csv", "--config", "cfg.json"], in: folder)
    #expect(result.status == 64)
    #expect(
      result.stderr == "cfg.json:1:19: error: config: 'distanceFiltr': unknown key; did you mean 'distanceFilter'?\n")
  }

  @Test func badFlagValueIs64() throws {
    let result = try CommandRunner.run(["x.csv", "--failure-rate", "2"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--failure-rate must be between 0 and 1, found 2.0."))
    let schedule = try CommandRunner.run(["x.csv", "--schedule", "200,later"])
    #expect(schedule.status == 64)
  }

  @Test func unrecognisableInputIs65() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data([0x00, 0x01, 0x02, 0xFF]).write(to: folder.appendingPathComponent("blob"))
    let result = try CommandRunner.run(["blob"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("blob: error: input: cannot tell the format"))
  }

  @Test func formatForcesTheReader() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("time,lat,lon\n2024-05-01T07:00:00Z,35.0,135.0\n".utf8).write(to: folder.appendingPathComponent("log"))
    #expect(try CommandRunner.run(["log", "-q"], in: folder).status == 0)  // detected by its header
    let forced = try CommandRunner.run(["log", "--format", "nmea", "-q"], in: folder)
    #expect(forced.status == 65)
    #expect(
      forced.stderr == "log: error: nmea: no usable fix in 0 records read as nmea: nothing in the file is a record "
        + "of that format; if the file is another format, --input-format names it\n"
        + "replay-out/log: note: removed the output of an earlier run, since this run failed\n")
    #expect(try CommandRunner.run(["log", "--input-format", "csv", "-q"], in: folder).status == 0)
  }
}
