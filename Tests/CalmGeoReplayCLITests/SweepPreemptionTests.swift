import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `sweep --resume` under preemption: resumed sweeps are killed at seeded random moments
/// with SIGKILL, a double SIGINT (a second Ctrl-C), SIGTERM or one SIGINT, and after each
/// kill the rows a later `--resume` can restore are counted. They never decrease, and a
/// last full `--resume` writes the bytes of an uninterrupted run.
///
/// The grid is the three `Samples/*.csv` × 16 configurations = 48 rows, one job.
struct SweepPreemptionTests {
  static let rows = 48

  static let spec = """
    tracks: ["\(SweepCommandTests.samples)/*.csv"]
    base: \(SweepCommandTests.samples)/config.json
    vary:
      distanceFilter: [5, 10, 16, 30]
      syncThreshold: [5, 12, 20, 50]
    objectives:
      - min energy.percentPerHour
      - max engine.keptRatio
    constraints: ["accounting.emitted >= 20"]
    """

  /// How a run is stopped.
  enum Stop: CaseIterable, CustomStringConvertible {
    case kill, doubleInterrupt, terminate, interrupt
    var description: String {
      switch self {
      case .kill: "SIGKILL"
      case .doubleInterrupt: "SIGINT twice"
      case .terminate: "SIGTERM"
      case .interrupt: "SIGINT"
      }
    }
  }

