import Foundation
import Testing

/// `live` against a real HTTP server on loopback: what the server receives, how its
/// answers drive CalmGeo's retries, and that the recorded answers replay byte for byte.
/// The drive sample sends 11 requests with every answer 200 (its golden folder).
@Suite(.serialized, .enabled(if: LiveTestServer.unavailable == nil, LiveTestServer.skipReason))
struct LiveCommandTests {
  static let root = CommandRunner.repositoryRoot
  static let sample = root.appendingPathComponent("Samples/drive-speed-changes.csv").path
  static let config = root.appendingPathComponent("Samples/config.json").path

  private func live(_ server: LiveTestServer, _ extra: [String], out: URL) throws -> CommandRunner.Result {
    try CommandRunner.run(["live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path] + extra)
  }

  private func json(_ url: URL) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
  }

  private func lines(_ url: URL) throws -> [[String: Any]] {
    try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")).map {
      try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] ?? [:]
    }
  }

  /// The ids of the records in a body.
  private func ids(_ body: Data) throws -> [String] {
    (try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  @Test(.timeLimit(.minutes(10)))
  func theServerReceivesTheSimulatedBodiesByteForByte() throws {
    let server = try LiveTestServer(script: [])
    let out = try CommandRunner.temporaryFolder()
    let result = try live(server, ["--speed", "max"], out: out)
    #expect(result.status == 0, "\(result.stderr)")
    // The plan comes first: where, and how many requests a simulated run sends.
    #expect(result.stderr.contains("live: drive-speed-changes: POST \(server.url)"))
    #expect(result.stderr.contains("a simulated run sends 11 requests"))
    // The simulated run with every answer 200 at once.
    let simulated = try CommandRunner.temporaryFolder()
    let replay = try CommandRunner.run([
      Self.sample, "-c", Self.config, "--set", "url=\(server.url)", "--latency", "0", "--failure-rate", "0",
      "--out", simulated.path, "--quiet",
    ])
    #expect(replay.status == 0, "\(replay.stderr)")
    let received = try server.requests()
    let expectedBodies = try (1...11).map {
      try Data(
        contentsOf: simulated.appendingPathComponent(String(format: "drive-speed-changes/uploads/%06d.json", $0)))
    }
    #expect(received.count == 11)
    #expect(received.map(\.bodyBytes) == expectedBodies)
    for request in received {
      #expect(request.method == "POST" && request.path == "/locations")
      #expect(request.header("Authorization") == "Bearer sample-token")
      #expect(request.header("Content-Type") == "application/json")
      #expect(request.header("Accept") == "application/json")
    }
    // The device folder holds what the simulated run wrote, but for the request log's
    // real latencies.
    let device = try SweepCommandTests.files(out.appendingPathComponent("drive-speed-changes/device-001"))
    let plain = try SweepCommandTests.files(simulated.appendingPathComponent("drive-speed-changes"))
    #expect(device.keys.sorted() == plain.keys.sorted())
    #expect(device["/locations.json"] == plain["/locations.json"])
    for (name, data) in plain where name.hasSuffix(".json") && name.hasPrefix("/uploads/") {
      #expect(device[name] == data)
    }
    let report = try json(out.appendingPathComponent("drive-speed-changes/live.json"))
    let total = report["total"] as? [String: Any] ?? [:]
    #expect(total["requests"] as? Int == 11)
    #expect(total["outcomes"] as? [String: Int] == ["200": 11])
    #expect(total["recordsLost"] as? Int == 0 && total["duplicatesSent"] as? Int == 0)
  }

  @Test(.timeLimit(.minutes(10)))
  func failuresRetryAndNothingIsLost() throws {
    // 500, 429, an answer slower than httpTimeout (1 s), a dropped connection, then 200.
    let server = try LiveTestServer(script: ["500", "429", "slow:1500", "drop"])
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let result = try live(
      server, ["--speed", "max", "--set", "httpTimeout=1000", "--record-network", network.path],
      out: out)
    #expect(result.status == 0, "\(result.stderr)")
    let folder = out.appendingPathComponent("drive-speed-changes/device-001")
    let log = try lines(folder.appendingPathComponent("uploads/requests.ndjson"))
    let received = try server.requests()
    #expect(received.count == log.count)
    #expect(received.prefix(4).map(\.action) == ["500", "429", "slow:1500", "drop"])
    // One request at a time here, so the request log (completion order) is the send order.
    #expect(log.prefix(4).map { "\($0["outcome"]!)" } == ["500", "429", "timeout", "error"])
    // A timeout lasts exactly httpTimeout (× 1 at max).
    #expect(log[2]["latencyMs"] as? Int == 1000)
    // Only 200 deletes: each failed request's records are sent again in the next one.
    for index in 0..<4 {
      let failed = Set(try ids(received[index].bodyBytes))
      #expect(failed.isSubset(of: Set(try ids(received[index + 1].bodyBytes))), "request \(index + 1)")
    }
    // Nothing lost: every emitted id reached the server in a request it answered 200.
    let emitted = try ids(Data(contentsOf: folder.appendingPathComponent("locations.json")))
    var delivered = Set<String>()
    for request in received where request.action == "200" { delivered.formUnion(try ids(request.bodyBytes)) }
    #expect(Set(emitted) == delivered)
    #expect(emitted.count == 113)
    let stats = try json(folder.appendingPathComponent("stats.json"))
    let uploads = stats["uploads"] as? [String: Any] ?? [:]
    #expect(uploads["failed"] as? Int == 3 && uploads["timeouts"] as? Int == 1)
    // The recorded answers replay the run byte for byte (`replay --network`: device 1).
    let replayed = try CommandRunner.temporaryFolder()
    let replay = try CommandRunner.run([
      Self.sample, "-c", Self.config, "--set", "url=\(server.url)", "--set", "httpTimeout=1000",
      "--network", network.path, "--out", replayed.path, "--quiet",
    ])
    #expect(replay.status == 0 && replay.stderr.isEmpty, "\(replay.stderr)")
    let replayedFiles = try SweepCommandTests.files(replayed.appendingPathComponent("drive-speed-changes"))
    #expect(try replayedFiles == SweepCommandTests.files(folder))
  }

  @Test(.timeLimit(.minutes(10)))
  func aPacedFleetWithSlowAnswersReplaysByteForByte() throws {
    // 3 phones at speed 400 (the 23-minute drive in about 3.5 s of wall time); every
    // answer takes 25 ms, i.e. 10 virtual seconds: requests stay in flight while later
    // syncs start, so records are sent twice.
    let server = try LiveTestServer(script: [], fallback: "slow:25")
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let fleet = ["--speed", "400", "--devices", "3", "--device-spread", "30", "--jitter", "2"]
    let result = try live(server, fleet + ["--record-network", network.path, "--quiet"], out: out)
    #expect(result.status == 0, "\(result.stderr)")
    let report = try json(out.appendingPathComponent("drive-speed-changes/live.json"))
    let total = report["total"] as? [String: Any] ?? [:]
    let perDevice = report["perDevice"] as? [[String: Any]] ?? []
    #expect(perDevice.count == 3)
    #expect(try server.requests().count == total["requests"] as? Int)
    #expect((total["duplicatesSent"] as? Int ?? 0) > 0)
    #expect(total["recordsLost"] as? Int == 0)
    // Distinct phones: their first location ids differ.
    let firstIDs = try (1...3).map { number in
      try ids(
        Data(
          contentsOf: out.appendingPathComponent(
            String(format: "drive-speed-changes/device-%03d/locations.json", number)))
      ).first ?? ""
    }
    #expect(Set(firstIDs).count == 3)
    // The whole fleet again from the recording, nothing sent: the same files, byte for byte.
    let before = try server.requests().count
    let replayed = try CommandRunner.temporaryFolder()
    let again = try CommandRunner.run(
      [
        "live", Self.sample, "-c", Self.config, "--url", server.url, "--out", replayed.path,
        "--network", network.path, "--quiet",
      ] + fleet)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try server.requests().count == before)
    let recordedFiles = try SweepCommandTests.files(out).filter { !$0.key.hasSuffix("network.ndjson") }
    #expect(try SweepCommandTests.files(replayed) == recordedFiles)
  }

  @Test func safetyChecksComeBeforeAnythingIsSent() throws {
    let out = try CommandRunner.temporaryFolder()
    let insecure = try CommandRunner.run([
      "live", Self.sample, "-c", Self.config, "--url", "http://ingest.example.com/x",
      "--out", out.path,
    ])
    #expect(insecure.status == 64)
    #expect(insecure.stderr.contains("refusing plain http to 'ingest.example.com'"))
    #expect(insecure.stderr.contains("--allow-insecure"))
    let scheme = try CommandRunner.run(["live", Self.sample, "--url", "ftp://127.0.0.1/x", "--out", out.path])
    #expect(scheme.status == 64 && scheme.stderr.contains("http or https"))
    // A dry run prints the plan and sends nothing.
    let server = try LiveTestServer(script: [])
    let dry = try live(server, ["--dry-run", "--devices", "4"], out: out)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stderr.contains("4 devices at speed 1; a simulated run sends"))
    #expect(try server.requests().isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }

  @Test(.timeLimit(.minutes(10)))
  func aRedirectToAnotherHostIsNotFollowed() throws {
    let server = try LiveTestServer(script: ["redirect:http://127.0.0.2:9/elsewhere"])
    let out = try CommandRunner.temporaryFolder()
    let result = try live(server, ["--speed", "max", "--quiet"], out: out)
    #expect(result.status == 0, "\(result.stderr)")
    let log = try lines(out.appendingPathComponent("drive-speed-changes/device-001/uploads/requests.ndjson"))
    #expect(log.first?["outcome"] as? Int == 302)
    #expect(try server.requests().count == log.count)
  }

  @Test(.timeLimit(.minutes(10)))
  func ctrlCEndsTheRunAndStillWritesTheOutputs() throws {
    // At speed 1 the drive would take 23 minutes; interrupt once the first request is in.
    let server = try LiveTestServer(script: [])
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = [
      "live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path, "--speed", "1",
      "--record-network", network.path, "--quiet",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(20)
    while try server.requests().isEmpty && Date() < deadline { usleep(50_000) }
    #expect(try !server.requests().isEmpty)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let report = try json(out.appendingPathComponent("drive-speed-changes/live.json"))
    let total = report["total"] as? [String: Any] ?? [:]
    // The log ended early: fewer than the 11 requests of the whole drive, each answered.
    #expect((total["requests"] as? Int ?? 0) >= 1 && (total["requests"] as? Int ?? 99) < 11)
    #expect(try server.requests().count == total["requests"] as? Int)
    #expect(FileManager.default.fileExists(atPath: network.path))
  }
}
