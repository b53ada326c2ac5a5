import CalmGeoReplay
import CalmGeoSystem

/// A file written through a 1 MiB buffer with POSIX calls (standard output for `-`).
final class BufferedFile {
  let path: String
  private let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private let capacity = 1 << 20

  /// Creates (or truncates) `path`.
  init(creating path: String, expectedSize: Int = 1 << 20) throws {
    self.path = path
    do throws(Errno) {
      descriptor = try .opening(
        path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
      throw OutputError(path: path, error)
    }
    buffer.reserveCapacity(min(capacity, expectedSize))
  }

  /// Standard output.
  init(standardOutput: Void) {
    path = "-"
    descriptor = .standardOutput
    buffer.reserveCapacity(capacity)
  }

  func write(_ bytes: some Sequence<UInt8>) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  func write(_ text: String) throws {
    try write(text.utf8)
  }

  func flush() throws {
    do throws(Errno) {
      try descriptor.writeFully(buffer)
    } catch {
      throw OutputError(path: path, error)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes and closes. No fsync: atomicity comes from renaming the finished folder,
  /// and syncing thousands of request bodies would cost seconds.
  func close() throws {
    try flush()
    if descriptor.rawValue > 2 { descriptor.closeQuietly() }
  }
}

/// An output file that could not be written (exit code 1).
/// An output that cannot be written (exit code 1): the path and the OS's reason.
struct OutputError: ExitCodedError {
  var path: String
  var reason: String
  /// Whether the tool refuses to touch what is at `path` (not its own) rather than failed to write.
  var isRefusal = false
  /// `out/walk: error: cannot write: Not a directory`, or for a refusal `out/walk: error: <reason>`.
  var description: String { isRefusal ? "\(path): error: \(reason)" : "\(path): error: cannot write: \(reason)" }
  /// 1: an output that cannot be written affects every log.
  var exitCode: Int32 { 1 }

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The tool will not remove or replace what is at `path`; `reason` says why and what to do.
  init(path: String, refusal reason: String) {
    self.path = path
    self.reason = reason
    isRefusal = true
  }

  /// A system call on `path` failed with `error` (the OS's words: `Permission denied`).
  init(path: String, _ error: Errno) {
    self.init(path: path, reason: error.reason)
  }
}
