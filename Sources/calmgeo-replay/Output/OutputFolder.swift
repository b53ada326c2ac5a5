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
    try Directories.create(parent)
    // Leftovers of interrupted runs of this track, whatever their process.
    let files = FileManager.default
    for entry in (try? files.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(".\(name).partial-") {
      try? files.removeItem(atPath: (parent as NSString).appendingPathComponent(entry))
    }
    Self.removeStale(in: parent)
    try Directories.create((workPath as NSString).appendingPathComponent("uploads"))
  }

  /// Removes what killed runs left in `parent`: hidden `.NAME.partial-PID` folders and
  /// files and `NAME.old-PID` folders whose process no longer exists. A folder of a
  /// run still going (its process is alive) is left alone.
  static func removeStale(in parent: String) {
    let files = FileManager.default
    for entry in (try? files.contentsOfDirectory(atPath: parent)) ?? [] {
      let marker = entry.hasPrefix(".") ? ".partial-" : ".old-"
      guard let range = entry.range(of: marker, options: .backwards),
        let pid = Int32(entry[range.upperBound...]), pid > 0, !isRunning(pid)
      else { continue }
      try? files.removeItem(atPath: (parent as NSString).appendingPathComponent(entry))
    }
  }

  /// Removes the output of an earlier run at `finalPath` after this run of the same log
  /// failed, so that no folder looks like this run's result; says so on stderr. Only a
  /// folder with a `stats.json` (one this tool wrote) is removed.
  static func retireStale(_ finalPath: String) {
    let files = FileManager.default
    guard files.fileExists(atPath: (finalPath as NSString).appendingPathComponent("stats.json")),
      (try? files.removeItem(atPath: finalPath)) != nil
    else { return }
    Terminal.printError("\(finalPath): note: removed the output of an earlier run, since this run failed")
  }

  /// Whether a process with this id exists (`kill(pid, 0)`; EPERM means it does).
  private static func isRunning(_ pid: Int32) -> Bool {
    pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
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
