import Foundation

/// Runs the built `calmgeo-replay` binary and captures what it prints.
struct CommandRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The binary beside the test bundle (`.build/<configuration>/calmgeo-replay`).
  static let binary: URL = {
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("calmgeo-replay")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/calmgeo-replay")
  }()

  /// Runs the tool with `arguments` in `directory`, with a fixed terminal width, outside
  /// GitHub Actions (`check` would print workflow commands there) and with `extra` set.
  static func run(
    _ arguments: [String], in directory: URL? = nil, stdin: Data? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "100"
    environment["GITHUB_ACTIONS"] = nil
    environment["GITHUB_STEP_SUMMARY"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    // Read both pipes concurrently so that a full pipe never blocks the child.
    nonisolated(unsafe) var errData = Data()
    let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1000) }
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A new empty temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("calmgeo-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
