import Foundation

/// One track's output folder, built under a temporary name and moved into place at the
/// end, so an interrupted run never leaves a half-written folder or file behind.
struct OutputFolder {
  /// Where the finished folder goes, e.g. `replay-out/walk`.
  let finalPath: String
  /// Where it is built, e.g. `replay-out/.walk.partial-1234`.
  let workPath: String

  init(parent: String, name: String) throws {
    finalPath = (parent as NSString).appendingPathComponent(name)
    workPath = (parent as NSString).appendingPathComponent(".\(name).partial-\(getpid())")
    let files = FileManager.default
    do {
      try files.createDirectory(atPath: parent, withIntermediateDirectories: true)
      // Leftovers of interrupted runs of this track.
      for entry in (try? files.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(".\(name).partial-") {
        try? files.removeItem(atPath: (parent as NSString).appendingPathComponent(entry))
      }
      try files.createDirectory(atPath: (workPath as NSString).appendingPathComponent("uploads"),
                                withIntermediateDirectories: true)
    } catch {
      throw OutputError(path: parent, reason: error.localizedDescription)
    }
  }

  /// The path of a file inside the folder being built.
  func path(_ relative: String) -> String {
    (workPath as NSString).appendingPathComponent(relative)
  }

  /// Writes a whole small file (a request body, stats.json) with one buffer of its size.
  func write(_ relative: String, _ bytes: [UInt8]) throws {
    let file = try BufferedFile(creating: path(relative), expectedSize: bytes.count)
    try file.write(bytes)
    try file.close()
  }

  /// Replaces any previous output of the track with the finished folder (rename).
  func commit() throws {
    try Self.replace(finalPath, with: workPath)
  }

  /// Moves the folder `workPath` to `finalPath`, replacing what was there: the old one is
  /// renamed aside first and removed after, so `finalPath` is never half-written.
  static func replace(_ finalPath: String, with workPath: String) throws {
    let files = FileManager.default
    let retired = finalPath + ".old-\(getpid())"
    if files.fileExists(atPath: finalPath) {
      guard rename(finalPath, retired) == 0 else {
        throw OutputError(path: finalPath, reason: String(cString: strerror(errno)))
      }
    }
    guard rename(workPath, finalPath) == 0 else {
      throw OutputError(path: finalPath, reason: String(cString: strerror(errno)))
    }
    try? files.removeItem(atPath: retired)
  }

  /// Writes a single file atomically: to a hidden temporary name beside it, then renamed.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    let temporary = (directory as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).partial-\(getpid())")
    let file = try BufferedFile(creating: temporary, expectedSize: bytes.count)
    try file.write(bytes)
    try file.close()
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw OutputError(path: path, reason: reason)
    }
  }

  /// Removes the folder being built (after a failure).
  func discard() {
    try? FileManager.default.removeItem(atPath: workPath)
  }
}
