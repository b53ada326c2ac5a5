import Foundation
import Testing

/// `compare --format`: the walk's stored stats against a copy whose `engine.emitted` is
/// 111, in every format, read back; exit codes as the text table's (0 equal, 1 differ).
struct CompareFormatCommandTests {
  private func runs() throws -> GoldenCopy {
    let copy = try GoldenCopy()
    let stats = try copy.read("Samples/expected/walk-with-long-stop/stats.json")
    try copy.write("old.json", stats.replacingOccurrences(of: #""emitted": 110,"#, with: #""emitted": 111,"#))
    return copy
  }

  private let new = "Samples/expected/walk-with-long-stop/stats.json"

  @Test func jsonListsEveryFieldOrTheChangedOnes() throws {
    let copy = try runs()
    let result = try copy.run(["compare", "old.json", new, "--format", "json", "--changed"])
    #expect(result.status == 1, "\(result.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(root["version"] as? Int == 1 && root["equal"] as? Bool == false && root["exitCode"] as? Int == 1)
    // Every emitted count (engine, accounting, delivery) reads 111 in old.json.
    let rows = try #require(root["rows"] as? [[String: Any]])
    #expect(rows.map { $0["path"] as? String } == ["engine.emitted", "accounting.emitted", "delivery.emitted"])
    #expect(rows.first?["old"] as? String == "111" && rows.first?["new"] as? String == "110")
    #expect(rows.first?["delta"] as? Double == -1)
    let all = try copy.run(["compare", new, new, "--format", "json"])
    #expect(all.status == 0)
    let same = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
    #expect(same["equal"] as? Bool == true && (same["rows"] as? [Any])?.count == same["fields"] as? Int)
  }

  @Test func githubAnnotatesTheChangedFieldsAndAppendsTheJobSummary() throws {
    let copy = try runs()
    let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": copy.url("summary.md").path]
    let result = try CommandRunner.run(["compare", "old.json", new], in: copy.root, environment: environment)
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.components(separatedBy: "\n")
    #expect(lines.count == 3 && lines.last == "")
    #expect(
      lines.first == "::error title=calmgeo-replay compare%3A old.json → walk-with-long-stop::"
        + "engine.emitted: 111 → 110%0Aaccounting.emitted: 111 → 110%0Adelivery.emitted: 111 → 110")
    #expect(lines[1].hasPrefix("3 of ") && lines[1].hasSuffix(" fields differ"))
    let summary = try copy.read("summary.md")
    #expect(
      summary.contains(
        "\n| Field | old.json | walk-with-long-stop | Delta | Change |\n"
          + "| --- | --- | --- | --- | --- |\n| engine.emitted | 111 | 110 | -1 | -0.9% |\n"))
  }

  @Test(.enabled(if: Python.available, "python3 is not installed"))
  func junitReadsBackWithPythonsXMLParser() throws {
    let copy = try runs()
    let result = try copy.run(["compare", "old.json", new, "--format", "junit"])
    #expect(result.status == 1)
    let parsed = try Python.run(
      """
      import sys, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      case = root.find('./testsuite/testcase')
      failure = case.find('failure').text.replace('\\n', '/')
      print(root.get('tests'), root.get('failures'), case.get('name'), '|', failure)
      """, stdin: result.stdout)
    #expect(
      parsed == "1 1 old.json → walk-with-long-stop | engine.emitted: 111 → 110/accounting.emitted: 111 → 110/"
        + "delivery.emitted: 111 → 110/\n")
  }

  @Test func markdownIsATableOfTheChangedFields() throws {
    let copy = try runs()
    let result = try copy.run(["compare", "old.json", new, "--format", "markdown"])
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("## ❌ calmgeo-replay compare old.json → walk-with-long-stop: 3 of "))
    #expect(
      result.stdout.hasSuffix(
        """
         fields differ

        | Field | old.json | walk-with-long-stop | Delta | Change |
        | --- | --- | --- | --- | --- |
        | engine.emitted | 111 | 110 | -1 | -0.9% |
        | accounting.emitted | 111 | 110 | -1 | -0.9% |
        | delivery.emitted | 111 | 110 | -1 | -0.9% |

        """))
  }
}
