import Foundation
import Testing

/// sweep.html says why (issue 24): the "Why this configuration" card, and every column of
/// the Pareto table visible at 1 400 px, measured by the browser (`data-tables-fit`).
struct SweepExplainTests {
  /// Six varied keys (two values each: 64 configurations) and four objectives: 13 columns
  /// whose names, unbroken, need over 1 400 px. maxBatchSize 50 or 60 changes nothing on
  /// the sample (no sync ever holds more than 50 records).
  static let wideSpec = """
    tracks: ["\(SweepCommandTests.samples)/walk-with-long-stop.csv"]
    base: \(SweepCommandTests.samples)/config.json
    vary:
      distanceFilter: [10, 30]
      syncThreshold: [5, 12]
      stationaryRadius: [25, 50]
      speedMultiplier: [2, 3.1]
      maxBatchSize: [50, 60]
      replay.network.failureRate: [0, 0.05]
    objectives:
      - min energy.percentPerHour
      - min uploads.requests
      - max engine.keptRatio
      - min fidelity.sed.p95
    constraints: ["accounting.emitted >= 20"]
    """

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func everyColumnShowsAt1400Pixels() throws {
    let folder = try SweepCommandTests.folder(spec: Self.wideSpec)
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "-q"], in: folder)
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let page = try Chromium.load(folder.appendingPathComponent("out/sweep.html"), width: 1400)
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""))
    #expect(page.dom.contains("data-tables-fit=\"true\""), "a table scrolls sideways at 1400 px")
    #expect(page.dom.contains("<h2>Why this configuration</h2>"))
    // speedMultiplier changes nothing either: walking speeds round to 0 (judge = distanceFilter).
    #expect(page.dom.contains("Changed nothing: speedMultiplier, maxBatchSize"))
    #expect(page.count("<table class=\"data\" id=\"per-track\">") == 1)
    let why = try SweepCommandTests.text(folder.appendingPathComponent("out/recommended.why.txt"))
    #expect(why.contains("  - Changed nothing: speedMultiplier, maxBatchSize (every result number of every track"))
    // replay.network.failureRate is a condition of the replay, not a setting: no edge advice.
    #expect(!why.contains("Edge of the grid: replay."))
    #expect(why.contains("The recommended configuration, track by track:\n  track "))
  }
}