  @Test func durableRowsNeverDecreaseUnderRandomKillsAndAFullResumeMatchesOneRun() throws {
    let folder = try SweepCommandTests.folder(spec: Self.spec)
    defer { try? FileManager.default.removeItem(at: folder) }
    let started = Date()
    let whole = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "whole", "-j", "1", "-q"], in: folder)
    try #require(whole.status == 0, "\(whole.stderr)")
    // Kill moments spread over about one uninterrupted run (process start included).
    let span = max(0.3, Date().timeIntervalSince(started))
    var random = KillRandom(seed: 23)
    var durable = 0
    var complete = 0
    var history: [String] = []
    for attempt in 0..<30 {
      // The first run of each round starts afresh; the others resume it.
      let resume = durable > 0 || attempt > 0
      let stop = Stop.allCases[Int(random.next() % 4)]
      // Half the stops count from the moment the run says what it resumed (the rows are
      // being computed), the others from its start.
      let afterResuming = random.next() % 2 == 0
      let delay = span * Double(random.next() % 1000) / (afterResuming ? 2000 : 1000)
      let (status, restored) = try Self.runStopped(
        resume: resume, stop: stop, after: delay, in: folder,
        waitForResuming: afterResuming)
      let now = try Self.durableRows(in: folder)
      let moment = "\(Int(delay * 1000)) ms after \(afterResuming ? "resuming" : "start")"
      history.append(
        "\(attempt): \(stop) \(moment): exit \(status), \(durable) -> \(now) rows"
          + (restored.map { ", \($0) restored" } ?? ""))
      // A resume that got as far as reading restored every durable row, no fewer.
      if let restored { #expect(restored == durable, "rows lost on resume:\n\(history.joined(separator: "\n"))") }
      #expect(now >= durable, "durable rows decreased:\n\(history.joined(separator: "\n"))")
      durable = now
      if now == Self.rows {
        // Every row is done: start a new round from nothing, so that kills land among rows.
        if status == 0 { complete += 1 }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".out.partial"))
        durable = 0
      }
    }
    let last = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "-j", "1", "-q", "--resume"], in: folder)
    #expect(last.status == 0, "\(last.stderr)")
    let expected = try SweepCommandTests.files(folder.appendingPathComponent("whole"))
    #expect(expected.count == 9)  // 8 outputs and the ownership marker
    #expect(
      try SweepCommandTests.files(folder.appendingPathComponent("out")) == expected,
      "\(history.joined(separator: "\n"))")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".out.partial").path))
    print("preemption: \(history.count) stops, \(complete) runs finished first:\n\(history.joined(separator: "\n"))")
  }

  /// A sweep resumed from a finished-but-interrupted `out/` and killed before it computes
  /// anything leaves the restored rows in its work folder, and the next `--resume` takes
  /// the union of both folders rather than the emptier one.
  @Test func aResumeKilledAtOnceKeepsTheRowsAndTheNextResumeUsesThem() throws {
    let folder = try SweepCommandTests.folder(spec: Self.spec)
    defer { try? FileManager.default.removeItem(at: folder) }
    let cut = try CommandRunner.run(
      ["sweep", "sweep.yaml", "-o", "out", "-j", "1", "--stop-after", "10", "-q"],
      in: folder)
    #expect(cut.status == 130)
    let kept = try Self.durableRows(in: folder)
    #expect(kept >= 10 && kept < Self.rows)
    // Kill the resumed run as soon as its work folder has rows (or at once).
    let (status, _) = try Self.runStopped(resume: true, stop: .kill, after: 0, in: folder, waitForWorkFolder: true)
    #expect(status == 128 + SIGKILL)
    let partial = folder.appendingPathComponent(".out.partial/results.ndjson")
    #expect(try Self.rowKeys(partial).count >= kept)
    #expect(try Self.durableRows(in: folder) >= kept)
    let resumed = try CommandRunner.run(["sweep", "sweep.yaml", "-o", "out", "-j", "1", "--resume"], in: folder)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let said = resumed.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(said.hasPrefix("out: resuming: "), "\(resumed.stderr)")
    #expect(!said.hasPrefix("out: resuming: 0 rows"), "\(resumed.stderr)")
  }

  /// Runs `sweep` (with `--resume`) into `out` and stops it `after` seconds with `stop`;
  /// returns its exit status (128 + the signal when killed by one) and how many rows it
  /// said it restored (`resuming: N rows already done`, 0 for `nothing to resume`), if
  /// it got that far.
  static func runStopped(
    resume: Bool, stop: Stop, after delay: Double, in folder: URL,
    waitForWorkFolder: Bool = false, waitForResuming: Bool = false
  ) throws
    -> (status: Int32, restored: Int?)
  {
    let log = folder.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let stderr = try FileHandle(forWritingTo: log)
    defer { try? stderr.close() }
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["sweep", "sweep.yaml", "-o", "out", "-j", "1"] + (resume ? ["--resume"] : [])
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    let pid = process.processIdentifier
    if waitForWorkFolder {
      let rows = folder.appendingPathComponent(".out.partial/results.ndjson").path
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline, !FileManager.default.fileExists(atPath: rows) { usleep(200) }
    }
    if waitForResuming {
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline {
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if said.contains("out: resuming: ") || said.contains("out: nothing to resume") { break }
        usleep(1000)
      }
    }
    usleep(useconds_t(delay * 1_000_000))
    switch stop {
    case .kill: kill(pid, SIGKILL)
    case .terminate: kill(pid, SIGTERM)
    case .interrupt: kill(pid, SIGINT)
    case .doubleInterrupt:
      kill(pid, SIGINT)
      usleep(20_000)
      kill(pid, SIGINT)
    }
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    let status = signalled ? 128 + process.terminationStatus : process.terminationStatus
    let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(at: log)
    if said.contains("out: nothing to resume: starting afresh\n") { return (status, 0) }
    guard let range = said.range(of: "out: resuming: ") else { return (status, nil) }
    return (status, Int(said[range.upperBound...].prefix { $0.isNumber }))
  }

  /// The rows a `--resume` can restore: the distinct (track, configuration) pairs of the
  /// whole lines of the work folder's and `out`'s `results.ndjson` (a cut last line is
  /// not a row).
  static func durableRows(in folder: URL) throws -> Int {
    try rowKeys(folder.appendingPathComponent(".out.partial/results.ndjson"))
      .union(rowKeys(folder.appendingPathComponent("out/results.ndjson"))).count
  }

  static func rowKeys(_ file: URL) throws -> Set<Int> {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    lines.removeLast()  // empty after the last newline, or a cut line
    var keys = Set<Int>()
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
      let track = try #require(object?["trackIndex"] as? Int)
      let configuration = try #require(object?["configIndex"] as? Int)
      keys.insert(track * 1000 + configuration)
    }
    return keys
  }
}

/// A small deterministic generator (SplitMix64) for the kill schedule, so a failing sequence of kills repeats.
struct KillRandom {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
    return z ^ (z >> 31)
  }
}
