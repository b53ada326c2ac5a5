import Foundation
import Testing

/// A planted token never leaves the config: every command that reads it (replay with all
/// outputs, check, compare, sweep, resume, merge, keep-best, live and its recording,
/// error paths) is run, and every file it wrote and everything it printed is searched
/// for the token.
@Suite(.serialized)
struct SecretLeakTests {
  /// Distinctive, so that a hit can only be the planted token.
  static let token = "PLANTED-SECRET-q7Zt91x"
  /// A second token: a golden folder's rotated one.
  static let otherToken = "PLANTED-ROTATED-k2Vw55y"
  static let samples = CommandRunner.repositoryRoot.appendingPathComponent("Samples")

  /// A work folder: `in/` holds the inputs that legitimately carry the token (configs,
  /// specs); everything else is output and is searched.
  final class Workspace {
    let root: URL
    var printed: [(label: String, text: String)] = []

    init() throws {
      root = try CommandRunner.temporaryFolder()
      let inputs = root.appendingPathComponent("in")
      try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
      for name in ["walk-with-long-stop.csv", "drive-speed-changes.csv", "home-office.geofences.yaml"] {
        try FileManager.default.copyItem(
          at: SecretLeakTests.samples.appendingPathComponent(name),
          to: inputs.appendingPathComponent(name))
      }
      try write(config(token: SecretLeakTests.token), to: "in/cfg.json")
      try write(
        """
        calls:
          - call: start
            at: "+0s"
          - call: restart
            at: "+5m"
            config: {token: "\(SecretLeakTests.token)-scenario", syncThreshold: 5}
        """, to: "in/scenario.yaml")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func config(token: String, url: String = "https://api.example.test/v1/locations") -> String {
      """
      {
        "url": "\(url)",
        "token": "\(token)",
        "autoSync": true,
        "syncThreshold": 12,
        "maxBatchSize": 50,
        "replay": { "seed": 1, "finalSync": true, "network": { "latencyMs": [80, 400], "failureRate": 0.2 } }
      }
      """
    }

    func text(_ path: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
      try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// Runs the tool in the work folder and keeps what it printed.
    @discardableResult
    func run(
      _ label: String, _ arguments: [String],
      environment: [String: String] = [:]
    ) throws -> CommandRunner.Result {
      let result = try CommandRunner.run(arguments, in: root, environment: environment)
      printed.append(("\(label) stdout", result.stdout))
      printed.append(("\(label) stderr", result.stderr))
      return result
    }

    /// Every output file (outside `in/`), by path relative to the work folder.
    func outputFiles() -> [String: Data] {
      var result: [String: Data] = [:]
      guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [:] }
      for case let path as String in walker where !path.hasPrefix("in/") && path != "in" {
        var isFolder: ObjCBool = false
        let full = root.appendingPathComponent(path).path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
          result[path] = FileManager.default.contents(atPath: full)
        }
      }
      return result
    }

    /// The places (printed streams and files) holding any of `secrets`.
    func leaks(of secrets: [String] = [SecretLeakTests.token, SecretLeakTests.otherToken]) -> [String] {
      var found: [String] = []
      for (label, text) in printed where secrets.contains(where: { text.contains($0) }) { found.append(label) }
      for (path, data) in outputFiles().sorted(by: { $0.key < $1.key }) {
        let text = String(decoding: data, as: UTF8.self)
        if secrets.contains(where: { text.contains($0) }) { found.append(path) }
      }
      return found
    }
  }

