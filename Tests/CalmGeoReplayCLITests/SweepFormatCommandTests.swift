import Foundation
import Testing

/// `sweep --format`: the walk and a missing log under the sample grid (6 configurations),
/// with a constraint no configuration meets (exit 2) or one every configuration meets
/// (exit 0), printed in every format and read back.
struct SweepFormatCommandTests {
  private static let walk = "\(SweepCommandTests.samples)/walk-with-long-stop.csv"

  private func folder(constraint: String) throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    let spec = SweepCommandTests.spec(constraints: [constraint], tracks: [Self.walk, folder.path + "/missing.csv"])
    try spec.write(to: folder.appendingPathComponent("sweep.yaml"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test func jsonNamesTheBrokenConstraintAndTheUnreadableLog() throws {
    let folder = try folder(constraint: "accounting.emitted >= 100000")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "--out", "out", "-j", "1", "--format", "json"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(root["version"] as? Int == 1 && root["exitCode"] as? Int == 2 && root["met"] as? Bool == false)
    #expect(root["rows"] as? Int == 6 && root["tracks"] as? Int == 1 && root["configurations"] as? Int == 6)
    // A sweep names its tracks by their paths.
    #expect((root["failedLogs"] as? [[String: Any]])?.map { $0["name"] as? String } == [folder.path + "/missing.csv"])
    let recommended = try #require(root["recommended"] as? [String: Any])
    let violations = try #require(recommended["violations"] as? [[String: Any]])
    #expect(violations.count == 1)
    #expect(violations.first?["constraint"] as? String == "accounting.emitted >= 100000")
    #expect(violations.first?["worstTrack"] as? String == Self.walk)
    #expect((recommended["objectives"] as? [Any])?.count == 3)
  }

  @Test func githubAnnotatesAndAppendsTheJobSummary() throws {
    let folder = try folder(constraint: "accounting.emitted >= 100000")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = [
      "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": folder.appendingPathComponent("summary.md").path,
    ]
    let run = try CommandRunner.run(
      ["sweep", "sweep.yaml", "--out", "out", "-j", "1"], in: folder,
      environment: environment)
    #expect(run.status == 2, "\(run.stderr)")
    let lines = run.stdout.components(separatedBy: "\n")
    #expect(lines.count == 5)
    #expect(
      lines[0].hasPrefix(
        "::error title=calmgeo-replay sweep%3A accounting.emitted >= 100000::"
          + "no configuration meets it; closest: accounting.emitted >= 100000: not met on 1 of 1 tracks; worst "))
    #expect(
      lines[1].hasPrefix(
        "::warning title=calmgeo-replay sweep%3A \(folder.path)/missing.csv::could not be read; "))
    #expect(lines[2] == "out: 6 rows (1 track × 6 configurations), 1 log could not be read")
    #expect(lines[3].hasPrefix("no configuration meets every constraint; closest: configuration "))
    let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.hasPrefix("## ❌ calmgeo-replay sweep: out: 6 rows"))
    #expect(summary.contains("\n| Constraint the closest configuration breaks | Tracks | Worst |\n"))
  }

  @Test(.enabled(if: Python.available, "python3 is not installed"))
  func junitHasACasePerConstraintAndLog() throws {
    let folder = try folder(constraint: "accounting.emitted >= 100000")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CommandRunner.run(
      ["sweep", "sweep.yaml", "--out", "out", "-j", "1", "--format", "junit"], in: folder)
    #expect(run.status == 2, "\(run.stderr)")
    let parsed = try Python.run(
      """
      import sys, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      print(root.get('tests'), root.get('failures'), root.get('errors'))
      for suite in root.findall('testsuite'):
          print(suite.get('name'), [(c.get('name'), [x.tag for x in c]) for c in suite.findall('testcase')])
      """, stdin: run.stdout)
    #expect(
      parsed == """
        3 1 1
        constraints [('accounting.emitted >= 100000', ['failure'])]
        logs [('\(Self.walk)', []), ('\(folder.path)/missing.csv', ['error'])]

        """)
  }

  @Test func markdownListsTheBestConfigurationsAndExitCodesStay() throws {
    let folder = try folder(constraint: "accounting.emitted >= 20")
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CommandRunner.run(
      ["sweep", "sweep.yaml", "--out", "out", "-j", "1", "--format", "markdown"],
      in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "## ✅ calmgeo-replay sweep: out: 6 rows (1 track × 6 configurations), 1 log could not be read\n"))
    let rows = run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("| ") }
    // The header, the delimiter and the six configurations, each meeting the constraint.
    #expect(rows.count == 8)
    #expect(
      rows[0] == "| Rank | Configuration | Meets constraints | min energy.percentPerHour | min uploads.requests "
        + "| max engine.keptRatio |")
    #expect(rows.dropFirst(2).allSatisfy { $0.contains(" | ✅ | ") })
  }
}
