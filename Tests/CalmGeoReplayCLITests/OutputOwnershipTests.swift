import Foundation
import Testing

/// What the tool may touch in an output location: only what carries its marker
/// (`.calmgeo-replay.json`), of the same kind, for the same input; work folders claimed
/// with a lock; deletion that never follows a symbolic link; `check` scratch folders from
/// `mkdtemp`. Each test is a finding of issue 23 (`../shared/robustness-2/` 01, 02, 03, 13).
struct OutputOwnershipTests {
  static let walk = CommandRunner.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv")
  static let drive = CommandRunner.repositoryRoot.appendingPathComponent("Samples/drive-speed-changes.csv")

  /// A new temporary folder with `walk.csv` in it.
  private func folderWithWalk(named name: String = "walk.csv") throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.copyItem(at: Self.walk, to: folder.appendingPathComponent(name))
    return folder
  }

  private func write(_ text: String, _ url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func read(_ url: URL) -> String? {
    (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
  }

  // MARK: - 01: the stale cleanup

  @Test func namesLikeLeftoversOfKilledRunsAreTheUsersAndSurvive() throws {
    let home = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: home) }
    try write("precious", home.appendingPathComponent("photos.old-2023/img1.jpg"))
    try write("x", home.appendingPathComponent("notes.old-4000000"))
    try write("y", home.appendingPathComponent(".notes.partial-999999"))
    try write("z", home.appendingPathComponent("report.old-31337.docx"))
    // Named like an older version's work folder of this very track, but nothing says it is ours.
    try write("w", home.appendingPathComponent(".walk.partial-999998/keep.txt"))
    let result = try CommandRunner.run(["walk.csv", "-o", ".", "-q"], in: home)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(read(home.appendingPathComponent("photos.old-2023/img1.jpg")) == "precious")
    #expect(read(home.appendingPathComponent("notes.old-4000000")) == "x")
    #expect(read(home.appendingPathComponent(".notes.partial-999999")) == "y")
    #expect(read(home.appendingPathComponent("report.old-31337.docx")) == "z")
    #expect(read(home.appendingPathComponent(".walk.partial-999998/keep.txt")) == "w")
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("walk/stats.json").path))
  }

  // MARK: - 02: what is in the way

  @Test func anUnrelatedFolderNamedLikeTheOutputIsRefusedNotReplaced() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("my thesis", folder.appendingPathComponent("walk/thesis.tex"))
    let result = try CommandRunner.run(["walk.csv", "-o", ".", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("walk: error: "), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("choose another --out"), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("walk/thesis.tex")) == "my thesis")
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(hidden.isEmpty, "work folders left: \(hidden)")
  }

  @Test func aFileNamedLikeTheOutputIsRefusedNotReplaced() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("notes", folder.appendingPathComponent("out/walk"))
    let result = try CommandRunner.run(["walk.csv", "-o", "out", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("out/walk: error: "), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("out/walk")) == "notes")
  }

  @Test func aLinkAtTheOutputsPlaceIsRefusedEvenToAFolderOfOurs() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CommandRunner.run(["walk.csv", "-o", "elsewhere", "-q"], in: folder).status == 0)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("elsewhere/walk").path
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("out/walk").path,
      withDestinationPath: target)
    let result = try CommandRunner.run(["walk.csv", "-o", "out", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("out/walk: error: is in the way"), "stderr: \(result.stderr)")
    let link = folder.appendingPathComponent("out/walk").path
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere/walk/stats.json").path))
  }

  @Test func anOutputOfAnOlderVersionWithoutMarkerIsRefusedWithWhatToDo() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("{}", folder.appendingPathComponent("replay-out/walk/stats.json"))
    let result = try CommandRunner.run(["walk.csv", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("replay-out/walk: error: "), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("remove it"), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("replay-out/walk/stats.json")) == "{}")
  }

  @Test func rerunningTheSameLogReplacesItsOwnOutput() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try CommandRunner.run(["walk.csv", "-q"], in: folder).status == 0)
    let second = try CommandRunner.run(["walk.csv", "-q", "--set", "distanceFilter=40"], in: folder)
    #expect(second.status == 0, "stderr: \(second.stderr)")
    let stats = read(folder.appendingPathComponent("replay-out/walk/stats.json"))
    #expect(stats?.contains(#""distanceFilter": 40"#) == true)
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("replay-out").path)
    #expect(hidden.isEmpty == false && hidden.allSatisfy { !$0.hasPrefix(".") }, "left: \(hidden)")
  }

  private func sweepSpec(in folder: URL) throws {
    try write("tracks: [walk.csv]\nvary: {distanceFilter: [10, 20]}\n", folder.appendingPathComponent("s.yaml"))
  }

  @Test func sweepOutIntoAnUnrelatedFolderRefuses() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try sweepSpec(in: folder)
    try write("important", folder.appendingPathComponent("mydocs/thesis.tex"))
    let result = try CommandRunner.run(["sweep", "s.yaml", "--out", "mydocs", "-q"], in: folder)
    #expect(result.status != 0)
    #expect(result.stderr.contains("mydocs: error: "), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("mydocs/thesis.tex")) == "important")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".mydocs.partial").path))
    // Its own folder it replaces.
    #expect(try CommandRunner.run(["sweep", "s.yaml", "--out", "runs", "-q"], in: folder).status == 0)
    let again = try CommandRunner.run(["sweep", "s.yaml", "--out", "runs", "-q"], in: folder)
    #expect(again.status == 0, "stderr: \(again.stderr)")
  }

  @Test func mergeOutIntoAnUnrelatedFolderRefuses() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try sweepSpec(in: folder)
    for shard in 1...2 {
      let arguments = ["sweep", "s.yaml", "--shard", "\(shard)/2", "--out", "s\(shard)", "-q"]
      let result = try CommandRunner.run(arguments, in: folder)
      #expect(result.status == 0, "stderr: \(result.stderr)")
    }
    try write("important", folder.appendingPathComponent("mydocs/thesis.tex"))
    let result = try CommandRunner.run(["merge", "s1", "s2", "--out", "mydocs", "-q"], in: folder)
    #expect(result.status != 0)
    #expect(result.stderr.contains("mydocs: error: "), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("mydocs/thesis.tex")) == "important")
    // A shard folder is a sweep's output, not a merge's: not replaced either.
    let overShard = try CommandRunner.run(["merge", "s1", "s2", "--out", "s1", "-q"], in: folder)
    #expect(overShard.status != 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("s1/results.ndjson").path))
    // Its own merge output it replaces.
    #expect(try CommandRunner.run(["merge", "s1", "s2", "--out", "merged", "-q"], in: folder).status == 0)
    let again = try CommandRunner.run(["merge", "s1", "s2", "--out", "merged", "-q"], in: folder)
    #expect(again.status == 0, "stderr: \(again.stderr)")
  }

  @Test func aSweepRefusesAPartialFolderAnotherRunHoldsAndRemovesAStaleOne() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    try sweepSpec(in: folder)
    let partial = folder.appendingPathComponent(".runs.partial")
    try staleWorkFolder(partial, log: "the sweep of spec hash 0", name: "runs")
    try write("{}", partial.appendingPathComponent("results.ndjson"))
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [partial.appendingPathComponent(".calmgeo-replay.json").path, "sleep", "6"]
    try holder.run()
    usleep(500_000)
    let busy = try CommandRunner.run(["sweep", "s.yaml", "--out", "runs", "-q"], in: folder)
    #expect(busy.status != 0)
    #expect(busy.stderr.contains("runs: error: another calmgeo-replay run"), "stderr: \(busy.stderr)")
    #expect(FileManager.default.fileExists(atPath: partial.appendingPathComponent("results.ndjson").path))
    holder.waitUntilExit()
    let later = try CommandRunner.run(["sweep", "s.yaml", "--out", "runs", "-q"], in: folder)
    #expect(later.status == 0, "stderr: \(later.stderr)")
    #expect(!FileManager.default.fileExists(atPath: partial.path))
    // A partial folder without the marker is not the tool's: refused, kept.
    try write("mine", folder.appendingPathComponent(".other.partial/notes.txt"))
    let foreign = try CommandRunner.run(["sweep", "s.yaml", "--out", "other", "-q"], in: folder)
    #expect(foreign.status != 0)
    #expect(foreign.stderr.contains(".other.partial: error: "), "stderr: \(foreign.stderr)")
    #expect(read(folder.appendingPathComponent(".other.partial/notes.txt")) == "mine")
  }

  // MARK: - 03: two runs into one --out

  @Test func aSecondRunIntoTheSameOutputWhileTheFirstWritesItRefuses() throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(read(Self.walk) ?? "", folder.appendingPathComponent("b/stdin.csv"))
    let bytes = try Data(contentsOf: Self.walk)
    // The first run reads its log from a pipe, so it stays inside its work folder until the pipe is closed.
    let first = Process()
    first.executableURL = CommandRunner.binary
    first.arguments = ["-", "--input-format", "csv", "-o", "out", "-q"]
    first.currentDirectoryURL = folder
    let input = Pipe()
    first.standardInput = input
    first.standardOutput = FileHandle.nullDevice
    first.standardError = FileHandle.nullDevice
    try first.run()
    input.fileHandleForWriting.write(bytes.prefix(40_000))
    let out = folder.appendingPathComponent("out")
    var waited = 0
    while waited < 600, ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).isEmpty {
      usleep(50_000)
      waited += 1
    }
    let second = try CommandRunner.run(["b/stdin.csv", "-o", "out", "-q"], in: folder)
    input.fileHandleForWriting.write(bytes.dropFirst(40_000))
    try input.fileHandleForWriting.close()
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    // The second refused and said so; the first kept its results (never an empty out/).
    #expect(second.status == 1)
    #expect(second.stderr.contains("out/stdin: error: another calmgeo-replay run"), "stderr: \(second.stderr)")
    let stats = read(out.appendingPathComponent("stdin/stats.json")) ?? ""
    #expect(stats.contains(#""file": "-""#), "out/stdin/stats.json: \(stats)")
  }

  // MARK: - 13: check's scratch folder

  @Test func aSymlinkPlantedAtChecksOldScratchPathLeadsToNoDeletion() throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim")
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    try write("precious", victim.appendingPathComponent("thesis.old-4000000"))
    try write("precious", victim.appendingPathComponent(".bashrc.partial-3999999"))
    try write("precious", victim.appendingPathComponent("walk-with-long-stop/keep.txt"))
    let golden = CommandRunner.repositoryRoot.appendingPathComponent("Samples/expected").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", #"ln -s "$VICTIM" "$TMPDIR/calmgeo-check-$$"; exec "$B" check "$GOLDEN" -q"#]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = tmp.path
    environment["VICTIM"] = victim.path
    environment["B"] = CommandRunner.binary.path
    environment["GOLDEN"] = golden
    process.environment = environment
    process.currentDirectoryURL = CommandRunner.repositoryRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(read(victim.appendingPathComponent("thesis.old-4000000")) == "precious")
    #expect(read(victim.appendingPathComponent(".bashrc.partial-3999999")) == "precious")
    #expect(read(victim.appendingPathComponent("walk-with-long-stop/keep.txt")) == "precious")
    let entries = try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted()
    #expect(entries == [".bashrc.partial-3999999", "thesis.old-4000000", "walk-with-long-stop"])
    // The scratch folders went away with the run; only the planted link is left.
    let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path)
    #expect(left.count == 1 && left[0].hasPrefix("calmgeo-check-"), "left in TMPDIR: \(left)")
  }

  // MARK: - the same stem across runs; summary.csv

  @Test func aSecondLogWithTheSameStemDoesNotRetireTheFirstOnesResults() throws {
    let folder = try folderWithWalk(named: "vm.csv")
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(
      """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="test"><trk><trkseg>
      <trkpt lat="35.0115812" lon="135.7681302"><time>2024-05-01T07:00:00Z</time></trkpt>
      <trkpt lat="35.0116812" lon="135.7681302"><time>2024-05-01T07:00:10Z</time></trkpt>
      <trkpt lat="35.0117812" lon="135.7681302"><time>2024-05-01T07:00:20Z</time></trkpt>
      </trkseg></trk></gpx>

      """, folder.appendingPathComponent("vm.gpx"))
    let first = try CommandRunner.run(["vm.gpx", "-o", "out", "-q"], in: folder)
    #expect(first.status == 0, "stderr: \(first.stderr)")
    let stored = read(folder.appendingPathComponent("out/vm/stats.json"))
    #expect(stored?.contains(#""file": "vm.gpx""#) == true)
    let second = try CommandRunner.run(["vm.csv", "-o", "out", "-q"], in: folder)
    #expect(second.status == 1)
    #expect(second.stderr.contains("out/vm: error: "), "stderr: \(second.stderr)")
    #expect(second.stderr.contains("vm.gpx"), "stderr: \(second.stderr)")
    #expect(read(folder.appendingPathComponent("out/vm/stats.json")) == stored)
    // A failing run of the other log retires nothing either.
    try write("not a log\n", folder.appendingPathComponent("bad/vm.csv"))
    let failing = try CommandRunner.run(["bad/vm.csv", "-o", "out", "-q"], in: folder)
    #expect(failing.status != 0)
    #expect(read(folder.appendingPathComponent("out/vm/stats.json")) == stored)
  }

  @Test func summaryHoldsOnlyThisRunsLogsAndNoRowOfAFailedOne() throws {
    let folder = try folderWithWalk(named: "a.csv")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.drive, to: folder.appendingPathComponent("b.csv"))
    #expect(try CommandRunner.run(["a.csv", "b.csv", "-q"], in: folder).status == 0)
    let summary = folder.appendingPathComponent("replay-out/summary.csv")
    #expect(read(summary)?.split(separator: "\n").count == 3)
    try write("time,lat,lon\nnot,a,fix\n", folder.appendingPathComponent("b.csv"))
    let failing = try CommandRunner.run(["a.csv", "b.csv", "-q"], in: folder)
    #expect(failing.status == 65, "stderr: \(failing.stderr)")
    let lines = read(summary)?.split(separator: "\n") ?? []
    #expect(lines.count == 2, "summary.csv: \(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("a,") || $0.hasPrefix("a.csv") || !$0.contains("b") })
  }

  @Test func aSummaryCSVTheToolDidNotWriteIsRefused() throws {
    let folder = try folderWithWalk(named: "a.csv")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.drive, to: folder.appendingPathComponent("b.csv"))
    try write("budget,2024\n", folder.appendingPathComponent("replay-out/summary.csv"))
    let result = try CommandRunner.run(["a.csv", "b.csv", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("replay-out/summary.csv: error: "), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("replay-out/summary.csv")) == "budget,2024\n")
  }

  // MARK: - names and deletion

  @Test func aLogNameOf246BytesReplays() throws {
    let name = String(repeating: "a", count: 242) + ".csv"
    let folder = try folderWithWalk(named: name)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CommandRunner.run([name, "-o", "out", "-q"], in: folder)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let stats = folder.appendingPathComponent("out/\(name.dropLast(4))/stats.json")
    #expect(FileManager.default.fileExists(atPath: stats.path))
  }

  /// A work folder as a killed run leaves it: its marker says it is ours, no process holds its lock.
  private func staleWorkFolder(_ url: URL, log: String, name: String = "walk") throws {
    try write(
      #"{"tool":"calmgeo-replay","kind":"work","input":"\#(log)","name":"\#(name)"}"#,
      url.appendingPathComponent(".calmgeo-replay.json"))
  }

  @Test func deletingAStaleWorkFolderNeverFollowsASymlink() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    try write("precious", folder.appendingPathComponent("victim/data.txt"))
    let stale = out.appendingPathComponent(".calmgeo-Ab12Cd")
    try staleWorkFolder(stale, log: folder.appendingPathComponent("walk.csv").path)
    let uploads = stale.appendingPathComponent("uploads")
    try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
    let victim = folder.appendingPathComponent("victim")
    try FileManager.default.createSymbolicLink(
      atPath: uploads.appendingPathComponent("link").path,
      withDestinationPath: victim.path)
    try FileManager.default.createSymbolicLink(
      atPath: stale.appendingPathComponent("file-link").path,
      withDestinationPath: victim.appendingPathComponent("data.txt").path)
    // Named like a work folder but without our marker: not ours.
    try write("mine", out.appendingPathComponent(".calmgeo-Zz99Yy/notes.txt"))
    let result = try CommandRunner.run(["walk.csv", "-o", "out", "-q"], in: folder)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: stale.path), "the stale work folder is ours and was left")
    #expect(read(folder.appendingPathComponent("victim/data.txt")) == "precious")
    #expect(read(out.appendingPathComponent(".calmgeo-Zz99Yy/notes.txt")) == "mine")
  }

  @Test func aWorkFolderWhoseLockIsHeldIsNotStaleAndItsOutputIsNotClaimedTwice() throws {
    let folder = try folderWithWalk()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let other = out.appendingPathComponent(".calmgeo-Busy01")
    let same = out.appendingPathComponent(".calmgeo-Busy02")
    try staleWorkFolder(other, log: "/elsewhere/other.csv", name: "other")
    try staleWorkFolder(same, log: "/elsewhere/walk.csv", name: "walk")
    // flock(1) holds both markers' locks while the replays run, as live runs would.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    holder.arguments = [
      other.appendingPathComponent(".calmgeo-replay.json").path,
      "/usr/bin/flock", same.appendingPathComponent(".calmgeo-replay.json").path, "sleep", "8",
    ]
    try holder.run()
    usleep(500_000)
    let result = try CommandRunner.run(["walk.csv", "-o", "out", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("out/walk: error: another calmgeo-replay run"), "stderr: \(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent(".calmgeo-replay.json").path))
    #expect(FileManager.default.fileExists(atPath: same.appendingPathComponent(".calmgeo-replay.json").path))
    // Once the holder is gone, both are stale: the next run removes them and writes out/walk.
    holder.waitUntilExit()
    let later = try CommandRunner.run(["walk.csv", "-o", "out", "-q"], in: folder)
    #expect(later.status == 0, "stderr: \(later.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["walk"])
  }

  // MARK: - check's golden folders

  @Test func checkInitRefusesAFolderNamedLikeATrack() throws {
    let copy = try GoldenCopy()
    try write("mine", copy.url("golden/walk-with-long-stop/notes.txt"))
    let result = try copy.run([
      "check", "--init", "golden", "--config", "Samples/config.json", "Samples/walk-with-long-stop.csv",
    ])
    #expect(result.status != 0)
    #expect(result.stderr.contains("golden/walk-with-long-stop: error: "), "stderr: \(result.stderr)")
    #expect(read(copy.url("golden/walk-with-long-stop/notes.txt")) == "mine")
  }

  @Test func checkUpdateRefusesToReplaceATrackFolderHoldingTheUsersFiles() throws {
    let copy = try GoldenCopy()
    let track = "Samples/expected/walk-with-long-stop"
    try copy.replace(#""speed":1.43,"#, with: #""speed":1.5,"#, in: track + "/locations.json")
    try write("why these outputs", copy.url(track + "/NOTES.md"))
    try write("draft", copy.url(track + "/uploads/draft.txt"))
    let result = try copy.run(["check", "--update", "Samples/expected", "-q"])
    #expect(result.status != 0)
    #expect(result.stderr.contains(track + "/NOTES.md: error: "), "stderr: \(result.stderr)")
    #expect(read(copy.url(track + "/NOTES.md")) == "why these outputs")
    #expect(read(copy.url(track + "/uploads/draft.txt")) == "draft")
    try FileManager.default.removeItem(at: copy.url(track + "/NOTES.md"))
    let uploads = try copy.run(["check", "--update", "Samples/expected", "-q"])
    #expect(uploads.stderr.contains(track + "/uploads/draft.txt: error: "), "stderr: \(uploads.stderr)")
    try FileManager.default.removeItem(at: copy.url(track + "/uploads/draft.txt"))
    let clean = try copy.run(["check", "--update", "Samples/expected", "-q"])
    #expect(clean.status == 0, "stderr: \(clean.stderr)")
    let recorded = CommandRunner.repositoryRoot.appendingPathComponent(track)
    #expect(try GoldenCopy.identical(copy.url(track), recorded))
  }

  @Test func checkOutRefusesAnUnrelatedFolderNamedLikeATrack() throws {
    let copy = try GoldenCopy()
    try write("mine", copy.url("fresh/walk-with-long-stop/notes.txt"))
    let result = try copy.run(["check", "Samples/expected", "--out", "fresh", "-q"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("fresh/walk-with-long-stop: error: "), "stderr: \(result.stderr)")
    #expect(read(copy.url("fresh/walk-with-long-stop/notes.txt")) == "mine")
  }

  // MARK: - live

  @Test(.enabled(if: LiveTestServer.unavailable == nil, LiveTestServer.skipReason))
  func liveRefusesAnUnrelatedFolderNamedLikeItsOutputBeforeSendingAnything() throws {
    let server = try LiveTestServer(script: [])
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write("mine", folder.appendingPathComponent("out/drive-speed-changes/notes.txt"))
    let result = try CommandRunner.run(
      ["live", Self.drive.path, "--url", server.url, "--out", "out", "-q"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("out/drive-speed-changes: error: "), "stderr: \(result.stderr)")
    #expect(read(folder.appendingPathComponent("out/drive-speed-changes/notes.txt")) == "mine")
    #expect(try server.requests().isEmpty)
  }
}