  @Test func replayWithEveryOutputWritesNoToken() throws {
    let work = try Workspace()
    let replay = try work.run(
      "replay",
      [
        "in/walk-with-long-stop.csv", "-c", "in/cfg.json", "--out", "out", "--report", "html", "--trace",
        "--export", "gpx,geojson", "--export-raw", "--geofences", "in/home-office.geofences.yaml",
      ])
    #expect(replay.status == 0, "\(replay.stderr)")
    let ndjson = try work.run(
      "replay --ndjson",
      [
        "in/walk-with-long-stop.csv", "in/drive-speed-changes.csv", "-c", "in/cfg.json", "--out", "nd", "--ndjson",
        "--scenario", "in/scenario.yaml",
      ])
    #expect(ndjson.status == 0, "\(ndjson.stderr)")
    let set = try work.run(
      "replay --set",
      [
        "in/walk-with-long-stop.csv", "-c", "in/cfg.json", "--set", "token=\(Self.otherToken)", "--out", "set",
      ])
    #expect(set.status == 0, "\(set.stderr)")
    // Credentials in the url's user info become a Basic Authorization header when sent.
    let userInfo = try work.run(
      "replay url user info",
      [
        "in/walk-with-long-stop.csv", "-c", "in/cfg.json", "--set",
        "url=https://robot:\(Self.token)@api.example.test/v1",
        "--out", "userinfo",
      ])
    #expect(userInfo.status == 0, "\(userInfo.stderr)")
    let badURL = try work.run(
      "replay bad url",
      [
        "in/walk-with-long-stop.csv", "-c", "in/cfg.json", "--set", "url=ftp://robot:\(Self.token)@api.example.test/v1",
        "--out", "bad",
      ])
    #expect(badURL.status == 64, "\(badURL.stderr)")
    // `out` monitored geofences and `set` did not: their stats differ (exit 1).
    let compare = try work.run("compare", ["compare", "out/walk-with-long-stop", "set/walk-with-long-stop"])
    #expect(compare.status == 1, "\(compare.stderr)")
    try work.run("fixes", ["fixes", "in/walk-with-long-stop.csv"])
    // The requests were written, with the scheme kept and the credentials redacted.
    let requests = try work.text("out/walk-with-long-stop/uploads/requests.ndjson")
    #expect(requests.contains(#""Authorization":"Bearer (redacted)""#))
    let stats = try work.text("userinfo/walk-with-long-stop/stats.json")
    #expect(stats.contains(#""url": "https://(redacted)@api.example.test/v1""#))
    #expect(work.leaks() == [])
  }

  @Test func checkInitCheckAndUpdateNeverShowTheToken() throws {
    let work = try Workspace()
    let initial = try work.run(
      "check --init",
      [
        "check", "--init", "gold", "--config", "in/cfg.json", "in/walk-with-long-stop.csv",
      ])
    #expect(initial.status == 0, "\(initial.stderr)")
    let same = try work.run("check", ["check", "gold"])
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
    // A golden folder recorded before redaction holds its token in clear: check says the
    // header differs without showing either value, and --update leaves no token behind.
    let log = work.root.appendingPathComponent("gold/walk-with-long-stop/uploads/requests.ndjson")
    let redacted = try String(contentsOf: log, encoding: .utf8)
    try redacted.replacingOccurrences(of: "Bearer (redacted)", with: "Bearer \(Self.otherToken)")
      .write(to: log, atomically: true, encoding: .utf8)
    let differs = try work.run("check (old golden)", ["check", "gold", "--out", "kept"])
    #expect(differs.status == 3, "\(differs.stdout)\(differs.stderr)")
    #expect(differs.stdout.contains("Authorization header differs (values not shown)"))
    let update = try work.run("check --update", ["check", "--update", "gold"])
    #expect(update.status == 0, "\(update.stderr)")
    #expect(try String(contentsOf: log, encoding: .utf8) == redacted)
    // A rotated token is not a change of behaviour.
    try work.write(work.config(token: Self.otherToken), to: "in/cfg.json")
    let rotated = try work.run("check (rotated)", ["check", "gold"])
    #expect(rotated.status == 0, "\(rotated.stdout)\(rotated.stderr)")
    #expect(work.leaks() == [])
  }

