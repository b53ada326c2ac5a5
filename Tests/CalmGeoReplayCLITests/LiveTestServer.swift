import Foundation
import Testing

/// A real HTTP server on 127.0.0.1 (`scripts/live-test-server.py`, Python's http.server):
/// records every request and answers from a script (statuses, slow answers, dropped
/// connections, redirects).
final class LiveTestServer {
  /// A request as the server received it.
  struct Received: Decodable {
    var n: Int
    var method: String
    var path: String
    var action: String
    var headers: [[String]]
    var body: String

    var bodyBytes: Data { Data(base64Encoded: body) ?? Data() }
    func header(_ name: String) -> String? { headers.first { $0[0].lowercased() == name.lowercased() }?[1] }
  }

  /// Why the server cannot run here (nil when it can); printed once.
  static let unavailable: String? = {
    do {
      let server = try LiveTestServer(script: [])
      server.stop()
      return nil
    } catch {
      let reason = "the live tests need python3 to run scripts/live-test-server.py: \(error)"
      print("skipped: \(reason)")
      return reason
    }
  }()

  static var skipReason: Comment { "needs python3 for the loopback test server" }

  let port: Int
  let folder: URL
  private let process: Process
  private var logFile: URL { folder.appendingPathComponent("requests.ndjson") }

  var url: String { "http://127.0.0.1:\(port)/locations" }

  /// Starts a server answering `script` in arrival order, then `fallback`.
  init(script: [String], fallback: String = "200") throws {
    folder = try CommandRunner.temporaryFolder()
    let scriptFile = folder.appendingPathComponent("script.json")
    try JSONSerialization.data(withJSONObject: script).write(to: scriptFile)
    let portFile = folder.appendingPathComponent("port")
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", CommandRunner.repositoryRoot.appendingPathComponent("scripts/live-test-server.py").path,
      "--script", scriptFile.path, "--default", fallback, "--log",
      folder.appendingPathComponent("requests.ndjson").path,
      "--port-file", portFile.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    var found: Int?
    while found == nil && Date() < deadline && process.isRunning {
      if let text = try? String(contentsOf: portFile, encoding: .utf8) {
        found = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      } else {
        usleep(20_000)
      }
    }
    guard let found else {
      if process.isRunning { process.terminate() }
      throw ServerError(reason: "the server did not start within 10 s")
    }
    port = found
  }

  struct ServerError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// Every request received so far, in arrival order.
  func requests() throws -> [Received] {
    guard let data = try? Data(contentsOf: logFile) else { return [] }
    return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Received.self, from: Data($0)) }
  }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }
}
