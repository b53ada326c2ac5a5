import CalmGeoReplay
import CalmGeoSystem
import Foundation

/// Replays fixes through CalmGeo's own code: the driver that `LibraryBuilder` built, run as a
/// child process (a trap of the library ends it, not the tool), over one request.
package struct LibraryEngine: Sendable {
  package let driver: String
  /// Where the sources were copied from and to: a trap's message names the user's file.
  var sourceFolders: (copy: String, original: String)?

  package init(driver: String) { self.driver = driver }

  /// Builds PATH's sources if needed (`progress` gets the build's one line) and returns the engine.
  package static func prepare(sourcePath: String, progress: (String) -> Void = { _ in }) throws(LibraryError)
    -> LibraryEngine
  {
    let built = try LibraryBuilder(sourcePath: sourcePath).build(progress: progress)
    var engine = LibraryEngine(driver: built.driver)
    engine.sourceFolders = (
      built.package + "/Sources/CalmGeo/", (sourcePath as NSString).appendingPathComponent("CalmGeo/Classes") + "/"
    )
    return engine
  }

  /// Runs the driver over `fixes` (in time order, as the normalizer left them) under
  /// `configuration` (its scenario, network and seed).
  package func run(fixes: [Fix], configuration: ReplayConfiguration) throws(LibraryError) -> LibraryOutcome {
    if let why = LibraryRequest.unsupported(configuration) { throw .unsupported(why) }
    let folder = NSTemporaryDirectory() + "calmgeo-replay-library-\(SystemProcess.id)-\(UUID().uuidString)"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    } catch {
      throw .driver("cannot create \(folder): \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let requestPath = folder + "/request.json"
    let outputPath = folder + "/records.ndjson"
    let request = LibraryRequest.encode(fixes: fixes, configuration: configuration)
    guard FileManager.default.createFile(atPath: requestPath, contents: Data(request)) else {
      throw .driver("cannot write \(requestPath)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: driver)
    process.arguments = [requestPath, outputPath]
    var environment = ProcessInfo.processInfo.environment
    // Dictionary order (the library's headers, JSONEncoder's keys) must not vary between runs.
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .driver("cannot start \(driver): \(error.localizedDescription); delete that cache folder to rebuild it")
    }
    var stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    if let (copy, original) = sourceFolders { stderr = stderr.replacingOccurrences(of: copy, with: original) }
    process.waitUntilExit()
    let records = Self.read(outputPath)
    if process.terminationReason == .uncaughtSignal {
      var outcome = LibraryOutcome(
        records: records, crash: LibraryTrap.parse(stderr: stderr, signal: process.terminationStatus))
      outcome.completeCrash()
      return outcome
    }
    guard process.terminationStatus == 0 else {
      throw .driver("exit \(process.terminationStatus): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    return LibraryOutcome(records: records, crash: nil)
  }

  /// Every complete line of the driver's output (a trap may cut the last one).
  static func read(_ path: String) -> [LibraryRecord] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let decoder = JSONDecoder()
    var records: [LibraryRecord] = []
    for line in data.split(separator: 0x0A) {
      if let record = try? decoder.decode(LibraryRecord.self, from: Data(line)) { records.append(record) }
    }
    return records
  }
}
