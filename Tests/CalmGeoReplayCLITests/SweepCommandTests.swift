import Foundation
import Testing

/// `calmgeo-replay sweep` and `merge` end to end on the sample logs: distanceFilter
/// [10, 16, 30] × syncThreshold [5, 12] over the three `Samples/*.csv`.
struct SweepCommandTests {
  static let samples = CommandRunner.repositoryRoot.appendingPathComponent("Samples").path

  static func spec(constraints: [String] = ["accounting.emitted >= 20"], tracks: [String]? = nil) -> String {
    let list = (tracks ?? ["\(samples)/*.csv"]).map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      tracks: [\(list)]
      base: \(samples)/config.json
      vary:
        distanceFilter: [10, 16, 30]
        syncThreshold: [5, 12]
      objectives:
        - min energy.percentPerHour
        - min uploads.requests
        - max engine.keptRatio
      constraints: [\(constraints.map { "\"\($0)\"" }.joined(separator: ", "))]
      """
  }

  /// A temporary folder holding `sweep.yaml`.
  static func folder(spec text: String = spec()) throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    try text.write(to: folder.appendingPathComponent("sweep.yaml"), atomically: true, encoding: .utf8)
    return folder
  }

  /// Every file under `folder`, by relative path.
  static func files(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let root = folder.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
    for case let path as String in walker {
      var isFolder: ObjCBool = false
      let full = (root as NSString).appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        result[path] = FileManager.default.contents(atPath: full)
      }
    }
    return result
  }

  static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  @Test func sampleGridRecommendsAConfigFileReplayAccepts() throws {
    let folder = try Self.folder()
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "--out", "out"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "out: 18 rows (3 tracks × 6 configurations)\nrecommended: configuration 3 (distanceFilter=16, syncThreshold=12)"
      ))
    let out = folder.appendingPathComponent("out")
    #expect(
      try Self.files(out).keys.sorted() == [
        ".calmgeo-replay.json", "pareto.csv", "recommended.json", "recommended.why.txt", "results.csv",
        "results.ndjson",
        "summary.csv", "sweep.html",
        "sweep.json",
      ])
    let csv = try Self.text(out.appendingPathComponent("results.csv")).split(separator: "\n")
    #expect(csv.count == 19)
    #expect(
      csv[0].hasPrefix(
        "track,trackIndex,configIndex,distanceFilter,syncThreshold,input.fixesUsed,engine.emitted,engine.keptRatio,"))
    #expect(csv[1].hasPrefix("\(Self.samples)/drive-speed-changes.csv,0,0,10,5,1390,"))
    #expect(Set(csv.map { $0.split(separator: ",", omittingEmptySubsequences: false).count }).count == 1)
    #expect(try Self.text(out.appendingPathComponent("summary.csv")).split(separator: "\n").count == 7)
    #expect(
      try Self.text(out.appendingPathComponent("recommended.why.txt")).hasPrefix(
        "Recommended: configuration 3 of 6 (distanceFilter=16, syncThreshold=12).\n"))

    // recommended.json is a config file: replay reads it, and its stats equal the sweep's row.
    let replay = try CommandRunner.run(
      ["\(Self.samples)/walk-with-long-stop.csv", "--config", "out/recommended.json", "--out", "replayed", "-q"],
      in: folder)
    #expect(replay.status == 0, "\(replay.stderr)")
    var stats =
      try JSONSerialization.jsonObject(
        with: try Data(contentsOf: folder.appendingPathComponent("replayed/walk-with-long-stop/stats.json")))
      as! [String: Any]
    let rowLine = try Self.text(out.appendingPathComponent("results.ndjson")).split(separator: "\n")[2 * 6 + 3]
    let row = try JSONSerialization.jsonObject(with: Data(rowLine.utf8)) as! [String: Any]
    var rowStats = row["stats"] as! [String: Any]
    for key in ["input"] {
      stats[key] = nil
      rowStats[key] = nil
    }
    // The sweep does not rank on Hausdorff, so its row holds the PED bound instead (flagged).
    var replayFidelity = stats["fidelity"] as! [String: Any]
    var rowFidelity = rowStats["fidelity"] as! [String: Any]
    #expect(replayFidelity["hausdorffExact"] as? Bool == true && rowFidelity["hausdorffExact"] as? Bool == false)
    #expect((rowFidelity["hausdorff"] as! Double) >= (replayFidelity["hausdorff"] as! Double))
    for key in ["hausdorff", "hausdorffExact"] {
      replayFidelity[key] = nil
      rowFidelity[key] = nil
    }
    stats["fidelity"] = replayFidelity
    rowStats["fidelity"] = rowFidelity
    // Nor on the run's min-# answers: the row has the run's side and the track's ladder only.
    var replayEfficiency = stats["efficiency"] as! [String: Any]
    let rowEfficiency = rowStats["efficiency"] as! [String: Any]
    let answers = ["optimumPoints", "optimumExact", "greedyPoints", "couldHoldMetres", "couldHoldExact"]
    #expect(answers.allSatisfy { replayEfficiency[$0] != nil && rowEfficiency[$0] == nil })
    #expect(rowEfficiency["ladder"] != nil)
    for key in answers { replayEfficiency[key] = nil }
    stats["efficiency"] = replayEfficiency
    #expect(NSDictionary(dictionary: stats).isEqual(to: rowStats))
  }

  @Test func oneAndFourJobsWriteTheSameBytes() throws {
    let folder = try Self.folder()
    let one = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "one", "--jobs", "1", "-q"], in: folder)
    let four = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "four", "--jobs", "4", "-q"], in: folder)
    #expect(one.status == 0 && four.status == 0 && one.stdout.isEmpty)
    let a = try Self.files(folder.appendingPathComponent("one"))
    #expect(a.count == 9)
    #expect(a == (try Self.files(folder.appendingPathComponent("four"))))
  }

  @Test func threeShardsMergedEqualOneRun() throws {
    let folder = try Self.folder()
    #expect(try CommandRunner.run(["sweep", "sweep.yaml", "-o", "whole", "-q"], in: folder).status == 0)
    for index in 1...3 {
      let shard = try CommandRunner.run(
        ["sweep", "sweep.yaml", "-o", "shards/\(index)", "--shard", "\(index)/3"], in: folder)
      #expect(
        shard.status == 0
          && shard.stdout == "shards/\(index): shard \(index)/3: 6 rows; join the shards with calmgeo-replay merge\n")
    }
    let shardRows = try Self.text(folder.appendingPathComponent("shards/2/results.ndjson")).split(separator: "\n")
    #expect(shardRows.allSatisfy { $0.contains(#""configIndex":1,"#) || $0.contains(#""configIndex":4,"#) })
    let merged = try CommandRunner.run(["merge", "shards/3", "shards/1", "shards/2", "-o", "merged", "-q"], in: folder)
    #expect(merged.status == 0, "\(merged.stderr)")
    let whole = try Self.files(folder.appendingPathComponent("whole"))
    #expect(whole.count == 9)
    #expect(whole == (try Self.files(folder.appendingPathComponent("merged"))))

    let missing = try CommandRunner.run(["merge", "shards/1", "shards/2", "-o", "m"], in: folder)
    #expect(missing.status == 65 && missing.stderr == "shards/1: error: shard 3/3 is missing (2 of 3 given)\n")
  }

  @Test func interruptedRunKeepsRowsAndResumeRunsOnlyTheOthers() throws {
    let folder = try Self.folder()
    #expect(try CommandRunner.run(["sweep", "sweep.yaml", "-o", "whole", "-q"], in: folder).status == 0)
    let cut = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "--stop-after", "5", "-q"], in: folder)
    #expect(cut.status == 130)
    let out = folder.appendingPathComponent("out")
    let kept = try Self.text(out.appendingPathComponent("results.ndjson")).split(separator: "\n").count
    #expect(kept >= 5 && kept < 18)
    #expect(
      cut.stderr.hasSuffix("out: interrupted: \(kept) of 18 rows kept; run the same command with --resume to finish\n"))
    #expect(try Self.text(out.appendingPathComponent("sweep.json")).contains("\"status\": \"interrupted\""))
    #expect(try Self.text(out.appendingPathComponent("results.csv")).split(separator: "\n").count == kept + 1)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("recommended.json").path))

    let resumed = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "--resume"], in: folder)
    #expect(resumed.status == 0)
    #expect(resumed.stderr.hasPrefix("out: resuming: \(kept) rows already done, from out/results.ndjson\n"))
    #expect(resumed.stderr.contains("rows; 18/18 rows done") == false)
    #expect(resumed.stderr.contains("\(18 - kept)/\(18 - kept) rows done"))
    #expect(try Self.files(out) == (try Self.files(folder.appendingPathComponent("whole"))))

    // Another spec's rows are not reused.
    try Self.spec().replacingOccurrences(of: "[5, 12]", with: "[5, 13]")
      .write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
    let other = try CommandRunner.run(["sweep", "other.yaml", "-o", "out", "--resume"], in: folder)
    #expect(other.status == 64 && other.stderr.contains("out/results.ndjson holds rows of another sweep"))
  }

  @Test func exitCodesAndMessages() throws {
    let folder = try Self.folder()
    let bad = try Self.folder(spec: "tracks: [a.csv]\nvary: {distanceFilter: {from: 10, to: 30, step: -5}}\n")
    let badRun = try CommandRunner.run(["sweep", "sweep.yaml"], in: bad)
    #expect(badRun.status == 64)
    #expect(
      badRun.stderr
        == "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter.step': expected a step more than 0 to go from 10 to 30, found -5\n"
    )
    #expect(try CommandRunner.run(["sweep", "nothere.yaml"], in: folder).status == 66)
    #expect(try CommandRunner.run(["sweep", "sweep.yaml", "--shard", "4/3"], in: folder).status == 64)

    let unmeetable = try Self.folder(spec: Self.spec(constraints: ["uploads.requests < 1"]))
    let none = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out"], in: unmeetable)
    #expect(none.status == 2)
    #expect(none.stdout.contains("no configuration meets every constraint; closest: configuration"))
    let why = try Self.text(unmeetable.appendingPathComponent("out/recommended.why.txt"))
    #expect(why.hasPrefix("No configuration meets every constraint on every track (0 of 6).\n"))
    #expect(why.contains("  uploads.requests < 1: not met on 3 of 3 tracks; worst "))

    let withMissing = try Self.folder(spec: Self.spec(tracks: ["\(Self.samples)/walk-with-long-stop.csv", "gone.csv"]))
    let strict = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "--strict"], in: withMissing)
    #expect(strict.status == 66 && strict.stderr.contains("gone.csv: error: no such file"))
    #expect(!FileManager.default.fileExists(atPath: withMissing.appendingPathComponent("out").path))
    let lenient = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "-q"], in: withMissing)
    #expect(lenient.status == 0)
    #expect(lenient.stderr.contains("gone.csv: note: skipped: the sweep goes on without this log"))
    #expect(try Self.text(withMissing.appendingPathComponent("out/sweep.json")).contains("\"path\": \"gone.csv\""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: withMissing.path).sorted() == ["out", "sweep.yaml"])
  }

  @Test func keepBestReplaysTheBestWithFullOutputs() throws {
    let folder = try Self.folder()
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "--keep-best", "2", "-q"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let best = folder.appendingPathComponent("out/best")
    #expect(try FileManager.default.contentsOfDirectory(atPath: best.path).sorted() == ["1-3", "2-1"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: best.appendingPathComponent("1-3").path).sorted()
        == ["config.json", "drive-speed-changes", "stationary-drift", "walk-with-long-stop"])
    #expect(
      try Self.text(best.appendingPathComponent("1-3/config.json"))
        == (try Self.text(folder.appendingPathComponent("out/recommended.json"))))
    for file in ["locations.json", "stats.json", "uploads/requests.ndjson"] {
      #expect(FileManager.default.fileExists(atPath: best.appendingPathComponent("2-1/stationary-drift/\(file)").path))
    }
  }

  @Test func theDocumentedExampleRuns() throws {
    let folder = try CommandRunner.temporaryFolder()
    let run = try CommandRunner.run([
      "sweep", "docs/sweep-example.yaml", "-o", folder.appendingPathComponent("ex").path, "-q",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let first = try Self.text(folder.appendingPathComponent("ex/results.csv")).split(separator: "\n")[1]
    #expect(first.hasPrefix("../Samples/drive-speed-changes.csv,0,0,10,5,"))
    #expect(
      try Self.text(folder.appendingPathComponent("ex/recommended.why.txt")).hasPrefix(
        "Recommended: configuration 3 of 6 (distanceFilter=16, syncThreshold=12).\n"))
  }

  @Test func helpListsTheOptions() throws {
    let help = try CommandRunner.run(["sweep", "--help"])
    for option in [
      "--out", "--jobs", "--shard", "--resume", "--strict", "--keep-best", "--plot", "--quiet", "EXIT CODES",
    ] {
      #expect(help.stdout.contains(option), "sweep --help lacks \(option)")
    }
    #expect(!help.stdout.contains("--stop-after"))
    let merge = try CommandRunner.run(["merge", "--help"]).stdout
    #expect(merge.contains("--out") && merge.contains("--plot"))
  }
}
