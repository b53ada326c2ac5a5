import Foundation

/// A misbehaving HTTP server on 127.0.0.1 (`Fixtures/faulty_http_server.py`): every request
/// is answered by one fault (a hang, a close after the status line, an endless body...).
/// It stops with the test (deinit), when the test process's pipe closes, or after 120 s.
final class FaultyServer {
  let port: Int
  private let folder: URL
  private let process: Process
  private let stdin = Pipe()

  /// The URL the tests send to.
  var url: String { "http://127.0.0.1:\(port)/locations" }

  static let script = CommandRunner.repositoryRoot
    .appendingPathComponent("Tests/CalmGeoReplayCLITests/Fixtures/faulty_http_server.py")

  init(mode: String) throws {
    folder = try CommandRunner.temporaryFolder()
    let portFile = folder.appendingPathComponent("port")
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.script.path, "--mode", mode, "--port-file", portFile.path,
      "--log", folder.appendingPathComponent("requests.ndjson").path,
    ]
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var found: Int?
    while found == nil && Date() < deadline && process.isRunning {
      found = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
      if found == nil { usleep(20_000) }
    }
    guard let found else {
      if process.isRunning { process.terminate() }
      throw LiveTestServer.ServerError(reason: "the faulty server did not start within 10 s")
    }
    port = found
  }

  /// How many requests reached the server.
  func requestCount() -> Int { requests().count }

  /// Each request's line (`POST /locations HTTP/1.1`) and body size, in arrival order.
  func requests() -> [(line: String, bytes: Int)] {
    let data = (try? Data(contentsOf: folder.appendingPathComponent("requests.ndjson"))) ?? Data()
    return data.split(separator: UInt8(ascii: "\n")).map { line in
      let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? [:]
      return (object["request"] as? String ?? "", object["bytes"] as? Int ?? -1)
    }
  }

  deinit {
    // The server ends when its stdin closes (and on SIGTERM, should it still run).
    try? stdin.fileHandleForWriting.close()
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}

/// Runs the binary with a wall-clock bound, sampling its peak resident memory (VmHWM).
enum BoundedRun {
  struct Result {
    var status: Int32
    var stderr: String
    /// False when the process was still running at the deadline (it was killed).
    var finished: Bool
    var seconds: Double
    /// The largest VmHWM read while it ran, in KiB (a lower bound of its peak).
    var peakKiB: Int
  }

  static func run(_ arguments: [String], seconds limit: Double) throws -> Result {
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = arguments
    process.currentDirectoryURL = CommandRunner.repositoryRoot
    let errFile = try CommandRunner.temporaryFolder().appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
    let err = try FileHandle(forWritingTo: errFile)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    let started = Date()
    try process.run()
    var peak = 0
    var finished = true
    while process.isRunning {
      if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
      {
        peak = max(peak, kib)
      }
      if Date().timeIntervalSince(started) > limit {
        finished = false
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(20_000)
    }
    process.waitUntilExit()
    try err.close()
    let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
    return Result(
      status: process.terminationStatus, stderr: stderr, finished: finished,
      seconds: Date().timeIntervalSince(started), peakKiB: peak)
  }
}
