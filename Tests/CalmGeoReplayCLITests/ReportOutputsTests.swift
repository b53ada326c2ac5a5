import Foundation
import Testing

/// What a replay reports beyond its outputs: the metrics in stats.json, the cross-track
/// table and summary.csv for several logs, trace and exports, and `compare`.
struct ReportOutputsTests {
  private let root = CommandRunner.repositoryRoot
  private var config: String { root.appendingPathComponent("Samples/config.json").path }
  private func sample(_ name: String) -> String { root.appendingPathComponent("Samples/\(name).csv").path }

  @Test func severalLogsGiveACrossTrackTableAndSummaryCSV() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run([
      sample("walk-with-long-stop"), sample("drive-speed-changes"), "-c", config, "-o", folder.path,
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("log ") })
    #expect(lines[header].contains("kept/raw") && lines[header].contains("stop p95"))
    // walk: 110 of 1740 kept, stop reported 80 s after the café run began (Samples/README).
    #expect(lines[header + 1].hasPrefix("walk-with-long-stop.csv") && lines[header + 1].contains("110/1740"))
    #expect(lines[header + 1].contains("80 s"))
    #expect(lines[header...].allSatisfy { $0.count <= 80 })
    let csv = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
    let rows = csv.split(separator: "\n")
    #expect(rows.count == 3 && rows[0].hasPrefix("log,fixes_used,emitted,kept_ratio"))
    #expect(rows[1].contains(",1740,110,0.063218,"))
  }

  @Test func oneLogWritesNoSummaryCSV() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run([sample("walk-with-long-stop"), "-c", config, "-o", folder.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("stops       1/1 detected, delay p95 80 s, 0 false; starts 1/1, 0 m lost p95\n"))
    #expect(result.stdout.contains("emitted     110 locations, 3 motionchanges (1 first fix, 1 stop, 1 geofence exit)"))
    #expect(result.stdout.contains("records     110 uploaded, 0 duplicates sent, 0 still stored, 0 expired"))
    #expect(
      result.stdout.contains(
        "energy      25.1 mAh, 1.73 %/h of battery; 0.85–9.39 %/h across 5 profiles (a proxy for ranking)"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.csv").path))
  }

  @Test func noMetricsLeavesTheSectionsOut() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run([sample("walk-with-long-stop"), "-o", folder.path, "-q", "--no-metrics"])
    #expect(result.status == 0)
    let stats = try String(contentsOf: folder.appendingPathComponent("walk-with-long-stop/stats.json"), encoding: .utf8)
    #expect(!stats.contains("\"stops\"") && stats.contains("\"energy\""))
  }

  @Test func compareShowsTheDifferenceAndExitsOne() throws {
    let folder = try CommandRunner.temporaryFolder()
    for (name, extra) in [("a", [String]()), ("b", ["--schedule", "200,500", "--loop-schedule"])] {
      let run = try CommandRunner.run(
        [sample("walk-with-long-stop"), "-c", config, "-o", folder.appendingPathComponent(name).path, "-q"] + extra)
      #expect(run.status == 0, "stderr: \(run.stderr)")
    }
    let a = folder.appendingPathComponent("a/walk-with-long-stop").path
    let b = folder.appendingPathComponent("b/walk-with-long-stop").path
    let same = try CommandRunner.run(["compare", a, a])
    #expect(
      same.status == 0 && same.stdout.hasSuffix("0 of \(same.stdout.split(separator: "\n").count - 3) fields differ\n"))
    let differ = try CommandRunner.run(["compare", a, b, "--changed"])
    #expect(differ.status == 1)
    #expect(differ.stdout.contains("uploads.failed") && !differ.stdout.contains("input.file"))
    let missing = try CommandRunner.run(["compare", a, folder.appendingPathComponent("nowhere").path])
    // compare's exit codes follow diff's: trouble (a missing run) is 2, no longer 66.
    #expect(missing.status == 2 && missing.stderr.contains("no such file"))
  }

  @Test func traceAndExportsAreWritten() throws {
    let folder = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run([
      sample("walk-with-long-stop"), "-o", folder.path, "-q", "--trace", "--export", "gpx,geojson", "--export-raw",
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let out = folder.appendingPathComponent("walk-with-long-stop")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(
      names == [
        ".calmgeo-replay.json", "emitted.geojson", "emitted.gpx", "locations.json", "raw.geojson", "raw.gpx",
        "stats.json", "stops.ndjson", "trace.ndjson", "uploads",
      ])
    let trace = try String(contentsOf: out.appendingPathComponent("trace.ndjson"), encoding: .utf8)
    #expect(trace.split(separator: "\n").count == 1740)
    let bad = try CommandRunner.run([sample("walk-with-long-stop"), "-o", folder.path, "--export", "kml"])
    #expect(bad.status == 64 && bad.stderr.contains("--export takes gpx and geojson"))
  }
}
