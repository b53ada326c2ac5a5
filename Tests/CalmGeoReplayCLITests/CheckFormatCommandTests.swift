import Foundation
import Testing

/// `check --format`: a one-track golden folder whose stored `engine.emitted` is 111 (the
/// replay gives 110) and a gate `engine.emitted <= 100`, printed in every format and read
/// back; the exit codes stay those of the text report.
struct CheckFormatCommandTests {
  /// A copy of `Samples/` with the golden folder `gold` (the walk), `gates.json`, and
  /// the stored stats edited when `differ`.
  private func golden(differ: Bool = true) throws -> GoldenCopy {
    let copy = try GoldenCopy()
    let initial = try copy.run([
      "check", "--init", "gold", "--config", "Samples/config.json", "Samples/walk-with-long-stop.csv",
    ])
    try #require(initial.status == 0, "\(initial.stderr)")
    if differ {
      try copy.replace(#""emitted": 110"#, with: #""emitted": 111"#, in: "gold/walk-with-long-stop/stats.json")
    }
    try copy.write("gates.json", #"{"max": {"engine.emitted": 100}}"#)
    return copy
  }

  private static let githubLines = """
    ::error title=calmgeo-replay check%3A walk-with-long-stop::walk-with-long-stop: differs%0A  \
    stats.json: 1 field differs%0A    engine.emitted: 111 → 110
    ::error title=calmgeo-replay check%3A gate engine.emitted <= 100::walk-with-long-stop: engine.emitted = 110 > 100
    1 of 1 track differs; 1 gate violation
    to accept the fresh outputs: calmgeo-replay check --update gold

    """

  @Test func githubPrintsOneErrorPerDifferenceAndGate() throws {
    let copy = try golden()
    let result = try copy.run(["check", "gold", "--assert", "gates.json", "--format", "github"])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stdout == Self.githubLines)
  }

  @Test func githubIsTheDefaultInGitHubActionsAndAppendsTheJobSummary() throws {
    let copy = try golden()
    try copy.write("summary.md", "earlier step\n")
    let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": copy.url("summary.md").path]
    let result = try CommandRunner.run(
      ["check", "gold", "--assert", "gates.json"], in: copy.root,
      environment: environment)
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stdout == Self.githubLines)
    let summary = try copy.read("summary.md")
    #expect(summary.hasPrefix("earlier step\n## ❌ calmgeo-replay check: 1 of 1 track differs; 1 gate violation\n"))
    #expect(
      summary.contains(
        "\n| walk-with-long-stop | ❌ differs | stats.json (1 field) | engine.emitted 111 → 110 |\n"))
    #expect(summary.contains("\n| engine.emitted &lt;= 100 | walk-with-long-stop | 110 | ❌ violated |\n"))
    // The flag wins over the environment.
    let text = try CommandRunner.run(["check", "gold", "--format", "text"], in: copy.root, environment: environment)
    #expect(text.status == 3)
    #expect(text.stdout.hasPrefix("walk-with-long-stop: differs\n  stats.json: 1 field differs\n"))
    #expect(!text.stdout.contains("::"))
  }

  @Test func jsonIsOneDocumentWithTheExitCode() throws {
    let copy = try golden()
    let result = try copy.run(["check", "gold", "--assert", "gates.json", "--format", "json"])
    #expect(result.status == 3, "\(result.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(root["version"] as? Int == 1 && root["exitCode"] as? Int == 3 && root["passed"] as? Bool == false)
    let tracks = try #require(root["tracks"] as? [[String: Any]])
    let differences = try #require(tracks.first?["differences"] as? [[String: Any]])
    #expect(differences.count == 1)
    #expect(differences.first?["path"] as? String == "engine.emitted")
    #expect(differences.first?["old"] as? String == "111" && differences.first?["new"] as? String == "110")
    let violation = try #require((root["violations"] as? [[String: Any]])?.first)
    #expect(violation["old"] as? String == "111" && violation["new"] as? Double == 110)
    #expect(violation["limit"] as? Double == 100)
  }

  @Test func exitCodesAreThoseOfTheTextReport() throws {
    let copy = try golden(differ: false)
    for format in ["json", "junit", "github", "markdown"] {
      let gated = try copy.run(["check", "gold", "--assert", "gates.json", "--format", format])
      #expect(gated.status == 4, "\(format): \(gated.stderr)")
      let clean = try copy.run(["check", "gold", "--format", format])
      #expect(clean.status == 0, "\(format): \(clean.stderr)")
    }
    let json = try copy.run(["check", "gold", "--format", "json"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(root["passed"] as? Bool == true && root["exitCode"] as? Int == 0)
    let update = try copy.run(["check", "--update", "gold", "--format", "json"])
    #expect(update.status == 64)
    #expect(update.stderr.contains("--format applies to checks"))
  }

  @Test(.enabled(if: Python.available, "python3 is not installed: JUnit is read back by the library tests only"))
  func junitReadsBackWithPythonsXMLParser() throws {
    let copy = try golden()
    let result = try copy.run(["check", "gold", "--assert", "gates.json", "--format", "junit"])
    #expect(result.status == 3, "\(result.stderr)")
    let script = """
      import sys, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      cases = root.findall('./testsuite/testcase')
      print(root.tag, root.get('tests'), root.get('failures'), root.get('errors'), len(cases))
      for case in cases:
          failure = case.find('failure')
          print(case.get('name'), '|', failure.text.replace('\\n', '/') if failure is not None else 'passed')
      """
    let parsed = try Python.run(script, stdin: result.stdout)
    #expect(
      parsed == """
        testsuites 2 2 0 2
        walk-with-long-stop | walk-with-long-stop: differs/  stats.json: 1 field differs/    engine.emitted: 111 → 110/
        engine.emitted <= 100 | walk-with-long-stop: engine.emitted = 110 > 100/

        """)
  }

  @Test func markdownPrintsTheSummaryTables() throws {
    let copy = try golden()
    let result = try copy.run(["check", "gold", "--assert", "gates.json", "--format", "markdown"])
    #expect(result.status == 3)
    #expect(
      result.stdout == """
        ## ❌ calmgeo-replay check: 1 of 1 track differs; 1 gate violation

        | Track | Result | Differences | Changed stats (old → new) |
        | --- | --- | --- | --- |
        | walk-with-long-stop | ❌ differs | stats.json (1 field) | engine.emitted 111 → 110 |

        ### Gates

        | Gate | Track | Value | Result |
        | --- | --- | --- | --- |
        | engine.emitted &lt;= 100 | walk-with-long-stop | 110 | ❌ violated |

        to accept the fresh outputs: calmgeo-replay check --update gold

        """)
  }

  @Test func textIsPlainWithOrWithoutNoColor() throws {
    let copy = try golden()
    for environment in [[:], ["NO_COLOR": "1"]] {
      let result = try CommandRunner.run(["check", "gold"], in: copy.root, environment: environment)
      #expect(result.status == 3)
      #expect(result.stdout.hasPrefix("walk-with-long-stop: differs\n"))
      #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"))
    }
  }
}

/// python3, when installed, as a second XML parser.
enum Python {
  static let path = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var available: Bool { path != nil }

  /// Runs `script` with `stdin`, returning what it printed.
  static func run(_ script: String, stdin: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/python3")
    process.arguments = ["-c", script]
    process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONIOENCODING": "utf-8"]) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
