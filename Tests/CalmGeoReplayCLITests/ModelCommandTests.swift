import Foundation
import Testing

/// `--model` and `--platform-*` end to end, and a sweep that compares two models on corpus
/// tracks on one Pareto plot.
struct ModelCommandTests {
  static let corpus = CommandRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  static let available: Bool = {
    let found = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path)
    if !found { print("skipped: the model sweep test needs \(corpus.path) (the shared folder beside the checkout)") }
    return found
  }()
  static let samples = CommandRunner.repositoryRoot.appendingPathComponent("Samples").path

  @Test(.enabled(if: available, "needs ../shared/corpus beside the checkout"))
  func sweepOverTwoModelsPutsBothOnOneParetoPlot() throws {
    let tracks = ["csv/dat100__20170813.csv", "gpx/gpxpy__around-visnjan-with-car.gpx"]
      .map { "\"\(Self.corpus.appendingPathComponent($0).path)\"" }.joined(separator: ", ")
    let folder = try CommandRunner.temporaryFolder()
    try """
    tracks: [\(tracks)]
    vary:
      replay.model: [calmgeo, significant-change]
    objectives:
      - min energy.percentPerHour
      - min fidelity.ped.p95
    """.write(to: folder.appendingPathComponent("sweep.yaml"), atomically: true, encoding: .utf8)
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "--out", "out"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let out = folder.appendingPathComponent("out")
    // results.csv: the model is a column like any varied key, one row per track and model.
    let results = try String(contentsOf: out.appendingPathComponent("results.csv"), encoding: .utf8).split(
      separator: "\n")
    #expect(results[0].hasPrefix("track,trackIndex,configIndex,replay.model,"))
    #expect(
      results.dropFirst().map { $0.split(separator: ",")[3] } == [
        "calmgeo", "significant-change", "calmgeo", "significant-change",
      ])
    // The GPS-on model spends more battery and keeps the track closer: neither dominates,
    // so both are on the front.
    let pareto = try String(contentsOf: out.appendingPathComponent("pareto.csv"), encoding: .utf8).split(
      separator: "\n")
    #expect(
      pareto.dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }.sorted()
        == ["0,calmgeo", "1,significant-change"])
    // sweep.html: the first scatter (the Pareto plot) has a dot for each configuration, and
    // the hover data names each dot's model.
    let html = try String(contentsOf: out.appendingPathComponent("sweep.html"), encoding: .utf8)
    let dots = try #require(html.range(of: "<g class=\"dots\">")).upperBound
    let plot = html[dots..<(html[dots...].range(of: "</g>")?.lowerBound ?? html.endIndex)]
    #expect(plot.contains("data-c=\"0\"") && plot.contains("data-c=\"1\""))
    #expect(html.contains("\"0\":{\"h\":\"Configuration 0") && html.contains("[\"replay.model\",\"calmgeo\"]"))
    #expect(html.contains("[\"replay.model\",\"significant-change\"]"))
  }

  @Test func modelAndPlatformFlagsReachStats() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.run(
      [
        "\(Self.samples)/walk-with-long-stop.csv", "--config", "\(Self.samples)/config.json", "--out", "out",
        "--model", "bg-docs", "--platform-stationary-pause", "20,30", "--platform-exit-delay", "40-60",
      ], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("model       bg-docs") && run.stdout.contains("fixes withheld ("))
    let stats =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("out/walk-with-long-stop/stats.json"))) as! [String: Any]
    let replay = (stats["configuration"] as! [String: Any])["replay"] as! [String: Any]
    #expect(replay["model"] as? String == "bg-docs")
    let platform = replay["platform"] as! [String: Any]
    #expect(platform["geofenceExitDelay"] as? [Double] == [40, 60])
    #expect((platform["stationaryPause"] as? [String: Double]) == ["radius": 20, "duration": 30])
    let withheld = stats["platform"] as! [String: Int]
    #expect(withheld["withheld"] == withheld["stationary"]! + withheld["accuracy"]! + withheld["rate"]!)
    #expect(withheld["stationary"]! > 0)
  }

  @Test func setTakesAModelByName() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.run(
      [
        "\(Self.samples)/walk-with-long-stop.csv", "--out", "out", "--set", "replay.model=ios-distance-filter",
      ], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("model       ios-distance-filter") && run.stdout.contains("0s monitoring"))
  }

  @Test func reportMarksWithheldFixesOnTheTimeline() throws {
    let folder = try CommandRunner.temporaryFolder()
    let log = "\(Self.samples)/walk-with-long-stop.csv"
    for (out, extra) in [("paused", ["--platform-stationary-pause", "20,30"]), ("plain", [])] {
      let run = try CommandRunner.run(
        [log, "--config", "\(Self.samples)/config.json", "--out", out, "--report", "html", "-q"] + extra,
        in: folder)
      #expect(run.status == 0, "\(run.stderr)")
    }
    let paused = try String(
      contentsOf: folder.appendingPathComponent("paused/walk-with-long-stop/report.html"), encoding: .utf8)
    let plain = try String(
      contentsOf: folder.appendingPathComponent("plain/walk-with-long-stop/report.html"), encoding: .utf8)
    #expect(paused.contains("<rect class=\"withheld stationary\"") && paused.contains("fixes withheld by the platform"))
    #expect(paused.contains(">Withheld<"))
    #expect(!plain.contains("<rect class=\"withheld") && !plain.contains("fixes withheld by the platform"))
  }

  @Test(arguments: [
    ["--model", "bg-ios"], ["--platform-stationary-pause", "20"], ["--platform-accuracy-gate", "best"],
    ["--platform-exit-delay", "60-40"], ["--set", "replay.model=nope"],
  ])
  func badModelOrPlatformValuesExitWith64(arguments: [String]) throws {
    let run = try CommandRunner.run(
      ["\(Self.samples)/walk-with-long-stop.csv", "--out", "out"] + arguments,
      in: try CommandRunner.temporaryFolder())
    #expect(run.status == 64, "\(run.stderr)")
  }
}
