import CalmGeoSystem

/// A file written so that what it holds survives the process being killed at any moment
/// (SIGKILL, a second Ctrl-C, a batch system's preemption): each `append` reaches the
/// kernel before it returns, `sync` reaches the disk, and `replace` swaps a whole file
/// in atomically. A kill can only cut the last line short, which the readers drop.
///
/// Used for a sweep's `results.ndjson`, the one copy of its finished rows.
final class DurableFile {
  let path: String
  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  /// How much `write` gathers before it writes (`append` writes at once).
  private let capacity = 1 << 20

  /// Opens `path` for writing at its end, creating it; `truncating` empties it first.
  init(appendingTo path: String, truncating: Bool) throws {
    self.path = path
    var options: FileDescriptor.OpenOptions = [.create, .append, .closeOnExec]
    if truncating { options.insert(.truncate) }
    do throws(Errno) {
      descriptor = try .opening(path, .writeOnly, options: options, permissions: FilePermissions(rawValue: 0o644))
    } catch {
      throw OutputError(path: path, error)
    }
  }

  deinit {
    descriptor.closeQuietly()
  }

  /// Writes `line` and a newline now, in one `write(2)` (after anything `write` gathered).
  func append(line: String) throws {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    try flush()
  }

  /// Gathers `line` and a newline, written when 1 MiB is gathered or at `flush`.
  func write(line: String) throws {
    buffer.append(contentsOf: line.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= capacity { try flush() }
  }

  /// Hands what was gathered to the kernel.
  func flush() throws {
    try Self.writeAll(buffer, to: descriptor, path: path)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, then waits until the file's bytes are on the disk (`fsync`).
  func sync() throws {
    try flush()
    do throws(Errno) {
      try descriptor.sync()
    } catch {
      throw OutputError(path: path, error)
    }
  }

  /// Writes `bytes` to `path` through a temporary file beside it that is synced and
  /// renamed over `path`, then syncs the folder: `path` holds either its old bytes or
  /// all of the new ones, whenever the process dies.
  static func replace(_ path: String, with bytes: [UInt8]) throws {
    let temporary = temporaryPath(for: path)
    do throws(Errno) {
      let descriptor = try FileDescriptor.opening(
        temporary, .writeOnly, options: [.create, .truncate, .closeOnExec],
        permissions: FilePermissions(rawValue: 0o644))
      defer { descriptor.closeQuietly() }
      do throws(Errno) {
        try descriptor.writeFully(bytes)
        try descriptor.sync()
      } catch {
        try? SystemFiles.removeFile(temporary)
        throw error
      }
    } catch {
      throw OutputError(path: temporary, error)
    }
    try move(temporary, over: path)
  }

  /// Renames `source` over `path` (same folder) and syncs the folder.
  static func move(_ source: String, over path: String) throws {
    do throws(Errno) {
      try SystemFiles.rename(source, to: path)
    } catch {
      try? SystemFiles.removeFile(source)
      throw OutputError(path: path, error)
    }
    try syncFolder(of: path)
  }

  /// `.NAME.writing` beside `path`.
  static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    return "\(folder).\(name).writing"
  }

  /// Syncs the folder holding `path`, so that a rename in it is on the disk.
  static func syncFolder(of path: String) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    do throws(Errno) {
      let descriptor = try FileDescriptor.opening(folder, .readOnly, options: [.directory, .closeOnExec])
      defer { descriptor.closeQuietly() }
      try descriptor.sync()
    } catch {
      throw OutputError(path: folder, error)
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: FileDescriptor, path: String) throws {
    do throws(Errno) {
      try descriptor.writeFully(bytes)
    } catch {
      throw OutputError(path: path, error)
    }
  }
}
