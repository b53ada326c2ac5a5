import Foundation
import Testing

/// `sweep.html`: written by `sweep` and `merge`, self-contained and deterministic,
/// `--plot` chooses its chart's axes (and is checked like an objective), and headless
/// Chromium runs it without a console message and finds every mark it should draw.
///
/// The sample grid: distanceFilter [10, 16, 30] × syncThreshold [5, 12] over the three
/// `Samples/*.csv`; its Pareto front is configurations 1, 3 and 5, and 3 is recommended.
struct SweepHTMLTests {
  /// Runs `sweep` on `spec` into `out` in a new folder; returns the folder.
  private func sweep(_ arguments: [String] = [], spec: String = SweepCommandTests.spec(), status: Int32 = 0) throws
    -> URL
  {
    let folder = try SweepCommandTests.folder(spec: spec)
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "-q"] + arguments, in: folder)
    #expect(run.status == status, "stderr: \(run.stderr)")
    return folder
  }

  private func page(_ folder: URL) throws -> String {
    try SweepCommandTests.text(folder.appendingPathComponent("out/sweep.html"))
  }

  @Test func writesOneSelfContainedDeterministicPage() throws {
    let folder = try sweep(["--jobs", "1"])
    let html = try page(folder)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>sweep.yaml · calmgeo-replay sweep</title>"))
    for reference in ["src=\"http", "href=\"http", "url(http", "@import", "<link", "<script src"] {
      #expect(!html.contains(reference), "page references \(reference)")
    }
    #expect(html.contains("energy.percentPerHour · lower is better"))
    #expect(html.contains("uploads.requests · lower is better"))
    #expect(html.contains("Recommended: configuration 3"))
    let again = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "again", "-q", "--jobs", "3"], in: folder)
    #expect(again.status == 0)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("out/sweep.html"))
        == Data(contentsOf: folder.appendingPathComponent("again/sweep.html")))
  }

  @Test func plotChoosesTheAxesAndIsChecked() throws {
    let chosen = try page(sweep(["--plot", "engine.keptRatio, storage.maxStored"]))
    #expect(chosen.contains("engine.keptRatio · higher is better"))
    #expect(chosen.contains(">storage.maxStored</text>"))

    let typo = try SweepCommandTests.folder()
    let bad = try CommandRunner.run(
      ["sweep", "sweep.yaml", "-o", "out", "--plot", "energy.percentPerHuor,uploads.requests"], in: typo)
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "error: --plot: 'energy.percentPerHuor' is not a result number; did you mean 'energy.percentPerHour'?\n")
    #expect(try CommandRunner.run(["sweep", "sweep.yaml", "--plot", "energy.percentPerHour"], in: typo).status == 64)
    #expect(try CommandRunner.run(["sweep", "sweep.yaml", "--plot", "a,b", "--shard", "1/2"], in: typo).status == 64)

    // merge checks --plot before writing anything.
    let shards = try SweepCommandTests.folder()
    for index in 1...2 {
      #expect(
        try CommandRunner.run(["sweep", "sweep.yaml", "-o", "s\(index)", "--shard", "\(index)/2", "-q"], in: shards)
          .status == 0)
    }
    let merged = try CommandRunner.run(
      ["merge", "s1", "s2", "-o", "m", "--plot", "uploads.requests,engine.kept"], in: shards)
    #expect(merged.status == 64 && merged.stderr.contains("'engine.kept' is not a result number"))
    #expect(!FileManager.default.fileExists(atPath: shards.appendingPathComponent("m").path))
    let plotted = try CommandRunner.run(
      ["merge", "s1", "s2", "-o", "m", "-q", "--plot", "uploads.requests,engine.keptRatio"], in: shards)
    #expect(plotted.status == 0)
    #expect(
      try SweepCommandTests.text(shards.appendingPathComponent("m/sweep.html")).contains(
        "engine.keptRatio · higher is better"))
  }

  @Test func saysWhyAChartIsMissingAndWhenNothingMeetsTheConstraints() throws {
    let one = SweepCommandTests.spec().replacingOccurrences(
      of: "  - min uploads.requests\n  - max engine.keptRatio\n", with: "")
    let html = try page(sweep(spec: one))
    #expect(html.contains("The spec has fewer than two objectives: name two result paths with --plot x,y"))
    #expect(!html.contains("<svg id=\"scatter\""))
    #expect(html.contains("<figcaption>energy.percentPerHour · lower is better</figcaption>"))

    let none = try page(sweep(spec: SweepCommandTests.spec(constraints: ["uploads.requests < 1"]), status: 2))
    #expect(none.contains("Closest: configuration"))
    #expect(none.contains("the closest: no configuration meets every constraint"))
    #expect(none.contains("uploads.requests &lt; 1: not met on 3 of 3 tracks"))
  }

  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func runsInChromiumWithEveryMark() throws {
    let file = try sweep().appendingPathComponent("out/sweep.html")
    let page = try Chromium.load(file)
    #expect(page.consoleMessages.isEmpty, "console: \(page.consoleMessages)")
    #expect(page.dom.contains("data-ok=\"1\""), "the page's script did not finish")
    #expect(page.dom.contains("data-configurations=\"6\""))
    #expect(page.dom.contains("data-dots=\"6\""))  // one grey dot per configuration
    #expect(page.dom.contains("data-front-marks=\"3\""))  // configurations 1, 3 and 5
    #expect(page.dom.contains("data-recommended-marks=\"1\""))
    #expect(page.dom.contains("data-small-charts=\"6\""))  // 2 varied keys × 3 objectives
    #expect(page.count("<circle class=\"pt-rec\"") == 6)
    #expect(page.count("<circle class=\"pt") - 6 == 36)  // 6 configurations in each small chart
    #expect(page.count("<tr class=\"rec\" data-c=\"3\">") == 1)
    #expect(page.count("<tr class=\"\" data-c=") == 2)  // the rest of the Pareto set

    // A link to a configuration (#c=1) opens with it marked everywhere and its values shown.
    let linked = try Chromium.load(URL(string: file.absoluteString + "#c=1")!)
    #expect(linked.consoleMessages.isEmpty, "console: \(linked.consoleMessages)")
    #expect(linked.dom.contains("data-selected=\"1\""))
    // Its dot and front mark in the scatter, a dot in each of the 6 small charts, its table row.
    #expect(linked.dom.contains("data-highlighted=\"9\""))
    #expect(linked.dom.contains("<b>Configuration 1 · rank 2 of 6</b>"))
    #expect(linked.dom.contains("<td>distanceFilter</td><td>10</td>"))
  }

  /// The trade-off chart's labels, measured by the browser: no two overlap. The grid (3 × 3 × 2
  /// over the samples, with the delivery delay) puts the recommended configuration 9 beside the
  /// front's #1, whose label its two lines covered before the front's labels kept out of them.
  @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
  func theTradeOffLabelsDoNotOverlapInChromium() throws {
    let spec = """
      tracks: ["\(SweepCommandTests.samples)/*.csv"]
      base: \(SweepCommandTests.samples)/config.json
      vary: {distanceFilter: [10, 16, 30], syncThreshold: [5, 12, 60], stationaryRadius: [25, 50]}
      objectives: [min energy.percentPerHour, min delivery.delaySeconds.p95, min fidelity.sed.max]
      constraints: ["stops.missed == 0"]
      """
    let folder = try sweep(spec: spec)
    let html = try page(folder)
    #expect(html.contains("Recommended: configuration 9"))
    // A probe appended to a copy of the page logs each pair of overlapping text boxes.
    let probe = """
      <script>
      window.addEventListener("load", () => {
        const boxes = [...document.querySelectorAll(".front-labels text, .rec-label")].map(t => {
          const r = t.getBoundingClientRect();
          return {name: t.textContent.slice(0, 30), l: r.left, r: r.right, t: r.top, b: r.bottom};
        });
        console.log("probe: " + boxes.length + " labels");
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i], b = boxes[j];
          if (a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b) console.log("overlap: " + a.name + " / " + b.name);
        }
      });
      </script>
      """
    let probed = folder.appendingPathComponent("out/probed.html")
    try html.replacingOccurrences(of: "</body>", with: probe + "</body>").write(
      to: probed, atomically: true, encoding: .utf8)
    let loaded = try Chromium.load(probed, width: 1400)
    let messages = loaded.consoleMessages
    #expect(messages.contains { $0.contains("probe: ") && !$0.contains("probe: 0 labels") }, "\(messages)")
    #expect(!messages.contains { $0.contains("overlap: ") }, "\(messages)")
  }
}
