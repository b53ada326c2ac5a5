import CalmGeoReplay
import Foundation

/// A sweep's output folder, built as `.NAME.partial` beside it and renamed into place
/// when the run ends, finished or interrupted; so `--out` is never half-written.
///
/// The partial folder has a fixed name so that `--resume` finds the rows of a run that
/// was killed before it could rename it. It is claimed like every work folder (see
/// `WorkFolder`): a marker locked by the process, so a second run into the same `--out`
/// refuses while the first runs; and only a folder with the tool's sweep marker for the
/// same sweep is replaced at `--out`.
struct SweepFolder: Sendable {
  /// `--out`, e.g. `sweep-out`.
  let finalPath: String
  /// e.g. `.sweep-out.partial`.
  let workPath: String
  /// Whose output it is: the sweep's (by spec hash).
  let owner: OutputOwner
  private let parent: String
  private let name: String
  private let claim = Claim()

  init(out: String, owner: OutputOwner) {
    let trimmed = out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
    finalPath = trimmed
    self.owner = owner
    // Split by hand: NSString.deletingLastPathComponent traps on a one-character path
    // ("m") in Foundation 6.3 on Linux.
    let slash = trimmed.lastIndex(of: "/")
    parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? ""
    name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    workPath = parent.isEmpty ? ".\(name).partial" : (parent as NSString).appendingPathComponent(".\(name).partial")
  }

  /// This process's claim of the partial folder, shared by the copies of the value.
  private final class Claim: @unchecked Sendable {
    private let lock = NSLock()
    private var work: WorkFolder?
    var current: WorkFolder? {
      get { lock.withLock { work } }
      set { lock.withLock { work = newValue } }
    }
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

  /// Starts an empty partial folder: one left by a killed run of this tool is removed;
  /// anything else there, or a run still writing it, is an error, as is anything at
  /// `--out` that is not this sweep's output.
  func create() throws {
    claim.current = try WorkFolder(
      parent: parent, name: name, fixedWorkName: (workPath as NSString).lastPathComponent, owner: owner,
      replacing: claim.current)
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

  /// Replaces `--out` (only this sweep's earlier output) with the built folder (rename).
  func commit() throws {
    guard let work = claim.current else { throw OutputError(path: workPath, reason: "the folder was not created") }
    try work.commit()
    claim.current = nil
  }

  /// Makes the partial folder hold `rows` (grid order) as its `results.ndjson` and
  /// nothing else, durably, before a resumed run computes anything: the file is written
  /// beside its place, synced and renamed over it, and the folder synced. A partial
  /// folder already there (ours, no live run holding it) is claimed in place, never
  /// emptied first, so its rows are on the disk at every moment.
  func restore(_ rows: [SweepRow]) throws {
    claim.current = try WorkFolder(
      parent: parent, name: name, fixedWorkName: (workPath as NSString).lastPathComponent, owner: owner,
      replacing: claim.current, keepingContents: true)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rows.reduce(0) { $0 + $1.line.utf8.count + 1 })
    for row in rows {
      bytes.append(contentsOf: row.line.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    try DurableFile.replace(path("results.ndjson"), with: bytes)
    // What else a killed run left (results.csv, a half-written ordered copy, best/) goes;
    // removed without following links, the marker kept.
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: workPath)
    } catch {
      throw OutputError(path: workPath, reason: error.localizedDescription)
    }
    for entry in entries where entry != "results.ndjson" && entry != OwnershipMarker.fileName {
      guard SafeRemoval.remove(entry, in: workPath) else {
        throw OutputError(path: path(entry), reason: "could not be removed")
      }
    }
  }

  /// Removes the folder being built (after an error).
  func discard() {
    claim.current?.discard()
    claim.current = nil
  }
}
