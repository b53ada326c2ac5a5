import Foundation
import Testing

/// `calmgeo-replay fixes`, standard input, `--strict` and lenient skipping, from the binary.
struct FixesCommandTests {
  static let csv = """
    time,lat,lon,speed_kmh,accuracy
    2024-05-01T07:00:00Z,35.0,135.0,36,5
    2024-05-01T07:00:01Z,35.0001,135.0,,5
    2024-05-01T07:00:02Z,95.5,135.0,36,5
    2024-05-01T07:00:02Z,35.0002,135.0,36,5
    2024-05-01T07:00:01Z,35.0003,135.0,36,5

    """

  @Test func printsNormalizedFixesAndSkipCounts() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.csv.utf8).write(to: folder.appendingPathComponent("t.csv"))
    let result = try CommandRunner.run(["fixes", "t.csv"], in: folder)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "time,latitude,longitude,altitude,speed,course,horizontal_accuracy,vertical_accuracy,hdop,satellites,line,derived"
    )
    // Row 2: 36 km/h = 10 m/s. Row 3: no speed → derived: 0.0001° of latitude on the
    // 6 371 008.8 m sphere = 11.119508 m in 1 s. Row 4 (line 4): latitude 95.5 is skipped.
    // Row 5 (line 5) repeats 07:00:02: kept. Row 6 goes back to 07:00:01: dropped.
    #expect(lines.count == 4)
    #expect(lines[1] == "2024-05-01T07:00:00.000Z,35,135,,10,,5,,,,2,")
    #expect(lines[2].hasPrefix("2024-05-01T07:00:01.000Z,35.0001,135,,11.1195"))
    #expect(lines[2].hasSuffix(",5,,,,3,speed"))
    #expect(lines[3] == "2024-05-01T07:00:02.000Z,35.0002,135,,10,,5,,,,5,")
    #expect(result.stderr.contains("t.csv:4:"))
    #expect(result.stderr.contains("t.csv: 3 fixes as csv; 5 records read; skipped:"))
    #expect(result.stderr.contains("time_backwards=1"))
  }

  @Test func strictStopsAtTheFirstBadRowWith65() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.csv.utf8).write(to: folder.appendingPathComponent("t.csv"))
    let result = try CommandRunner.run(["t.csv", "--strict"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("t.csv:4:"))
    #expect(result.stderr.contains(": error: csv: "))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/t").path))
  }

  @Test func lenientReplayWarnsAndCounts() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.csv.utf8).write(to: folder.appendingPathComponent("t.csv"))
    let result = try CommandRunner.run(["t.csv"], in: folder)
    #expect(result.status == 0)
    #expect(result.stderr.contains("t.csv:4:"))
    #expect(result.stderr.contains("warning: skipped: csv:"))
    let stats = try String(contentsOf: folder.appendingPathComponent("replay-out/t/stats.json"), encoding: .utf8)
    #expect(stats.contains("\"time_backwards\": 1"))
    #expect(stats.contains("\"fixesUsed\": 3"))
  }

  @Test func readsStandardInput() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run(["fixes", "-", "--format", "ndjson"], in: folder, stdin: Data(Self.csv.utf8))
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix("{\"time\":\"2024-05-01T07:00:00.000Z\",\"latitude\":35,\"longitude\":135,\"speed\":10,"))
    let replay = try CommandRunner.run(["-", "-q"], in: folder, stdin: Data(Self.csv.utf8))
    #expect(replay.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/stdin/locations.json").path))
  }

  @Test func noUsableFixIs65() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("time,lat,lon\n".utf8).write(to: folder.appendingPathComponent("empty.csv"))
    let result = try CommandRunner.run(["empty.csv"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("empty.csv: error: csv: no usable fix"))
    let fixes = try CommandRunner.run(["fixes", "empty.csv"], in: folder)
    #expect(fixes.status == 65)
  }
}
