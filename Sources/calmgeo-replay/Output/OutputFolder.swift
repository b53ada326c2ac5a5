import CalmGeoSystem
import Foundation

/// One track's output folder, built in a work folder (`parent/.calmgeo-XXXXXX`, see
/// `WorkFolder`) and moved into place at the end, so an interrupted run never leaves a
/// half-written folder or file behind, and nothing but the tool's own output of the
/// same input is ever replaced.
struct OutputFolder {
  private let work: WorkFolder

  /// Where the finished folder goes, e.g. `replay-out/walk`.
  var finalPath: String { work.finalPath }
  /// Where it is built, e.g. `replay-out/.calmgeo-q3ZxT1`.
  var workPath: String { work.workPath }

  /// Claims a work folder for the output `parent/name` of `owner`.
  /// - Throws: `OutputError`: a refusal when something that is not `owner`'s is at
  ///   `parent/name`, or another run is building it now; else when it cannot be written.
  init(parent: String, name: String, owner: OutputOwner) throws {
    work = try WorkFolder(parent: parent, name: name, owner: owner)
    try Directories.create((work.workPath as NSString).appendingPathComponent("uploads"))
  }

  /// Removes the output of an earlier run of the same input at `finalPath` after this
  /// run failed, so that no folder looks like this run's result; says so on stderr. Only
  /// a folder with `owner`'s marker (same kind, same input) is removed.
  static func retireStale(_ finalPath: String, owner: OutputOwner) {
    guard let marker = OwnershipMarker.read(folder: finalPath), marker == owner.finishedMarker else { return }
    let (parent, name) = SafeRemoval.split(finalPath)
    guard let lock = try? FileLock.folder(parent) else { return }
    defer { lock.release() }
    guard OwnershipMarker.read(folder: finalPath) == owner.finishedMarker, SafeRemoval.remove(name, in: parent) else {
      return
    }
    Terminal.printError("\(finalPath): note: removed the output of an earlier run, since this run failed")
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

  /// Replaces the previous output of the same input, if any, with the finished folder.
  func commit() throws {
    try work.commit()
  }

  /// Writes a single file atomically: to a new hidden file beside it (`mkstemp`), then
  /// renamed over `path` (a link at `path` is replaced, never followed).
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty { try Directories.create(directory) }
    let temporary: String
    do throws(Errno) {
      let made = try SystemFiles.makeUniqueFile(template: WorkFolder.join(directory, WorkFolder.prefix + "XXXXXX"))
      made.descriptor.setPermissions(FilePermissions(rawValue: 0o644))  // as an ordinary new file, not mkstemp's 0600
      made.descriptor.closeQuietly()
      temporary = made.path
    } catch {
      throw OutputError(path: path, error)
    }
    do {
      let file = try BufferedFile(creating: temporary, expectedSize: bytes.count)
      try file.write(bytes)
      try file.close()
    } catch {
      try? SystemFiles.removeFile(temporary)
      throw error
    }
    do throws(Errno) {
      try SystemFiles.rename(temporary, to: path)
    } catch {
      try? SystemFiles.removeFile(temporary)
      throw OutputError(path: path, error)
    }
  }

  /// Removes the folder being built (after a failure).
  func discard() {
    work.discard()
  }
}
