import CalmGeoReplay
import Foundation
import Testing

/// Every renderer of a check's result, read back with a real parser: JSON with
/// `JSONSerialization`, JUnit with libxml2, GitHub's workflow commands line by line,
/// Markdown's tables cell by cell. No format shows a credential.
struct CheckReportersTests {
  @Test func theFormatIsGitHubInsideGitHubActionsUnlessAsked() {
    #expect(ResultFormat.resolve(nil, environment: [:]) == .text)
    #expect(ResultFormat.resolve(nil, environment: ["GITHUB_ACTIONS": "true"]) == .github)
    #expect(ResultFormat.resolve(nil, environment: ["GITHUB_ACTIONS": "false"]) == .text)
    #expect(ResultFormat.resolve(.text, environment: ["GITHUB_ACTIONS": "true"]) == .text)
    #expect(ResultFormat.resolve(.junit, environment: [:]) == .junit)
  }

  @Test func jsonHoldsEveryTrackDifferenceAndViolation() throws {
    let text = CheckJSONReporter.render(try CheckReportFixture.report())
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(root["version"] as? Int == 1)
    #expect(root["passed"] as? Bool == false)
    #expect(root["exitCode"] as? Int == 66)
    let summary = try #require(root["summary"] as? [String: Int])
    #expect(summary == ["tracks": 3, "matching": 1, "differing": 1, "failed": 1, "violations": 1])
    let tracks = try #require(root["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["name"] as? String } == ["walk", CheckReportFixture.oddName, "broken"])
    #expect(tracks.map { $0["status"] as? String } == ["differs", "ok", "failed"])
    #expect(tracks[2]["error"] as? String == "broken.csv: error: cannot read: no such file")
    #expect(tracks[0]["error"] is NSNull)
    let differences = try #require(tracks[0]["differences"] as? [[String: Any]])
    #expect(
      differences.map { $0["path"] as? String }
        == ["locations.json", "uploads/requests.ndjson", "uploads/000009.json", "engine.emitted"])
    #expect(differences[0]["old"] as? String == #"{"a":2}"# && differences[0]["new"] as? String == #"{"a":3}"#)
    #expect(differences[0]["index"] as? Int == 2)
    #expect(differences[2]["change"] as? String == "onlyStored" && differences[2]["old"] is NSNull)
    #expect(differences[3]["kind"] as? String == "stats")
    #expect(differences[3]["old"] as? String == "111" && differences[3]["new"] as? String == "110")
    #expect(differences[3]["delta"] as? Double == -1)
    // The token that differs is named, not shown.
    #expect(differences[1]["notes"] as? [String] == ["Authorization header differs (values not shown)"])
    #expect(differences[1]["old"] as? String == #"{"headers":{"Authorization":"Bearer (redacted)"},"n":1}"#)
    #expect(!text.contains(CheckReportFixture.token))
    let violations = try #require(root["violations"] as? [[String: Any]])
    #expect(violations.count == 1)
    #expect(violations[0]["track"] as? String == "walk" && violations[0]["path"] as? String == "engine.emitted")
    #expect(violations[0]["kind"] as? String == "max")
    #expect(violations[0]["old"] as? String == "111" && violations[0]["new"] as? Double == 110)
    #expect(violations[0]["limit"] as? Double == 100)
    let gates = try #require(root["gates"] as? [[String: Any]])
    #expect(gates.map { $0["violated"] as? Bool } == [true, false])
  }

  @Test func jsonKeysComeInAFixedOrder() throws {
    let text = CheckJSONReporter.render(try CheckReportFixture.report())
    let keys = [
      "\"version\"", "\"command\"", "\"golden\"", "\"passed\"", "\"exitCode\"", "\"summary\"", "\"tracks\"",
      "\"gates\"", "\"violations\": [\n    {",
    ]
    let offsets = keys.compactMap { text.range(of: $0)?.lowerBound }
    #expect(offsets.count == keys.count)
    #expect(offsets == offsets.sorted())
    #expect(text == CheckJSONReporter.render(try CheckReportFixture.report()))
  }

  @Test func junitHasATestCasePerTrackAndPerGateWithTheDiff() throws {
    let xml = CheckJUnitReporter.render(try CheckReportFixture.report())
    let root = try #require(XMLTree.parse(xml), "libxml2 rejects:\n\(xml)")
    #expect(root.name == "testsuites")
    #expect(root.attributes["tests"] == "5" && root.attributes["failures"] == "2" && root.attributes["errors"] == "1")
    let suites = root.children("testsuite")
    #expect(suites.map { $0.attributes["name"] } == ["tracks", "gates"])
    let tracks = suites[0].children("testcase")
    // The control character XML 1.0 forbids is replaced; the markup survives as text.
    #expect(tracks.map { $0.attributes["name"] } == ["walk", "drive <&\"'>|\u{FFFD}", "broken"])
    #expect(suites[0].attributes["tests"] == "3" && suites[0].attributes["failures"] == "1")
    let failure = try #require(tracks[0].children("failure").first)
    #expect(failure.text.contains("    engine.emitted: 111 → 110\n"))
    #expect(failure.text.contains("  locations.json: record 2 differs first; 1 of 2 records differ\n"))
    #expect(failure.text.contains("Authorization header differs (values not shown)"))
    #expect(tracks[1].children.isEmpty)
    #expect(tracks[2].children("error").first?.text == "broken.csv: error: cannot read: no such file")
    let gates = suites[1].children("testcase")
    #expect(gates.map { $0.attributes["name"] } == ["engine.emitted <= 100", "engine.keptRatio >= 0.01"])
    #expect(gates[0].children("failure").first?.text == "walk: engine.emitted = 110 > 100\n")
    #expect(gates[1].children.isEmpty)
    #expect(!xml.contains(CheckReportFixture.token))
  }

  @Test func githubLinesAreOneErrorPerDifferingTrackAndViolatedGate() throws {
    let walk = try CheckReportFixture.walk(files: [])
    let report = CheckReport(
      golden: "gold", tracks: [.init(name: "walk", result: walk)],
      gates: [CheckReportFixture.emittedGate, CheckReportFixture.keptGate], exitCode: 3)
    #expect(
      CheckGitHubReporter.render(report) == """
        ::error title=calmgeo-replay check%3A walk::walk: differs%0A  stats.json: 1 field differs%0A    \
        engine.emitted: 111 → 110
        ::error title=calmgeo-replay check%3A gate engine.emitted <= 100::walk: engine.emitted = 110 > 100
        1 of 1 track differs; 1 gate violation
        to accept the fresh outputs: calmgeo-replay check --update gold

        """)
  }

  @Test func githubNamesATrackThatCouldNotBeChecked() throws {
    let report = CheckReport(
      golden: "gold", tracks: [.init(name: "broken", failure: "broken.csv: error: no such file")],
      gates: [], exitCode: 66)
    #expect(
      CheckGitHubReporter.render(report) == """
        ::error title=calmgeo-replay check%3A broken::could not be checked: broken.csv: error: no such file
        1 of 1 track could not be checked

        """)
  }

  @Test func githubEscapesMessagesAndProperties() {
    let command = GitHubCommand(.error, title: "a: b, 100%\nc", message: "x: y, 5%\r\nz")
    #expect(command.line == "::error title=a%3A b%2C 100%25%0Ac::x: y, 5%25%0D%0Az")
  }

  @Test func githubShowsAtMostTenErrorsAndSummarisesTheRest() throws {
    let walk = try CheckReportFixture.walk(files: [])
    let tracks = (1...25).map { CheckReport.Track(name: "t\($0)", result: walk) }
    let report = CheckReport(golden: "gold", tracks: tracks, gates: [CheckReportFixture.emittedGate], exitCode: 3)
    let lines = CheckGitHubReporter.render(report).split(separator: "\n").map(String.init)
    let errors = lines.filter { $0.hasPrefix("::error ") }
    #expect(errors.count == 10)
    #expect(errors[8].hasPrefix("::error title=calmgeo-replay check%3A t9::"))
    // 25 tracks and 1 gate: 9 shown, 17 summarised.
    #expect(
      errors[9] == "::error title=calmgeo-replay check::17 more tracks differ or gates are violated; "
        + "the job summary and --format text list them all")
    #expect(
      lines.dropFirst(10) == [
        "25 of 25 tracks differ; 25 gate violations",
        "to accept the fresh outputs: calmgeo-replay check --update gold",
      ])
  }

  @Test func markdownTablesReadBack() throws {
    let markdown = CheckMarkdownReporter.render(try CheckReportFixture.report())
    #expect(
      markdown.hasPrefix(
        "## ❌ calmgeo-replay check: 1 of 3 tracks differ; 1 of 3 tracks could not be checked; "
          + "1 gate violation\n\n"))
    let tables = MarkdownTables.read(markdown)
    #expect(tables.count == 2)
    #expect(tables[0].first == ["Track", "Result", "Differences", "Changed stats (old → new)"])
    #expect(tables[0].dropFirst().map { $0.first } == ["walk", "drive <&\"'>|\u{1}", "broken"])
    #expect(
      tables[0][1] == [
        "walk", "❌ differs",
        "locations.json, uploads/requests.ndjson, uploads/000009.json; stats.json (1 field); "
          + "Authorization header differs (values not shown)",
        "engine.emitted 111 → 110",
      ])
    #expect(tables[0][2][1] == "✅ ok")
    #expect(tables[0][3][1] == "⚠️ not checked: broken.csv: error: cannot read: no such file")
    #expect(
      tables[1] == [
        ["Gate", "Track", "Value", "Result"],
        ["engine.emitted <= 100", "walk", "110", "❌ violated"],
        ["engine.keptRatio >= 0.01", "every track", "", "✅ met"],
      ])
    #expect(!markdown.contains(CheckReportFixture.token))
  }

  @Test func markdownStaysUnderItsLimitWithTheRestCounted() throws {
    let walk = try CheckReportFixture.walk(files: [])
    let name = String(repeating: "n", count: 200)
    let tracks = (0..<20_000).map { CheckReport.Track(name: "\(name)\($0)", result: walk) }
    let report = CheckReport(golden: "gold", tracks: tracks, gates: [CheckReportFixture.emittedGate], exitCode: 3)
    let markdown = CheckMarkdownReporter.render(report)
    #expect(markdown.utf8.count <= CheckMarkdownReporter.limit)
    let tables = MarkdownTables.read(markdown)
    let shown = tables[0].count - 2  // the header and the row counting the rest
    #expect(shown > 1000)
    #expect(tables[0].last == ["…", "\(20_000 - shown) more tracks not shown", "", ""])
    // The gates still have room: the first violation is listed.
    #expect(tables[1][1] == ["engine.emitted <= 100", "walk", "110", "❌ violated"])
    #expect(tables[1].last?.first == "…")
  }
}

