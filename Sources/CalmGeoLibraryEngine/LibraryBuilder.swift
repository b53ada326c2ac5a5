import CalmGeoSystem
import Crypto
import Foundation

/// Builds CalmGeo's own sources (PATH/CalmGeo/Classes, a fork's or the reference copy) into the
/// driver executable: a SwiftPM package generated in the cache, with the harness's stand-ins and
/// the sources copied in, built with the `swift` on PATH. Cached by a hash of the sources, the
/// harness and the toolchain's version: a second run with the same inputs builds nothing.
///
/// Folders the builder owns: `<cache>/calmgeo-replay/library/<hash>/` (marked with
/// `.calmgeo-replay-library`) and its lock file. It never deletes anything.
package struct LibraryBuilder: Sendable {
  /// The folder given by the user (holds `CalmGeo/Classes`).
  package let sourcePath: String
  /// `$XDG_CACHE_HOME/calmgeo-replay/library` or `~/.cache/calmgeo-replay/library`.
  package let cacheRoot: String

  package init(sourcePath: String, cacheRoot: String? = nil) {
    self.sourcePath = sourcePath
    self.cacheRoot = cacheRoot ?? Self.defaultCacheRoot()
  }

  package static func defaultCacheRoot() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/calmgeo-replay/library" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.cache/calmgeo-replay/library"
  }

  /// The built driver.
  package struct Built: Sendable {
    package let driver: String
    package let package: String
    package let sourcesHash: String
    /// Whether this call built it (false: the cache had it).
    package let wasBuilt: Bool
  }

  /// The driver for PATH's sources, built if the cache lacks it. `progress` gets one line
  /// before a build starts.
  package func build(progress: (String) -> Void = { _ in }) throws(LibraryError) -> Built {
    let classes = (sourcePath as NSString).appendingPathComponent("CalmGeo/Classes")
    let sources = try Self.sourceFiles(in: classes, given: sourcePath)
    let swift = try Self.findSwift()
    let version = try Self.run(swift, ["--version"], in: nil).output
    var hasher = SHA256()
    hasher.update(data: Array(version.utf8))
    for file in LibraryHarness.files {
      hasher.update(data: Array(file.path.utf8) + [0])
      hasher.update(data: file.bytes)
    }
    var contents: [(path: String, bytes: [UInt8])] = []
    for relative in sources {
      guard let data = FileManager.default.contents(atPath: classes + "/" + relative) else {
        throw .unreadable(classes + "/" + relative)
      }
      contents.append((relative, Array(data)))
      hasher.update(data: Array(("CalmGeo/" + relative).utf8) + [0])
      hasher.update(data: Array(data))
    }
    let hash = hasher.finalize().map { String(format: "%02x", $0) }.joined().prefix(24)
    let package = cacheRoot + "/" + hash
    let driver = package + "/.build/debug/CalmGeoDriver"
    let marker = package + "/.calmgeo-replay-library"
    let done = package + "/.built"
    if FileManager.default.fileExists(atPath: done) && FileManager.default.isExecutableFile(atPath: driver) {
      return Built(driver: driver, package: package, sourcesHash: String(hash), wasBuilt: false)
    }
    do {
      try FileManager.default.createDirectory(atPath: cacheRoot, withIntermediateDirectories: true)
    } catch {
      throw .cache(cacheRoot, "\(error.localizedDescription)")
    }
    let lock = try Self.lock(package + ".lock")
    defer { lock.closeQuietly() }
    if FileManager.default.fileExists(atPath: done) && FileManager.default.isExecutableFile(atPath: driver) {
      return Built(driver: driver, package: package, sourcesHash: String(hash), wasBuilt: false)
    }
    if FileManager.default.fileExists(atPath: package) && !FileManager.default.fileExists(atPath: marker) {
      throw .cache(
        package, "exists but was not made by calmgeo-replay (no .calmgeo-replay-library in it); move it away")
    }
    do {
      try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(
        atPath: marker, contents: Data("calmgeo-replay library build of \(sourcePath)\n".utf8))
      for file in LibraryHarness.files {
        try write(file.bytes, to: package + "/" + file.path)
      }
      for file in contents {
        try write(file.bytes, to: package + "/Sources/CalmGeo/" + file.path)
      }
    } catch {
      throw .cache(package, "\(error.localizedDescription)")
    }
    progress("building CalmGeo from \(sourcePath) into \(package) (once for these sources; a few minutes)…")
    let result = try Self.run(swift, ["build", "--package-path", package, "--product", "CalmGeoDriver"], in: nil)
    try? Data(result.output.utf8).write(to: URL(fileURLWithPath: package + "/build.log"))
    guard result.status == 0, FileManager.default.isExecutableFile(atPath: driver) else {
      let errors = result.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(12)
        .map { String($0).replacingOccurrences(of: package + "/Sources/CalmGeo/", with: classes + "/") }
      throw .buildFailed(sourcePath: sourcePath, log: package + "/build.log", errors: errors)
    }
    _ = FileManager.default.createFile(atPath: done, contents: Data())
    return Built(driver: driver, package: package, sourcesHash: String(hash), wasBuilt: true)
  }

  private func write(_ bytes: [UInt8], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// The `.swift` files under `classes`, relative, sorted.
  static func sourceFiles(in classes: String, given path: String) throws(LibraryError) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: classes, isDirectory: &isFolder), isFolder.boolValue else {
      throw .noSources(path)
    }
    let all = (FileManager.default.enumerator(atPath: classes)?.allObjects as? [String]) ?? []
    let swift = all.filter { $0.hasSuffix(".swift") }.sorted()
    guard !swift.isEmpty else { throw .noSources(path) }
    return swift
  }

  /// The `swift` on PATH (the toolchain that builds calmgeo-replay).
  static func findSwift() throws(LibraryError) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = String(folder) + "/swift"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw .noToolchain
  }

  /// Opens (creating) the lock file `path` and waits for its exclusive lock; a lock the
  /// file system does not support is not waited for (as before: the build goes on).
  static func lock(_ path: String) throws(LibraryError) -> FileDescriptor {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try .opening(
        path, .readWrite, options: [.create, .closeOnExec], permissions: FilePermissions(rawValue: 0o644))
    } catch {
      throw .cache(path, error.reason)
    }
    try? descriptor.lockExclusively(waiting: true)
    return descriptor
  }

  /// Runs a program, stdout and stderr together.
  static func run(_ program: String, _ arguments: [String], in folder: String?) throws(LibraryError)
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      throw .noToolchain
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Why the library engine could not run; each says what to do.
package enum LibraryError: Error, CustomStringConvertible, Sendable {
  case noSources(String)
  case unreadable(String)
  case noToolchain
  case cache(String, String)
  case buildFailed(sourcePath: String, log: String, errors: [String])
  case driver(String)
  case unsupported(String)

  package var description: String {
    switch self {
    case .noSources(let path):
      "\(path): no CalmGeo/Classes/*.swift in it: name the folder that holds CalmGeo/Classes "
        + "(a clone of calm-geo or a fork, e.g. ../shared/calmgeo-source)"
    case .unreadable(let path): "\(path): cannot be read: check its permissions"
    case .noToolchain:
      "no Swift toolchain on PATH: the library engine builds CalmGeo with the swift that builds calmgeo-replay; "
        + "put it on PATH (swift --version must work)"
    case .cache(let path, let why): "\(path): cannot use the library build cache: \(why)"
    case .buildFailed(let source, let log, let errors):
      "\(source): CalmGeo's sources do not build against the stand-ins (full log: \(log)); fix the sources:\n"
        + errors.map { "  " + $0 }.joined(separator: "\n")
    case .driver(let why): "the library driver failed: \(why)"
    case .unsupported(let why): why
    }
  }
}

extension LibraryError {
  /// The tool's exit code: 64 for an option only the built-in engine models, 66 for a missing
  /// PATH, 1 for a build or driver failure.
  package var exitCode: Int32 {
    switch self {
    case .unsupported: 64
    case .noSources, .unreadable: 66
    default: 1
    }
  }
}
