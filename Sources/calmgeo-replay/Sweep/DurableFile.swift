#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written so that what it holds survives the process being killed at any moment
/// (SIGKILL, a second Ctrl-C, a batch system's preemption): each `append` reaches the
/// kernel before it returns, `sync` reaches the disk, and `replace` swaps a whole file
/// in atomically. A kill can only cut the last line short, which the readers drop.
///
/// Used for a sweep's `results.ndjson`, the one copy of its finished rows.
final class DurableFile {
  let path: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// How much `write` gathers before it writes (`append` writes at once).
  private let capacity = 1 << 20

  /// Opens `path` for writing at its end, creating it; `truncating` empties it first.
  init(appendingTo path: String, truncating: Bool) throws {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncating ? O_TRUNC : 0), 0o644)
    guard descriptor >= 0 else { throw OutputError.lastError(path) }
  }

  deinit {
    if descriptor >= 0 { _ = close(descriptor) }
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
    guard fsync(descriptor) == 0 else { throw OutputError.lastError(path) }
  }

  /// Writes `bytes` to `path` through a temporary file beside it that is synced and
  /// renamed over `path`, then syncs the folder: `path` holds either its old bytes or
  /// all of the new ones, whenever the process dies.
  static func replace(_ path: String, with bytes: [UInt8]) throws {
    let temporary = temporaryPath(for: path)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError.lastError(temporary) }
    do {
      try writeAll(bytes, to: descriptor, path: temporary)
      guard fsync(descriptor) == 0 else { throw OutputError.lastError(temporary) }
    } catch {
      _ = close(descriptor)
      _ = unlink(temporary)
      throw error
    }
    _ = close(descriptor)
    try move(temporary, over: path)
  }

  /// Renames `source` over `path` (same folder) and syncs the folder.
  static func move(_ source: String, over path: String) throws {
    guard rename(source, path) == 0 else {
      let error = OutputError.lastError(path)
      _ = unlink(source)
      throw error
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
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw OutputError.lastError(folder) }
    defer { _ = close(descriptor) }
    guard fsync(descriptor) == 0 else { throw OutputError.lastError(folder) }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return writeBytes(descriptor, base + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputError.lastError(path)
      }
      offset += written
    }
  }
}

/// `write(2)`, named so that `DurableFile.write(line:)` does not hide it.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