  @Test func checkInEveryFormatNamesADifferingTokenWithoutShowingIt() throws {
    let work = try Workspace()
    let initial = try work.run(
      "check --init",
      [
        "check", "--init", "gold", "--config", "in/cfg.json", "in/walk-with-long-stop.csv",
      ])
    #expect(initial.status == 0, "\(initial.stderr)")
    // A golden folder recorded before redaction: the stored request log holds a token.
    let log = work.root.appendingPathComponent("gold/walk-with-long-stop/uploads/requests.ndjson")
    let redacted = try String(contentsOf: log, encoding: .utf8)
    try redacted.replacingOccurrences(of: "Bearer (redacted)", with: "Bearer \(Self.otherToken)")
      .write(to: log, atomically: true, encoding: .utf8)
    for format in ["json", "junit", "github", "markdown"] {
      let environment = ["GITHUB_STEP_SUMMARY": work.root.appendingPathComponent("summary-\(format).md").path]
      let result = try work.run(
        "check --format \(format)", ["check", "gold", "--format", format],
        environment: environment)
      #expect(result.status == 3, "\(format): \(result.stderr)")
      #expect(result.stdout.contains("Authorization header differs (values not shown)"), "\(format)")
    }
    #expect(FileManager.default.fileExists(atPath: work.root.appendingPathComponent("summary-github.md").path))
    // Only the stored log planted above holds a token.
    #expect(work.leaks() == ["gold/walk-with-long-stop/uploads/requests.ndjson"])
  }

  @Test func sweepInEveryFormatWritesNoToken() throws {
    let work = try Workspace()
    try work.write(
      """
      tracks: [walk-with-long-stop.csv]
      base: cfg.json
      vary:
        distanceFilter: [10, 30]
        token: ["\(Self.token)", "\(Self.otherToken)"]
      objectives: [min uploads.requests]
      constraints: ["accounting.emitted >= 100000"]
      """, to: "in/sweep.yaml")
    for format in ["json", "junit", "github", "markdown"] {
      let environment = ["GITHUB_STEP_SUMMARY": work.root.appendingPathComponent("summary-\(format).md").path]
      let sweep = try work.run(
        "sweep --format \(format)",
        ["sweep", "in/sweep.yaml", "--out", "sweep-\(format)", "-j", "1", "--format", format],
        environment: environment)
      #expect(sweep.status == 2, "\(format): \(sweep.stderr)")
      #expect(sweep.stdout.contains("(redacted)") || format == "junit", "\(format): \(sweep.stdout)")
    }
    #expect(work.leaks() == [])
  }

