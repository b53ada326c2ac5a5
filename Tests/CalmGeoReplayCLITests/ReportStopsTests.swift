import Foundation
import Testing

/// The report's stops: a lane with each true stop and the motionchanges that matched it,
/// and a table whose rows put the cursor at their stop; and `stops.ndjson` beside it.
struct ReportStopsTests {
  static let root = CommandRunner.repositoryRoot

  private func replay() throws -> URL {
    let out = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run(
      [
        "Samples/walk-with-long-stop.csv", "--config", "Samples/config.json", "--out", out.path, "--quiet",
        "--report", "html",
      ], in: Self.root)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return out.appendingPathComponent("walk-with-long-stop")
  }

  @Test func stopsNDJSONHasTheCafeStopAndItsStart() throws {
    // Samples/README: the café stop is reported 80 s after its run began (07:11:33), at
    // 07:12:53; the walk north is noticed by the geofence exit at 07:19:16.
    let lines = try String(contentsOf: replay().appendingPathComponent("stops.ndjson"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""kind":"stop","stop":1,"start":"2024-05-01T07:11:33.000Z""#) == true)
    #expect(lines.first?.contains(#""outcome":"detected","stillAt":"2024-05-01T07:12:53.000Z""#) == true)
    #expect(lines.first?.contains(#""delaySeconds":80,"#) == true)
    #expect(lines.last?.contains(#""kind":"start","stop":1,"#) == true)
    #expect(lines.last?.contains(#""outcome":"detected","movingAt":"2024-05-01T07:19:16.000Z""#) == true)
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func stopsTableAndLaneInChromium() throws {
    let folder = try replay()
    var html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("<section class=\"card\" id=\"stops\">"))
    // Click the table's first row as a person would, and keep where the cursor went.
    let click = """
      <script>document.querySelector("#stops tbody tr").click();\
      document.body.dataset.clicked = location.hash;</script>
      """
    html = html.replacingOccurrences(of: "</body>", with: click + "</body>")
    let clicked = folder.appendingPathComponent("clicked.html")
    try html.write(to: clicked, atomically: true, encoding: .utf8)
    let page = try Chromium.load(clicked)
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""), "the page's script did not finish")
    #expect(page.count("class=\"stop-span detected\"") == 1)
    #expect(page.count("class=\"stop-mark still\"") == 1)
    #expect(page.count("class=\"stop-mark moving\"") == 1)
    #expect(page.count("<tr data-cursor-t=") == 1)
    // The stop began 693 s (07:11:33) after the log's first fix (07:00:00).
    #expect(page.dom.contains("data-clicked=\"#t=693\""))
    #expect(page.dom.contains("1 true stop: 1 detected, 0 covered, 0 missed"))
  }
}
