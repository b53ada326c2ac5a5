import Foundation
import Testing

/// `replay --geofences`: geofences.ndjson and the stats section beside the usual outputs
/// (which do not change), the summary line, the platform settings, a bad file's exit 64
/// naming file, line:column and entry, and the report drawn in a real browser.
struct GeofenceCommandTests {
  static let root = CommandRunner.repositoryRoot
  static let sample = "Samples/walk-with-long-stop.csv"
  static let geofences = "Samples/home-office.geofences.yaml"

  /// Replays the sample into a new folder; returns the run and the track's folder.
  private func replay(_ arguments: [String]) throws -> (CommandRunner.Result, URL) {
    let out = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run(
      [Self.sample, "--config", "Samples/config.json", "--out", out.path] + arguments, in: Self.root)
    return (result, out.appendingPathComponent("walk-with-long-stop"))
  }

  private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  @Test func writesEventsAndStatsAndLeavesTheOtherOutputsAlone() throws {
    let (run, folder) = try replay(["--geofences", Self.geofences])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    // The golden track walk-with-geofences holds these outputs, checked by hand (README).
    let golden = Self.root.appendingPathComponent("Samples/expected/walk-with-geofences")
    #expect(
      try text(folder.appendingPathComponent("geofences.ndjson"))
        == text(golden.appendingPathComponent("geofences.ndjson")))
    #expect(
      run.stdout.contains(
        "\ngeofences   home 0 entries, 1 exit, 1m14s inside; office 1 entry, 2 exits, 7m57s inside\n"))
    // Without geofences every output is byte for byte what it was: no geofences.ndjson,
    // no geofences section in stats.json.
    let (plain, plainFolder) = try replay(["-q"])
    #expect(plain.status == 0)
    #expect(!FileManager.default.fileExists(atPath: plainFolder.appendingPathComponent("geofences.ndjson").path))
    let stats = try text(plainFolder.appendingPathComponent("stats.json"))
    #expect(!stats.contains("geofences"))
    #expect(try stats == text(Self.root.appendingPathComponent("Samples/expected/walk-with-long-stop/stats.json")))
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("locations.json"))
        == Data(contentsOf: plainFolder.appendingPathComponent("locations.json")))
  }

  @Test func thePlatformSettingsApplyToTheAppsGeofencesToo() throws {
    // home's exit: first fix outside 07:01:14 (101.25 m > 100). With a 45 s delay it is
    // reported at the first fix ≥ 07:01:59, i.e. 07:01:59 (1 Hz log), crossed at fix 75.
    // A 60 m minimum radius widens office (40 m) to 60 m. scripts/geofence-crossings.py
    // Samples/walk-with-long-stop.csv 35.0116 135.77915 60 (no delay) gives: in at fix 677
    // (07:11:16, 57.53 m), out at 678 (60.93 m), in at 679, out at 1182 (07:19:41),
    // in at 1183, out at 1185. With the 45 s delay: 677 is an entry at once; the exit
    // crossed at 678 is delivered at 678 + 45 = fix 723 (07:12:02), which is inside
    // (2.92 m): an entry right after; the exit crossed at 1182 is delivered at fix 1227
    // (07:20:26), 120.5 m out. The delay delivers exits late; it does not hide a fix
    // that strayed out for a second (the same meaning as for CalmGeo's own geofence).
    let (run, folder) = try replay([
      "-q", "--geofences", Self.geofences, "--set", "replay.platform.geofenceExitDelay=45",
      "--set", "replay.platform.geofenceMinimumRadius=60",
    ])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let lines = try text(folder.appendingPathComponent("geofences.ndjson")).split(separator: "\n")
    let home = try #require(lines.first { $0.contains(#""identifier":"home""#) })
    #expect(home.contains(#""time":"2024-05-01T07:01:59.000Z","fix":120,"#))
    #expect(home.contains(#""crossingFix":75,"crossingTime":"2024-05-01T07:01:14.000Z""#))
    let office = lines.filter { $0.contains(#""identifier":"office""#) }
    let summary = office.map { line -> String in
      let field = { (key: String) in line.components(separatedBy: "\"\(key)\":")[1].prefix { $0 != "," } }
      return "\(field("state")) \(field("fix")) \(field("crossingFix"))"
    }
    #expect(
      summary == [
        #""unsatisfied" 1 null"#, #""satisfied" 677 null"#, #""unsatisfied" 723 678"#, #""satisfied" 723 null"#,
        #""unsatisfied" 1227 1182"#,
      ])
    #expect(office.allSatisfy { $0.contains(#""radius":60,"#) })
    let stats = try text(folder.appendingPathComponent("stats.json"))
    #expect(stats.contains(#""monitoredRadius": 60,"#))
  }

  @Test(arguments: [
    (
      "radius: 40", "radius: 0",
      "home-office.geofences.yaml:12:13: error: geofences: 'geofences[1].radius': expected the radius in metres, a number > 0, found 0"
    ),
    (
      "    radius: 40\n", "",
      "home-office.geofences.yaml:9:5: error: geofences: 'geofences[1].radius': missing; expected the radius in metres, a number > 0"
    ),
    (
      "assuming: satisfied", "assuming: inside",
      "home-office.geofences.yaml:8:15: error: geofences: 'geofences[0].assuming': expected satisfied, unsatisfied or unknown, found \"inside\""
    ),
  ])
  func aBadFileIsAUsageErrorNamingLineColumnAndEntry(find: String, replace: String, message: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let file = folder.appendingPathComponent("home-office.geofences.yaml")
    let written = try text(Self.root.appendingPathComponent(Self.geofences)).replacingOccurrences(
      of: find, with: replace)
    try written.write(to: file, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out")
    let result = try CommandRunner.run([Self.sample, "--geofences", file.path, "--out", out.path], in: Self.root)
    #expect(result.status == 64)
    #expect(result.stderr == "\(folder.path)/\(message)\n")
    #expect(!FileManager.default.fileExists(atPath: out.path))  // nothing replayed
  }

  @Test func aMissingFileIsAUsageError() throws {
    let result = try CommandRunner.run([Self.sample, "--geofences", "nowhere.yaml", "-q"], in: Self.root)
    #expect(result.status == 64)
    #expect(result.stderr == "nowhere.yaml: error: geofences: no such file\n")
  }

  @Test func theGoldenSetHasTheGeofenceSample() throws {
    let manifest = try text(Self.root.appendingPathComponent("Samples/expected/check.json"))
    #expect(manifest.contains(#""geofences": "../home-office.geofences.yaml""#))
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func theReportDrawsTheCirclesAndEventsInChromium() throws {
    let (run, folder) = try replay(["-q", "--geofences", Self.geofences, "--report", "html"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let page = try Chromium.load(folder.appendingPathComponent("report.html"))
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""), "the page's script did not finish")
    #expect(page.count("class=\"user-geofence\"") == 2)
    #expect(page.count("class=\"user-geofence-label\"") == 2)
    // 4 events (office unsatisfied at the start, home exit, office entry and exit): one
    // mark each on the map and on the geofence timeline.
    #expect(page.count("class=\"gf-event ") == 4)
    #expect(page.count("class=\"gf-tick ") == 4)
    // home satisfied 07:00:00–07:01:14, office 07:11:32–07:19:29: one span each.
    #expect(page.count("class=\"gf-span satisfied\"") == 2)
    // The timeline, the stops lane, the geofence timeline and the uploads lane follow the cursor.
    #expect(page.count("class=\"cursor-line\"") == 4)
    #expect(page.dom.contains("Geofences (2) and their events (4): all drawn."))
    // CalmGeo's own stationary geofence is still drawn, once.
    #expect(page.count("class=\"geofence\"") == 1)
  }
}
