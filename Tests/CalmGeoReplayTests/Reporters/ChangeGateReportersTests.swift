import Foundation
import Testing

@testable import CalmGeoReplay

/// A change gate's violation in every `--format`: golden value, new value, change and
/// limit, read back with a real parser. The fixture's walk goes from `engine.emitted` 111
/// (stored) to 110 (fresh): -1, i.e. -1/111 = -0.9009… % of the golden value.
struct ChangeGateReportersTests {
  static let fallGate = CheckGates.Gate(.maxDecrease, "engine.emitted", 0.5, percent: true)

  private func report() throws -> CheckReport {
    let (stored, fresh) = try CheckReportFixture.stats()
    let violations = try CheckGates([Self.fallGate]).violations(of: fresh, golden: stored, track: "walk")
    let check = StatsCheck(stored: stored, fresh: fresh, tolerance: CheckTolerance())
    return CheckReport(
      golden: "gold",
      tracks: [
        .init(
          name: "walk",
          result: CheckTrackResult(
            name: "walk", stats: check, violations: violations))
      ], gates: [Self.fallGate], exitCode: 3)
  }

  @Test func textNamesGoldenNewChangeAndLimit() throws {
    // -1 / 111 * 100 = -0.900900900900… %, shown to 12 significant digits.
    #expect(
      try report().violations.map(\.description)
        == ["walk: engine.emitted 111 → 110 (-0.900900900901 %), limit -0.5 %"])
  }

  @Test func jsonCarriesGoldenChangeAndPercent() throws {
    let text = CheckJSONReporter.render(try report())
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let violation = try #require((root["violations"] as? [[String: Any]])?.first)
    #expect(violation["kind"] as? String == "max_decrease" && violation["percent"] as? Bool == true)
    #expect(violation["golden"] as? Double == 111 && violation["new"] as? Double == 110)
    #expect(violation["change"] as? Double == -1 && violation["limit"] as? Double == 0.5)
    let percent = try #require(violation["changePercent"] as? Double)
    #expect(abs(percent - (-100.0 / 111.0)) < 1e-12)
    let gate = try #require((root["gates"] as? [[String: Any]])?.first)
    #expect(gate["kind"] as? String == "max_decrease" && gate["violated"] as? Bool == true)
  }

  @Test func junitGitHubAndMarkdownShowTheChange() throws {
    let report = try report()
    let root = try #require(XMLTree.parse(CheckJUnitReporter.render(report)))
    let gates = root.children("testsuite")[1].children("testcase")
    #expect(gates.map { $0.attributes["name"] } == ["engine.emitted falls by <= 0.5 %"])
    #expect(
      gates[0].children("failure").first?.text == "walk: engine.emitted 111 → 110 (-0.900900900901 %), limit -0.5 %\n")
    #expect(
      CheckGitHubReporter.render(report).contains(
        "::error title=calmgeo-replay check%3A gate engine.emitted falls by <= 0.5 %25::"
          + "walk: engine.emitted 111 → 110 (-0.900900900901 %25), limit -0.5 %25\n"))
    let tables = MarkdownTables.read(CheckMarkdownReporter.render(report))
    #expect(
      tables.last == [
        ["Gate", "Track", "Value", "Result"],
        ["engine.emitted falls by <= 0.5 %", "walk", "111 → 110 (-0.900900900901 %)", "❌ violated"],
      ])
  }
}