/// Markdown pipe tables read back: rows split on unescaped `|`, `\x` and the entities
/// `MarkdownText` writes undone; the delimiter row dropped.
enum MarkdownTables {
  static func read(_ text: String) -> [[[String]]] {
    var tables: [[[String]]] = []
    var current: [[String]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("| ") else {
        if !current.isEmpty { tables.append(current) }
        current = []
        continue
      }
      let cells = cells(String(line))
      if cells.allSatisfy({ $0 == "---" }) { continue }
      current.append(cells)
    }
    if !current.isEmpty { tables.append(current) }
    return tables
  }

  private static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var cell = ""
    var escaped = false
    for character in line.dropFirst().dropLast() {
      if escaped {
        cell.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        cells.append(cell)
        cell = ""
      } else {
        cell.append(character)
      }
    }
    cells.append(cell)
    return cells.map {
      $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
  }
}

/// The XML reader the JUnit tests rely on rejects what XML 1.0 rejects.
struct XMLTreeTests {
  @Test func malformedDocumentsAndForbiddenCharactersAreRejected() {
    #expect(XMLTree.parse("<a><b></a>") == nil)
    #expect(XMLTree.parse("<a>\u{1}</a>") == nil)
    #expect(XMLTree.parse("<a x=\"1 &amp; 2\">t &lt; u</a>")?.attributes["x"] == "1 & 2")
    #expect(XMLTree.parse("<a>t &lt; u</a>")?.text == "t < u")
  }
}
