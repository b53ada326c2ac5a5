import CalmGeoReplay
import Foundation

/// A sweep's output folder, built as `.NAME.partial` beside it and renamed into place
/// when the run ends, finished or interrupted; so `--out` is never half-written.
///
/// The partial folder has a fixed name so that `--resume` finds the rows of a run that
/// was killed before it could rename it (one run per `--out` at a time).
struct SweepFolder {
  /// `--out`, e.g. `sweep-out`.
  let finalPath: String
  /// e.g. `.sweep-out.partial`.
  let workPath: String

  init(out: String) {
    let trimmed = out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
    finalPath = trimmed
    // Split by hand: NSString.deletingLastPathComponent traps on a one-character path
    // ("m") in Foundation 6.3 on Linux.
    let slash = trimmed.lastIndex(of: "/")
    let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? ""
    let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    workPath = parent.isEmpty ? ".\(name).partial" : (parent as NSString).appendingPathComponent(".\(name).partial")
  }

  /// The rows files to resume from, with the paths they were read from: the partial
  /// folder's (a killed run, or one resumed and killed) first, then the finished
  /// folder's. `--resume` takes the union of their rows by grid row, so an emptier
  /// partial folder never hides the rows of `--out`.
  func rowsToResume() throws -> [(file: String, text: String)] {
    var sources: [(file: String, text: String)] = []
    for folder in [workPath, finalPath] {
      let file = (folder as NSString).appendingPathComponent("results.ndjson")
      guard FileManager.default.fileExists(atPath: file) else { continue }
      sources.append((file, try SweepSpecFile.read(file)))
    }
    return sources
  }

  /// Starts an empty partial folder (removing a previous one).
  func create() throws {
    let files = FileManager.default
    do {
      let parent = (workPath as NSString).deletingLastPathComponent
      if !parent.isEmpty { try files.createDirectory(atPath: parent, withIntermediateDirectories: true) }
      if files.fileExists(atPath: workPath) { try files.removeItem(atPath: workPath) }
      try files.createDirectory(atPath: workPath, withIntermediateDirectories: false)
    } catch {
      throw OutputError(path: workPath, reason: error.localizedDescription)
    }
  }

  /// The path of a file in the folder being built.
  func path(_ relative: String) -> String {
    (workPath as NSString).appendingPathComponent(relative)
  }

  /// Writes a whole file into the folder being built.
  func write(_ relative: String, _ text: String) throws {
    let file = try BufferedFile(creating: path(relative), expectedSize: text.utf8.count)
    try file.write(text)
    try file.close()
  }

  /// Replaces `--out` with the built folder (rename).
  func commit() throws {
    try OutputFolder.replace(finalPath, with: workPath)
  }

  /// Makes the partial folder hold `rows` (grid order) as its `results.ndjson` and
  /// nothing else, durably, before a resumed run computes anything: the file is written
  /// beside its place, synced and renamed over it, and the folder synced. The partial
  /// folder is kept (not emptied first), so its rows are on the disk at every moment.
  func restore(_ rows: [SweepRow]) throws {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if !files.fileExists(atPath: workPath, isDirectory: &isFolder) {
      try create()
    } else if !isFolder.boolValue {
      throw OutputError(path: workPath, reason: "not a folder: remove it or choose another --out")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rows.reduce(0) { $0 + $1.line.utf8.count + 1 })
    for row in rows {
      bytes.append(contentsOf: row.line.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    let rowsFile = path("results.ndjson")
    try DurableFile.replace(rowsFile, with: bytes)
    // What else a killed run left (results.csv, a half-written ordered copy, best/) goes.
    do {
      for entry in try files.contentsOfDirectory(atPath: workPath) where entry != "results.ndjson" {
        try files.removeItem(atPath: path(entry))
      }
    } catch {
      throw OutputError(path: workPath, reason: error.localizedDescription)
    }
  }

  /// Removes the folder being built (after an error).
  func discard() {
    try? FileManager.default.removeItem(atPath: workPath)
  }
}
