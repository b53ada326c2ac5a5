import Foundation
import Testing

/// `compare` of two multi-log output folders, and its exit codes (diff's: 0 same, 1
/// different, 2 trouble). The folders: `Samples/expected` (five logs) and `new`, a copy
/// where `walk-with-long-stop` emits 111 instead of 110 (one field: `engine.emitted`,
/// the first occurrence), `stationary-drift` is gone and `extra` (a copy of `commute`)
/// is added. Paired by name: commute, drive-speed-changes, walk-with-geofences same;
/// walk-with-long-stop differs; stationary-drift only in expected; extra only in new.
struct CompareFoldersCommandTests {
  private func folders() throws -> GoldenCopy {
    let copy = try GoldenCopy()
    try FileManager.default.copyItem(at: copy.url("Samples/expected"), to: copy.url("new"))
    try copy.replace(#""emitted": 110,"#, with: #""emitted": 111,"#, in: "new/walk-with-long-stop/stats.json")
    try FileManager.default.removeItem(at: copy.url("new/stationary-drift"))
    try FileManager.default.copyItem(at: copy.url("new/commute"), to: copy.url("new/extra"))
    return copy
  }

  private let summary = "6 logs: 3 same, 1 differs, 1 only in expected, 1 only in new"

  @Test func textHasARowPerLogTheTotalsAndTheChangedFields() throws {
    let copy = try folders()
    let result = try copy.run(["compare", "Samples/expected", "new"])
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.components(separatedBy: "\n")
    #expect(
      Array(lines.prefix(8)) == [
        "log                  result",
        "commute              same",
        "drive-speed-changes  same",
        "extra                only in new",
        "stationary-drift     only in expected",
        "walk-with-geofences  same",
        lines[6],
        summary,
      ])
    #expect(lines[6].hasPrefix("walk-with-long-stop  1 of ") && lines[6].hasSuffix(" fields differ"))
    #expect(result.stdout.contains("\nwalk-with-long-stop:\nfield "))
    #expect(result.stdout.contains("\nengine.emitted       110  111     +1   +0.9%\n"), "\(result.stdout)")
  }

  @Test func exitCodesFollowDiff() throws {
    let copy = try folders()
    let same = try copy.run(["compare", "Samples/expected", "Samples/expected"])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.hasSuffix("5 logs: 5 same, 0 differ, 0 only in Samples/expected, 0 only in Samples/expected\n"))
    // A log's stats.json that is not one: the others are still compared, and the exit is 2.
    try copy.write("new/commute/stats.json", "{")
    let broken = try copy.run(["compare", "Samples/expected", "new"])
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("new/commute/stats.json: error: not a calmgeo-replay stats.json"))
    #expect(broken.stdout.contains("\ncommute              cannot be compared: "))
    // A run against a folder of logs, a folder with no stats.json anywhere, a missing run,
    // a file that is not a stats.json: trouble, 2 (66 and 65 before).
    let mixed = try copy.run(["compare", "Samples/expected/commute", "new"])
    #expect(mixed.status == 2 && mixed.stderr.contains("new: error: a folder of 5 logs' outputs, but"))
    let empty = try copy.run(["compare", "Samples", "new"])
    #expect(empty.status == 2 && empty.stderr.contains("Samples: error: no stats.json here, nor in any folder inside"))
    let missing = try copy.run(["compare", "nowhere", "new"])
    #expect(missing.status == 2 && missing.stderr.contains("nowhere: error: cannot read: no such file"))
    let notStats = try copy.run(["compare", "Samples/config.json", "Samples/expected/commute"])
    #expect(notStats.status == 2 && notStats.stderr.contains("not a calmgeo-replay stats.json"))
    // A difference between two runs stays 1.
    let differ = try copy.run(["compare", "Samples/expected/walk-with-long-stop", "new/walk-with-long-stop"])
    #expect(differ.status == 1)
  }

  @Test func jsonHasALogsArrayAndTotals() throws {
    let copy = try folders()
    let result = try copy.run(["compare", "Samples/expected", "new", "--format", "json", "--changed"])
    #expect(result.status == 1)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(root["version"] as? Int == 1 && root["equal"] as? Bool == false && root["exitCode"] as? Int == 1)
    let totals = try #require(root["totals"] as? [String: Int])
    #expect(totals == ["logs": 6, "same": 3, "differing": 1, "onlyOld": 1, "onlyNew": 1, "unreadable": 0])
    let logs = try #require(root["logs"] as? [[String: Any]])
    #expect(
      logs.map { $0["name"] as? String } == [
        "commute", "drive-speed-changes", "extra", "stationary-drift",
        "walk-with-geofences", "walk-with-long-stop",
      ])
    #expect(logs.map { $0["status"] as? String } == ["same", "same", "onlyNew", "onlyOld", "same", "differs"])
    let rows = try #require(logs[5]["rows"] as? [[String: Any]])
    #expect(rows.map { $0["path"] as? String } == ["engine.emitted"])
    #expect(rows.first?["old"] as? String == "110" && rows.first?["new"] as? String == "111")
    #expect(logs[5]["differing"] as? Int == 1 && logs[2]["fields"] is NSNull)
  }

  @Test func githubHasAnErrorPerDifferingLogAndMarkdownATable() throws {
    let copy = try folders()
    let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": copy.url("summary.md").path]
    let result = try CommandRunner.run(["compare", "Samples/expected", "new"], in: copy.root, environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        ::error title=calmgeo-replay compare%3A extra::only in new
        ::error title=calmgeo-replay compare%3A stationary-drift::only in expected
        ::error title=calmgeo-replay compare%3A walk-with-long-stop::engine.emitted: 110 → 111
        \(summary)

        """)
    let markdown = try copy.read("summary.md")
    #expect(
      markdown.contains(
        "## ❌ calmgeo-replay compare expected → new: \(summary)\n\n"
          + "| Log | Result | Changed fields (old → new) |\n| --- | --- | --- |\n| commute | ✅ same |  |\n"))
    #expect(markdown.contains("| stationary-drift | ❌ only in expected |  |\n"))
    #expect(markdown.contains(" | engine.emitted 110 → 111 |\n"))
  }

  @Test(.enabled(if: Python.available, "python3 is not installed"))
  func junitHasATestCasePerLog() throws {
    let copy = try folders()
    let result = try copy.run(["compare", "Samples/expected", "new", "--format", "junit"])
    #expect(result.status == 1)
    let parsed = try Python.run(
      """
      import sys, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      print(root.get('tests'), root.get('failures'), root.get('errors'))
      for case in root.iter('testcase'):
          failure = case.find('failure')
          print(case.get('name'), '|', '' if failure is None else failure.get('type') + ': ' + (failure.text or failure.get('message')).strip())
      """, stdin: result.stdout)
    #expect(
      parsed == """
        6 3 0
        commute | 
        drive-speed-changes | 
        extra | missing: only in new
        stationary-drift | missing: only in expected
        walk-with-geofences | 
        walk-with-long-stop | differs: engine.emitted: 110 → 111

        """)
  }
}
