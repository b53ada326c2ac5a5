import CalmGeoSystem
import Foundation

/// A folder being built in `parent` for the output `name`, claimed by this process with
/// the lock on its marker (kind `work`), then renamed to `name` (`commit`) or removed
/// (`discard`).
///
/// Claiming and committing happen under a lock on `parent` itself, so that two runs
/// never decide at the same time. While claiming, work folders of killed runs (our
/// marker, lock free) are removed, and a run still building the same output (lock held)
/// makes this one refuse, saying so: two runs never remove each other's work.
struct WorkFolder: Sendable {
  /// The start of the names of work folders (`.calmgeo-` and six random characters).
  static let prefix = ".calmgeo-"

  let parent: String
  /// The output's name in `parent`.
  let name: String
  /// The work folder's name in `parent`.
  let workName: String
  let owner: OutputOwner
  private let claim: FileLock

  var finalPath: String { Self.join(parent, name) }
  var workPath: String { Self.join(parent, workName) }

  /// Claims a new work folder with a short unique name (`mkdtemp`), so that any output
  /// name that fits the file system fits its work folder too.
  init(parent: String, name: String, owner: OutputOwner) throws(OutputError) {
    try Directories.create(parent)
    let parentLock = try FileLock.folder(parent.isEmpty ? "." : parent)
    defer { parentLock.release() }
    let finalPath = Self.join(parent, name)
    try Self.removeStale(in: parent, refusingIfBuilding: name, finalPath: finalPath)
    try owner.checkPlace(finalPath)
    let workPath = try Self.makeUniqueFolder(in: parent, naming: finalPath)
    (self.parent, self.name, self.owner) = (parent, name, owner)
    workName = SafeRemoval.split(workPath).name
    claim = try Self.mark(workPath, owner: owner, name: name)
  }

  /// Claims the work folder with the fixed name `workName` (a sweep's `.NAME.partial`,
  /// which `--resume` reads): one already there must be ours and not held by a live run;
  /// it is removed first, or with `keepingContents` (a resumed sweep's rows) claimed in
  /// place. `previous` is this process's own earlier claim of it.
  init(
    parent: String, name: String, fixedWorkName workName: String, owner: OutputOwner,
    replacing previous: WorkFolder?, keepingContents: Bool = false
  ) throws(OutputError) {
    try Directories.create(parent)
    let parentLock = try FileLock.folder(parent.isEmpty ? "." : parent)
    defer { parentLock.release() }
    let finalPath = Self.join(parent, name)
    let workPath = Self.join(parent, workName)
    try owner.checkPlace(finalPath)
    (self.parent, self.name, self.workName, self.owner) = (parent, name, workName, owner)
    if let previous, previous.workName == workName, previous.parent == parent {
      if keepingContents {
        claim = previous.claim
        return
      }
      SafeRemoval.remove(workName, in: parent)
      previous.claim.release()
    } else if FileKind.of(workPath) != .missing {
      if keepingContents {
        claim = try Self.adopt(workPath, finalPath: finalPath, owner: owner, name: name)
        return
      }
      try Self.removeIfStale(workPath, name: workName, in: parent, finalPath: finalPath)
    }
    // Built under a fresh name and renamed to the fixed one with its marker written, so a
    // process killed at any moment never leaves an unmarked folder at the fixed name.
    let temporary = try Self.makeUniqueFolder(in: parent, naming: workPath)
    let lock = try Self.mark(temporary, owner: owner, name: name)
    do throws(Errno) {
      try SystemFiles.rename(temporary, to: workPath)
    } catch {
      SafeRemoval.remove(path: temporary)
      lock.release()
      throw OutputError(path: workPath, error)
    }
    claim = lock
  }

  /// Claims the fixed-name work folder `path` of a killed run in place, its contents kept:
  /// it must be ours and free; its marker is rewritten with this process's id, under the lock.
  private static func adopt(
    _ path: String, finalPath: String, owner: OutputOwner,
    name: String
  ) throws(OutputError) -> FileLock {
    let marker = try workMarker(path)
    let markerPath = join(path, OwnershipMarker.fileName)
    guard let lock = FileLock.ifFree(markerPath, writable: true) else {
      throw building(finalPath, marker: marker, workPath: path)
    }
    let mine = OwnershipMarker(kind: .work, input: owner.input, becomes: owner.kind, name: name, pid: SystemProcess.id)
    try lock.replaceContents(with: mine.bytes, path: markerPath)
    return lock
  }

  /// The marker of the fixed-name work folder `path`; a refusal when it is not one of ours.
  private static func workMarker(_ path: String) throws(OutputError) -> OwnershipMarker {
    guard FileKind.of(path) == .directory, let marker = OwnershipMarker.read(folder: path), marker.kind == .work else {
      throw OutputError(
        path: path,
        refusal: "is in the way and is not a work folder of this calmgeo-replay; choose another --out, or remove it")
    }
    return marker
  }

