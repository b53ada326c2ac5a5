import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `live` against servers that misbehave (`FaultyServer`), a port where nothing listens and
/// an interrupt: every fault is an `error` or `timeout` outcome, never a crash; the run
/// ends in bounded time with flat memory and writes its outputs and recording.
///
/// One request per run (autoSync off, the final sync sends every record in one chunk),
/// so that each fault is met exactly once.
@Suite(.serialized, .enabled(if: LiveTestServer.unavailable == nil, LiveTestServer.skipReason))
struct LiveFaultTests {
  static let sample = LiveCommandTests.sample
  static let config = LiveCommandTests.config
  /// httpTimeout 1 s: a fault must end well within the run's 30 s bound.
  static let oneRequest = [
    "--speed", "max", "--set", "autoSync=false", "--set", "maxBatchSize=1000", "--final-sync",
    "--set", "httpTimeout=1000", "--quiet",
  ]

  private func lines(_ url: URL) throws -> [[String: Any]] {
    try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")).map {
      try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] ?? [:]
    }
  }

  private func outcomes(_ url: URL) throws -> [String] {
    try lines(url).map { "\($0["outcome"] ?? "none")" }
  }

  /// The fault, and the outcome its one request must have.
  static let faults: [(mode: String, outcome: String)] = [
    ("hang", "timeout"), ("slowloris", "timeout"), ("status-line-close", "error"), ("midheader-close", "error"),
    ("endless-chunks", "error"), ("big-body", "error"), ("redirect-loop", "error"), ("garbage", "error"),
    ("reset", "error"),
  ]

  @Test(.timeLimit(.minutes(10)), arguments: faults.map(\.mode))
  func aFaultIsAnErrorOrATimeoutNeverACrash(mode: String) throws {
    let expected = Self.faults.first { $0.mode == mode }?.outcome ?? "?"
    let server = try FaultyServer(mode: mode)
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let run = try BoundedRun.run(
      [
        "live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path,
        "--record-network", network.path,
      ] + Self.oneRequest, seconds: 30)
    #expect(run.finished, "\(mode): still running after 30 s (httpTimeout is 1 s)")
    // No answer at all: a clear message and exit 69, not a crash (132) and not 0.
    #expect(run.status == 69, "\(mode): exit \(run.status): \(run.stderr)")
    #expect(run.stderr.contains("no request got an answer"), "\(mode): \(run.stderr)")
    // Flat memory: a 1 GiB or endless body is read up to a small bound and discarded.
    #expect(run.peakKiB < 200 * 1024, "\(mode): peak resident memory \(run.peakKiB) KiB")
    // One request; a redirect loop is followed 5 times, then given up.
    #expect(server.requestCount() == (mode == "redirect-loop" ? 6 : 1), "\(mode): \(server.requestCount()) requests")
    let folder = out.appendingPathComponent("drive-speed-changes")
    #expect(try outcomes(folder.appendingPathComponent("device-001/uploads/requests.ndjson")) == [expected], "\(mode)")
    #expect(try outcomes(network) == [expected], "\(mode)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("live.json").path), "\(mode)")
  }

  @Test(.timeLimit(.minutes(10)))
  func theHeadersSentAreTheRequestsPlusHostAndContentLengthOnly() throws {
    let server = try LiveTestServer(script: [])
    let out = try CommandRunner.temporaryFolder()
    let run = try BoundedRun.run(
      ["live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path] + Self.oneRequest, seconds: 30)
    #expect(run.finished && run.status == 0, "exit \(run.status): \(run.stderr)")
    let received = try server.requests()
    #expect(received.count == 1)
    for request in received {
      // CalmGeo's three headers in their order, then only what HTTP/1.1 needs to frame it.
      let names = request.headers.map { $0[0].lowercased() }
      #expect(
        names.filter { !["host", "content-length"].contains($0) } == ["content-type", "accept", "authorization"],
        "\(names)")
      #expect(Set(names) == ["content-type", "accept", "authorization", "host", "content-length"], "\(names)")
      #expect(request.header("Host") == "127.0.0.1:\(server.port)")
      #expect(request.header("Content-Length") == String(request.bodyBytes.count))
    }
  }

  @Test(.timeLimit(.minutes(10)))
  func aSameOrigin307IsFollowedWithItsMethodAndBody() throws {
    let server = try FaultyServer(mode: "redirect-once")
    let out = try CommandRunner.temporaryFolder()
    let run = try BoundedRun.run(
      ["live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path] + Self.oneRequest, seconds: 30)
    #expect(run.finished && run.status == 0, "exit \(run.status): \(run.stderr)")
    let requests = server.requests()
    #expect(requests.map(\.line) == ["POST /locations HTTP/1.1", "POST /locations?hop=1 HTTP/1.1"])
    #expect(requests.count == 2 && requests[0].bytes > 0 && requests[0].bytes == requests[1].bytes)
    #expect(
      try outcomes(out.appendingPathComponent("drive-speed-changes/device-001/uploads/requests.ndjson"))
        == ["200"])
    // --no-redirects: the 307 is the answer.
    let never = try CommandRunner.temporaryFolder()
    let plain = try BoundedRun.run(
      ["live", Self.sample, "-c", Self.config, "--url", server.url, "--out", never.path, "--no-redirects"]
        + Self.oneRequest, seconds: 30)
    #expect(plain.finished && plain.status == 0, "exit \(plain.status): \(plain.stderr)")
    #expect(
      try outcomes(never.appendingPathComponent("drive-speed-changes/device-001/uploads/requests.ndjson"))
        == ["307"])
  }

  @Test(.timeLimit(.minutes(10)))
  func aRecordedStatus999ReplaysByteForByte() throws {
    let server = try FaultyServer(mode: "status999")
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let options = ["--speed", "max", "--set", "httpTimeout=1000", "--quiet"]
    let run = try BoundedRun.run(
      [
        "live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path, "--record-network",
        network.path,
      ]
        + options, seconds: 30)
    #expect(run.finished && run.status == 0, "exit \(run.status): \(run.stderr)")
    let recorded = try outcomes(network)
    #expect(!recorded.isEmpty && recorded.allSatisfy { $0 == "999" }, "\(recorded)")
    // The same run from the recording, nothing sent: the same files, byte for byte.
    let before = server.requestCount()
    let replayed = try CommandRunner.temporaryFolder()
    let again = try BoundedRun.run(
      ["live", Self.sample, "-c", Self.config, "--url", server.url, "--out", replayed.path, "--network", network.path]
        + options, seconds: 30)
    #expect(again.finished && again.status == 0, "exit \(again.status): \(again.stderr)")
    #expect(server.requestCount() == before)
    let recordedFiles = try SweepCommandTests.files(out).filter { !$0.key.hasSuffix("network.ndjson") }
    #expect(try SweepCommandTests.files(replayed) == recordedFiles)
  }

  /// A port on 127.0.0.1 where nothing listens (bound, then closed).
  private func closedPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test(.timeLimit(.minutes(10)))
  func nothingListeningEndsWithAClearMessageAndExit69() throws {
    let out = try CommandRunner.temporaryFolder()
    let network = out.appendingPathComponent("network.ndjson")
    let url = "http://127.0.0.1:\(try closedPort())/locations"
    let run = try BoundedRun.run(
      [
        "live", Self.sample, "-c", Self.config, "--url", url, "--out", out.path, "--record-network", network.path,
        "--speed", "max", "--quiet",
      ], seconds: 30)
    #expect(run.finished && run.status == 69, "exit \(run.status): \(run.stderr)")
    #expect(run.stderr.contains("no request got an answer from \(url)"), "\(run.stderr)")
    // The outputs and the recording are written all the same: every request an error.
    let recorded = try outcomes(network)
    #expect(!recorded.isEmpty && recorded.allSatisfy { $0 == "error" }, "\(recorded)")
    #expect(
      FileManager.default.fileExists(
        atPath: out.appendingPathComponent("drive-speed-changes/live.json").path))
  }

  @Test(.timeLimit(.minutes(10)))
  func ctrlCWithFinalSyncNeverSendsARecordTwice() throws {
    // The first request is answered after 3 s; Ctrl-C while it is in flight. The final
    // sync (on in the sample config) must not send its records again.
    let server = try LiveTestServer(script: ["slow:3000"])
    let out = try CommandRunner.temporaryFolder()
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = [
      "live", Self.sample, "-c", Self.config, "--url", server.url, "--out", out.path, "--speed", "1",
      "--final-sync", "--quiet",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let deadline = Date().addingTimeInterval(20)
    while try server.requests().isEmpty && Date() < deadline { usleep(50_000) }
    #expect(try server.requests().count == 1)
    kill(process.processIdentifier, SIGINT)
    let ends = Date().addingTimeInterval(20)
    while process.isRunning && Date() < ends { usleep(50_000) }
    #expect(!process.isRunning, "still running 20 s after Ctrl-C")
    guard !process.isRunning else { return }
    #expect(process.terminationStatus == 130)
    var seen: [String: Int] = [:]
    for request in try server.requests() {
      let records = try JSONSerialization.jsonObject(with: request.bodyBytes) as? [[String: Any]] ?? []
      for id in records.compactMap({ $0["id"] as? String }) { seen[id, default: 0] += 1 }
    }
    #expect(!seen.isEmpty)
    #expect(seen.filter { $0.value > 1 }.isEmpty, "sent twice: \(seen.filter { $0.value > 1 }.keys.sorted())")
    // live.json counts the requests sent: the final sync's, made after the interrupt, is not one.
    let report =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("drive-speed-changes/live.json"))) as? [String: Any]
    let total = report?["total"] as? [String: Any] ?? [:]
    #expect(total["requests"] as? Int == (try server.requests().count))
  }

  /// Whether `host` resolves, on this machine, to loopback addresses only.
  private func resolvesToLoopbackOnly(_ host: String) -> Bool {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0 else { return false }
    defer { freeaddrinfo(list) }
    var cursor = list
    var any = false
    while let entry = cursor?.pointee {
      any = true
      if let address = entry.ai_addr {
        if address.pointee.sa_family == sa_family_t(AF_INET) {
          let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
          if UInt32(bigEndian: v4) >> 24 != 127 { return false }
        } else if address.pointee.sa_family == sa_family_t(AF_INET6) {
          var bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
          var loopback = in6addr_loopback
          if memcmp(&bytes, &loopback, MemoryLayout<in6_addr>.size) != 0 { return false }
        }
      }
      cursor = entry.ai_next
    }
    return any
  }

  @Test func plainHTTPToANameIsCheckedOnItsResolvedAddress() throws {
    let out = try CommandRunner.temporaryFolder()
    // `foo.localhost` is loopback by its text only: it counts only if it resolves there.
    let run = try CommandRunner.run([
      "live", Self.sample, "-c", Self.config, "--url", "http://foo.localhost:8080/x",
      "--out", out.path, "--dry-run",
    ])
    if resolvesToLoopbackOnly("foo.localhost") {
      #expect(run.status == 0, "\(run.stderr)")
    } else {
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.contains("refusing plain http to 'foo.localhost'"), "\(run.stderr)")
    }
    // `localhost` resolves to loopback (/etc/hosts): allowed.
    let local = try CommandRunner.run([
      "live", Self.sample, "-c", Self.config, "--url", "http://localhost:8080/x",
      "--out", out.path, "--dry-run",
    ])
    #expect(local.status == (resolvesToLoopbackOnly("localhost") ? 0 : 64), "\(local.stderr)")
    // A request by name goes to the address checked, and the Host header keeps the name.
    guard resolvesToLoopbackOnly("localhost") else { return }
    let server = try LiveTestServer(script: [])
    let byName = try BoundedRun.run(
      ["live", Self.sample, "-c", Self.config, "--url", "http://localhost:\(server.port)/locations", "--out", out.path]
        + Self.oneRequest, seconds: 30)
    #expect(byName.finished && byName.status == 0, "exit \(byName.status): \(byName.stderr)")
    #expect(try server.requests().map { $0.header("Host") } == ["localhost:\(server.port)"])
  }

  @Test func hugeSpreadsAndSpeedsAreRefusedWithAReason() throws {
    let out = try CommandRunner.temporaryFolder()
    let base = [
      "live", Self.sample, "-c", Self.config, "--url", "http://127.0.0.1:9/x", "--out", out.path, "--dry-run",
    ]
    let spread = try CommandRunner.run(base + ["--device-spread", "9223372036854775807", "--devices", "2"])
    #expect(spread.status == 64, "\(spread.stderr)")
    #expect(spread.stderr.contains("--device-spread must be from 0 to 604800"), "\(spread.stderr)")
    let speed = try CommandRunner.run(base + ["--speed", "1e300"])
    #expect(speed.status == 64, "\(speed.stderr)")
    #expect(speed.stderr.contains("--speed takes a number from"), "\(speed.stderr)")
    // The largest accepted values pass.
    let largest = try CommandRunner.run(base + ["--device-spread", "604800", "--devices", "2", "--speed", "10000"])
    #expect(largest.status == 0, "\(largest.stderr)")
  }
}