  @Test func sweepResumeMergeAndKeepBestWriteNoToken() throws {
    let work = try Workspace()
    try work.write(
      """
      tracks: [walk-with-long-stop.csv, drive-speed-changes.csv]
      base: cfg.json
      vary:
        distanceFilter: [10, 30]
        token: ["\(Self.token)", "\(Self.otherToken)"]
      objectives: [min uploads.requests]
      """, to: "in/sweep.yaml")
    let sweep = try work.run("sweep", ["sweep", "in/sweep.yaml", "--out", "sweep", "--keep-best", "1", "-j", "1"])
    #expect(sweep.status == 0, "\(sweep.stderr)")
    // Three rows, then a resumed run for the rest.
    try work.run("sweep --stop-after", ["sweep", "in/sweep.yaml", "--out", "resumed", "--stop-after", "3", "-j", "1"])
    let resumed = try work.run("sweep --resume", ["sweep", "in/sweep.yaml", "--out", "resumed", "--resume", "-j", "1"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    for shard in ["1/2", "2/2"] {
      let part = try work.run(
        "sweep --shard \(shard)",
        [
          "sweep", "in/sweep.yaml", "--out", "shard-\(shard.prefix(1))", "--shard", shard, "-j", "1",
        ])
      #expect(part.status == 0, "\(part.stderr)")
    }
    let merge = try work.run("merge", ["merge", "shard-1", "shard-2", "--out", "merged"])
    #expect(merge.status == 0, "\(merge.stderr)")
    // The merged and resumed folders match the single run (the redaction is stable).
    let single = try work.text("sweep/results.csv")
    #expect(try work.text("merged/results.csv") == single)
    #expect(try work.text("resumed/results.csv") == single)
    let recommended = try work.text("sweep/recommended.json")
    #expect(recommended.contains(#""token": "(redacted)""#))
    #expect(work.leaks() == [])
  }

  @Test func errorsNearTheTokenDoNotQuoteIt() throws {
    let work = try Workspace()
    try work.write(#"{"url": "https://a.test/l", "token": "\#(Self.token)" "autoSync": true}"#, to: "in/syntax.json")
    try work.write(#"{"url": "https://a.test/l", "token": ["\#(Self.token)"]}"#, to: "in/type.json")
    try work.write(#"{"url": "https://a.test/l", "tokn": "\#(Self.token)"}"#, to: "in/unknown.json")
    for name in ["syntax", "type", "unknown"] {
      let result = try work.run(
        "config \(name)",
        [
          "in/walk-with-long-stop.csv", "-c", "in/\(name).json", "--out", "bad",
        ])
      #expect(result.status == 64, "\(name): \(result.stderr)")
    }
    let arguments: [[String]] = [
      ["--set", "token=[\"\(Self.token)\"]"],
      ["--set", "token.\(Self.token)=1"],
      ["--set", "tokn=\(Self.token)"],
      ["--set", "token=\(Self.token)", "--set", "distanceFilter=-3"],
    ]
    for (index, extra) in arguments.enumerated() {
      let result = try work.run(
        "--set \(index)",
        [
          "in/walk-with-long-stop.csv", "-c", "in/cfg.json", "--out", "bad",
        ] + extra)
      #expect(result.status == 64, "\(extra): \(result.stderr)")
    }
    #expect(work.leaks() == [])
  }

  @Test(.enabled(if: LiveTestServer.unavailable == nil, LiveTestServer.skipReason), .timeLimit(.minutes(10)))
  func liveAndItsRecordingWriteNoToken() throws {
    let server = try LiveTestServer(script: ["500", "drop"])
    let work = try Workspace()
    try work.write(work.config(token: Self.token, url: server.url), to: "in/live.json")
    let live = try work.run(
      "live",
      [
        "live", "in/drive-speed-changes.csv", "-c", "in/live.json", "--speed", "max", "--out", "live",
        "--set", "httpTimeout=1000", "--record-network", "network.ndjson",
      ])
    #expect(live.status == 0, "\(live.stderr)")
    // The server did receive the token: only what the tool writes is redacted.
    #expect(try server.requests().first?.header("Authorization") == "Bearer \(Self.token)")
    let replayed = try work.run(
      "live --network",
      [
        "live", "in/drive-speed-changes.csv", "-c", "in/live.json", "--speed", "max", "--out", "replayed",
        "--set", "httpTimeout=1000", "--network", "network.ndjson",
      ])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let offline = try work.run(
      "replay --network",
      [
        "in/drive-speed-changes.csv", "-c", "in/live.json", "--set", "httpTimeout=1000", "--network", "network.ndjson",
        "--out", "offline",
      ])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(work.leaks() == [])
  }

  /// A config written by the tool (`recommended.json`) holds the marker, not a token:
  /// `live` refuses to send it rather than authenticate as `Bearer (redacted)`.
  @Test(.enabled(if: LiveTestServer.unavailable == nil, LiveTestServer.skipReason), .timeLimit(.minutes(10)))
  func liveRefusesToSendTheRedactionMarker() throws {
    let server = try LiveTestServer(script: [])
    let work = try Workspace()
    try work.write(work.config(token: "(redacted)", url: server.url), to: "in/recommended.json")
    let live = try work.run(
      "live (marker)",
      [
        "live", "in/drive-speed-changes.csv", "-c", "in/recommended.json", "--speed", "max", "--out", "live",
      ])
    #expect(live.status == 64, "\(live.stderr)")
    #expect(
      live.stderr.contains("'token' holds \"(redacted)\", the placeholder calmgeo-replay writes in place of a secret"))
    let userInfo = try work.run(
      "live (marker in url)",
      [
        "live", "in/drive-speed-changes.csv", "-c", "in/cfg.json", "--speed", "max", "--out", "live",
        "--url", server.url.replacingOccurrences(of: "http://", with: "http://(redacted)@"),
      ])
    #expect(userInfo.status == 64, "\(userInfo.stderr)")
    #expect(try server.requests().isEmpty)
  }
}