  /// Writes the work marker into the new folder `path`, locked before it is written.
  private static func mark(_ path: String, owner: OutputOwner, name: String) throws(OutputError) -> FileLock {
    let marker = OwnershipMarker(
      kind: .work, input: owner.input, becomes: owner.kind, name: name, pid: SystemProcess.id)
    do {
      return try FileLock.create(join(path, OwnershipMarker.fileName), writing: marker.bytes)
    } catch {
      SafeRemoval.remove(path: path)
      throw error
    }
  }

  /// Replaces what is at the output's place (only what `owner` allows) with the work
  /// folder: the old folder is renamed aside, the work folder renamed into place, then
  /// the old one removed, so the output is never half-written.
  func commit() throws(OutputError) {
    let parentLock = try FileLock.folder(parent.isEmpty ? "." : parent)
    defer { parentLock.release() }
    let finalPath = self.finalPath
    try owner.checkPlace(finalPath)
    let markerPath = Self.join(workPath, OwnershipMarker.fileName)
    if let marker = owner.finishedMarker {
      try claim.replaceContents(with: marker.bytes, path: markerPath)
    } else {
      do throws(Errno) {
        try SystemFiles.removeFile(markerPath)
      } catch {
        throw OutputError(path: markerPath, error)
      }
    }
    var aside: String?
    if FileKind.of(finalPath) != .missing {
      // An empty folder of a fresh name, which the old output replaces by rename.
      let asidePath = try Self.makeUniqueFolder(in: parent, naming: parent)
      do throws(Errno) {
        try SystemFiles.rename(finalPath, to: asidePath)
      } catch {
        try? SystemFiles.removeEmptyDirectory(asidePath)
        throw OutputError(path: finalPath, error)
      }
      aside = asidePath
    }
    do throws(Errno) {
      try SystemFiles.rename(workPath, to: finalPath)
    } catch {
      if let aside { try? SystemFiles.rename(aside, to: finalPath) }
      throw OutputError(path: finalPath, error)
    }
    parentLock.release()
    if let aside { SafeRemoval.remove(path: aside) }
    claim.release()
  }

  /// Removes the work folder (after a failure) and gives up the claim.
  func discard() {
    if claim.descriptor != nil { SafeRemoval.remove(workName, in: parent) }
    claim.release()
  }

  /// Removes work folders of killed runs in `parent` (named `.calmgeo-…`, with our
  /// marker, whose lock no process holds); refuses when a live run builds `name`.
  private static func removeStale(
    in parent: String, refusingIfBuilding name: String,
    finalPath: String
  ) throws(OutputError) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
    for entry in entries where entry.hasPrefix(prefix) {
      let path = join(parent, entry)
      guard FileKind.of(path) == .directory else { continue }
      if let lock = FileLock.ifFree(join(path, OwnershipMarker.fileName)) {
        // Ours and nobody's: a killed run's work folder, or an old output a killed commit set aside.
        if let descriptor = lock.descriptor, OwnershipMarker.read(descriptor: descriptor) != nil {
          SafeRemoval.remove(entry, in: parent)
        }
        lock.release()
      } else if let marker = OwnershipMarker.read(folder: path), marker.kind == .work, marker.name == name {
        throw building(finalPath, marker: marker, workPath: path)
      }
    }
  }

  /// Removes the fixed-name work folder `path` if it is ours and no process holds it.
  private static func removeIfStale(
    _ path: String, name: String, in parent: String,
    finalPath: String
  ) throws(OutputError) {
    let marker = try workMarker(path)
    guard let lock = FileLock.ifFree(join(path, OwnershipMarker.fileName)) else {
      throw building(finalPath, marker: marker, workPath: path)
    }
    defer { lock.release() }
    SafeRemoval.remove(name, in: parent)
  }

  private static func building(_ finalPath: String, marker: OwnershipMarker, workPath: String) -> OutputError {
    let process = marker.pid.map { " (process \($0))" } ?? ""
    return OutputError(
      path: finalPath,
      refusal: "another calmgeo-replay run\(process) is writing it now, in "
        + "\(workPath); wait for it to end, or choose another --out")
  }

  /// A new empty folder `parent/.calmgeo-XXXXXX` of a name nobody can predict (`mkdtemp`);
  /// an error names `path`.
  private static func makeUniqueFolder(in parent: String, naming path: String) throws(OutputError) -> String {
    do throws(Errno) {
      return try SystemFiles.makeUniqueDirectory(template: join(parent, prefix + "XXXXXX"))
    } catch {
      throw OutputError(path: path, error)
    }
  }

  static func join(_ parent: String, _ name: String) -> String {
    parent.isEmpty ? name : (parent as NSString).appendingPathComponent(name)
  }
}
