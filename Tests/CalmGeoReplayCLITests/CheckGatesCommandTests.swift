import Foundation
import Testing

/// `check --assert` and the manifest's `assert`: limits on every track's fresh stats.
struct CheckGatesCommandTests {
  @Test func gatesThatHoldPass() throws {
    let copy = try GoldenCopy()
    try copy.write(
      "gates.yaml", "max:\n  fidelity.sed.p95: 30\n  uploads.requests: 40\nmin:\n  engine.keptRatio: 0.01\n")
    let result = try copy.run(["check", "Samples/expected", "--assert", "gates.yaml", "-q"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout == "all 5 tracks match\n")
  }

  @Test func changeGatesCompareWithTheGoldenValue() throws {
    let copy = try GoldenCopy()
    // Unchanged outputs: no change at all, so even a 0% gate holds.
    try copy.write("gates.yaml", "max_increase:\n  uploads.requests: 0%\nmax_decrease:\n  engine.emitted: 10%\n")
    let same = try copy.run(["check", "Samples/expected", "--assert", "gates.yaml", "-q"])
    #expect(same.status == 0, "stdout: \(same.stdout) stderr: \(same.stderr)")
    // distanceFilter 16 → 20: the walk emits 92, not 110: -18 / 110 = -16.3636…%, past -10 %.
    let fewer = try copy.run([
      "check", "Samples/expected", "--assert", "gates.yaml", "-q", "--set", "distanceFilter=20",
    ])
    #expect(fewer.status == 3)
    #expect(
      fewer.stdout.contains("  walk-with-long-stop: engine.emitted 110 → 92 (-16.3636363636 %), limit -10 %\n"),
      "\(fewer.stdout)")
    try copy.write("bad.yaml", "max_increase:\n  uploads.requests: -10%\n")
    let bad = try copy.run(["check", "Samples/expected", "--assert", "bad.yaml"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("bad.yaml:2:21: error: gates: 'max_increase.uploads.requests': expected a percentage"))
  }

  @Test func violationsAreListedAndExitWithFour() throws {
    let copy = try GoldenCopy()
    try copy.write(
      "gates.json", #"{"max": {"fidelity.sed.p95": 25, "uploads.requests": 40}, "min": {"engine.keptRatio": 0.05}}"#)
    let result = try copy.run(["check", "Samples/expected", "--assert", "gates.json", "-q"])
    #expect(result.status == 4)
    #expect(
      result.stdout == """
        gates: 3 violations
          stationary-drift: fidelity.sed.p95 = 26.655 > 25
          stationary-drift: engine.keptRatio = 0.012381 < 0.05
          commute: engine.keptRatio = 0.045977 < 0.05
        all 5 tracks match; 3 gate violations

        """)
  }

  @Test func theManifestsAssertInlineOrAsAFileAddsToTheCommandLines() throws {
    let copy = try GoldenCopy()
    try copy.replace(
      #""tolerance""#, with: #""assert": {"max": {"uploads.requests": 15}}, "tolerance""#,
      in: "Samples/expected/check.json")
    let inline = try copy.run(["check", "Samples/expected", "-q"])
    #expect(inline.status == 4)
    #expect(inline.stdout.contains("  stationary-drift: uploads.requests = 16 > 15\n"))
    try copy.write("gates.yaml", "min: {stops.detected: 2}\n")
    let both = try copy.run(["check", "Samples/expected", "-q", "--assert", "gates.yaml"])
    // stationary-drift's 16 requests, and one stop detected of the walk's, the drive's, the
    // walk-with-geofences' and the commute's.
    #expect(both.stdout.contains("gates: 5 violations\n"))
    try copy.replace(
      #"{"max": {"uploads.requests": 15}}"#, with: #""../../gates.yaml""#, in: "Samples/expected/check.json")
    let file = try copy.run(["check", "Samples/expected", "-q"])
    #expect(file.stdout.contains("  walk-with-long-stop: stops.detected = 1 < 2\n"))
  }

  @Test func differencesWinOverViolations() throws {
    let copy = try GoldenCopy()
    try copy.replace(#""distanceFilter": 16"#, with: #""distanceFilter": 20"#, in: "Samples/config.json")
    try copy.write("gates.yaml", "max: {uploads.requests: 1}\n")
    let result = try copy.run(["check", "Samples/expected", "-q", "--assert", "gates.yaml"])
    #expect(result.status == 3)
    #expect(result.stdout.contains("5 of 5 tracks differ; 5 gate violations\n"))
  }

  @Test(arguments: [
    (
      "max:\n  fidelty.sed.p95: 25\n",
      "gates.yaml:2: error: gates: 'max.fidelty.sed.p95': no such field in stats.json of drive-speed-changes; did you mean 'fidelity.sed.p95'?"
    ),
    ("max: {input.format: 1}\n", "'max.input.format': not a number in stats.json (\"csv\")"),
    ("maxx: {uploads.requests: 1}\n", "gates.yaml:1: error: gates: 'maxx': unknown field; did you mean 'max'?"),
  ])
  func badGatesAreUsageErrors(gates: String, message: String) throws {
    let copy = try GoldenCopy()
    try copy.write("gates.yaml", gates)
    let result = try copy.run(["check", "Samples/expected", "--assert", "gates.yaml"])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
  }

  @Test func aMissingGatesFileIsMissingInput() throws {
    let copy = try GoldenCopy()
    let result = try copy.run(["check", "Samples/expected", "--assert", "nope.yaml"])
    #expect(result.status == 66 && result.stderr.contains("nope.yaml: error: no such file"))
  }
}
