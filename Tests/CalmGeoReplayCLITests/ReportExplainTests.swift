import Foundation
import Testing

/// report.html explains itself (issue 24): the cursor readout names the rule, the distance,
/// the threshold actually compared and ref's age; the mode lane shows the stopped state; gaps
/// are shaded; app calls are marked; the map zooms. Checked in headless Chromium.
///
/// The log, at latitude 10°, x metres east, logged speed 10 m/s (judge round(10 / 5) · 3.1
/// · 16 = 99.2 m with the default distanceFilter 16): t 0 … 1 at x 0 (one-shot, then ref),
/// t 2 … 61 at x 0 (filtered), t 62 at x 20 (ref 61 s old while moving: the still rule;
/// 20 ≥ 16, no motionchange), t 63 … 122 at x 20, t 123 at x 30 (still rule again, 10 < 16:
/// the still motionchange), t 124 … 130 at x 30; no fixes for 300 s; t 430 … 440 at x 30.
/// The scenario starts at +0 s, stops at +200 s (inside the gap) and starts at +435 s.
struct ReportExplainTests {
  static let t0 = "2024-05-01T07:"

  static func log() -> String {
    let metresPerDegree = 6_371_008.8 * Double.pi / 180 * cos(10 * Double.pi / 180)
    var lines = ["time,lat,lon,accuracy,speed"]
    let seconds = Array(0...130) + Array(430...440)
    for t in seconds {
      let x: Double = t < 62 ? 0 : t < 123 ? 20 : 30
      let time = String(format: "%02d:%02d", t / 60, t % 60)
      lines.append("\(t0)\(time).000Z,10.0000000,\(String(format: "%.7f", x / metresPerDegree)),5,10")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let scenario = """
    calls:
      - call: start
        at: "+0s"
      - call: stop
        at: "+200s"
      - call: start
        at: "+435s"
    """

  /// Replays the log with the scenario into a new folder; returns report.html.
  static func report() throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    try log().write(to: folder.appendingPathComponent("still.csv"), atomically: true, encoding: .utf8)
    try scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(
      ["still.csv", "--scenario", "s.yaml", "--out", "out", "--report", "html", "--quiet"], in: folder)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return folder.appendingPathComponent("out/still/report.html")
  }

  private func readout(_ page: Chromium.Page) -> String {
    guard let start = page.dom.range(of: "<div id=\"cursor-readout\">"),
      let end = page.dom.range(of: "</div>", range: start.upperBound..<page.dom.endIndex)
    else { return "" }
    return String(page.dom[start.upperBound..<end.lowerBound])
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func readoutNamesTheThresholdTheStillRuleCompared() throws {
    let file = try Self.report()
    let second = try Chromium.load(file, fragment: "t=123")
    #expect(second.consoleMessages.isEmpty, "console: \(second.consoleMessages)")
    #expect(
      readout(second).contains(
        "listening, still · still rule: ref over 60 s old while moving, so ref moved "
          + "here; 10.0 m &lt; distanceFilter 16.0 m (not the judge, 99.2 m): still motionchange · ref 61 s old · "
          + "10.0 m/s"),
      "\(readout(second))")
    let first = try Chromium.load(file, fragment: "t=62")
    #expect(
      readout(first).contains(
        "20.0 m ≥ distanceFilter 16.0 m (not the judge, 99.2 m): no motionchange · ref 61 s old"),
      "\(readout(first))")
    let filtered = try Chromium.load(file, fragment: "t=30")
    #expect(
      readout(filtered).contains("filtered: 0.0 m from ref ≤ judge 99.2 m · ref 29 s old"),
      "\(readout(filtered))")
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func timelineShowsStoppedGapsAndCalls() throws {
    let file = try Self.report()
    let html = try String(contentsOf: file, encoding: .utf8)
    // One stopped band, from the stop() at +200 s to the start() at +435 s.
    #expect(html.components(separatedBy: "class=\"band stopped\"").count - 1 == 1)
    // The 300 s without fixes (over a minute and over 10 × the mean interval of 3.1 s).
    #expect(html.components(separatedBy: "<rect class=\"gap\"").count - 1 == 1)
    #expect(html.contains("no fixes for 5 min"))
    // Three scenario calls (and a final sync, when on).
    #expect(html.components(separatedBy: "class=\"call-mark ").count - 1 >= 3)
    #expect(html.contains("stop() at "))
    // The decision counts are a stats section.
    #expect(html.contains("<h3>Decisions</h3>"))
    let page = try Chromium.load(file, fragment: "t=300")
    #expect(readout(page).contains(" UTC · stopped, still · "), "\(readout(page))")
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func mapZoomsToALinkedView() throws {
    let file = try Self.report()
    // x 20 m at latitude 10°: zoom 8 centred there.
    let page = try Chromium.load(file, fragment: "map=8/10/0.0001826")
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("scale(8)"), "the content group was not scaled")
    #expect(page.dom.contains("<span id=\"map-zoom-level\">8.0×</span>"))
    // Dots keep their size on screen: the start marker's radius 6 becomes 6 / 8.
    #expect(page.dom.contains("class=\"start\" cx=") && page.dom.contains("r=\"0.75\""))
  }
}
