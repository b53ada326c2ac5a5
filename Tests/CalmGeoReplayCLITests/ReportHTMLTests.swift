import Foundation
import Testing

/// `replay --report html`: the page is written, deterministic, leaves the other outputs
/// alone, and a real browser (headless Chromium) runs it without a console message and
/// finds what it should draw.
struct ReportHTMLTests {
  static let root = CommandRunner.repositoryRoot
  static let sample = "Samples/walk-with-long-stop.csv"
  static let corpusLog = root.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus/gpx/gpsbabel__dg100.gpx")

  static let hasCorpus: Bool = {
    let found = FileManager.default.fileExists(atPath: corpusLog.path)
    if !found { print("skipped: the corpus report test needs \(corpusLog.path) (../shared beside the checkout)") }
    return found
  }()

  /// Replays `log` into a new folder, with `arguments` added; returns the output folder.
  private func replay(_ log: String, _ arguments: [String] = ["--report", "html"]) throws -> URL {
    let out = try CommandRunner.temporaryFolder()
    let result = try CommandRunner.run(
      [log, "--config", "Samples/config.json", "--out", out.path, "--quiet"] + arguments, in: Self.root)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let name = URL(fileURLWithPath: log).deletingPathExtension().lastPathComponent
    return out.appendingPathComponent(name)
  }

  @Test func writesOneSelfContainedPage() throws {
    let html = try String(contentsOf: replay(Self.sample).appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>walk-with-long-stop.csv · calmgeo-replay report</title>"))
    // Nothing is fetched: no external scripts, styles, fonts or images.
    for reference in ["src=\"http", "href=\"http", "url(http", "@import", "<link"] {
      #expect(!html.contains(reference), "page references \(reference)")
    }
    #expect(html.contains("Raw track, speed and judge: 1\u{202F}740 fixes, all drawn."))
  }

  @Test func isDeterministicAndLeavesTheOtherOutputsAlone() throws {
    let plain = try replay(Self.sample, [])
    let first = try replay(Self.sample)
    let second = try replay(Self.sample, ["--report", "html", "--report", "html"])
    let files = try FileManager.default.contentsOfDirectory(atPath: first.path).sorted()
    #expect(
      files == [".calmgeo-replay.json", "locations.json", "report.html", "stats.json", "stops.ndjson", "uploads"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: plain.path).sorted()
        == files.filter { $0 != "report.html" })
    let names = (FileManager.default.subpaths(atPath: plain.path) ?? []).filter { $0 != "uploads" }
    for name in names {
      let (with, without) = (first.appendingPathComponent(name), plain.appendingPathComponent(name))
      #expect(try Data(contentsOf: with) == Data(contentsOf: without), "\(name) changed with --report")
    }
    #expect(names.count > 10)  // locations, stats, the request log and every body
    #expect(
      try Data(contentsOf: first.appendingPathComponent("report.html"))
        == Data(contentsOf: second.appendingPathComponent("report.html")))
  }

  @Test func rejectsAnUnknownFormat() throws {
    let result = try CommandRunner.run([Self.sample, "--report", "pdf"], in: Self.root)
    #expect(result.status == 64)
    #expect(result.stderr.contains("html"))
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func sampleRunsInChromium() throws {
    let page = try Chromium.load(replay(Self.sample).appendingPathComponent("report.html"))
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""), "the page's script did not finish")
    #expect(page.count("<polyline class=\"raw\"") == 1)
    #expect(page.count("class=\"emit moving\"") > 50)
    #expect(page.count("class=\"mc mc-") == 3)  // 2 → moving, 1 → still
    #expect(page.count("class=\"geofence\"") == 1)
    #expect(page.count("class=\"req ok\"") == 11)
    #expect(page.count("class=\"band monitoring\"") == 1)
    #expect(page.dom.contains("data-track-points=\"1740\""))
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason), .enabled(if: hasCorpus, "needs ../shared/corpus"))
  func corpusLogRunsInChromium() throws {
    let page = try Chromium.load(replay(Self.corpusLog.path).appendingPathComponent("report.html"))
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""), "the page's script did not finish")
    #expect(page.count("<polyline class=\"raw\"") == 1)
    #expect(page.count("class=\"emit moving\"") > 1_000)
    #expect(page.count("class=\"req ") > 100)
    #expect(page.count("class=\"fold\"") >= 2)  // the logger's 82-day pause is folded, not drawn
  }
}
