import CalmGeoReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written through a 1 MiB buffer with POSIX calls (standard output for `-`).
final class BufferedFile {
  let path: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private let capacity = 1 << 20

  /// Creates (or truncates) `path`.
  init(creating path: String, expectedSize: Int = 1 << 20) throws {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
    buffer.reserveCapacity(min(capacity, expectedSize))
  }

  /// Standard output.
  init(standardOutput: Void) {
    path = "-"
    descriptor = 1
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
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputError(path: path, reason: String(cString: strerror(errno)))
      }
      offset += written
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes and closes. No fsync: atomicity comes from renaming the finished folder,
  /// and syncing thousands of request bodies would cost seconds.
  func close() throws {
    try flush()
    if descriptor > 2 { systemClose(descriptor) }
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

  /// The error for the last failed system call on `path`.
  static func lastError(_ path: String) -> OutputError {
    OutputError(path: path, reason: String(cString: strerror(errno)))
  }
}

/// `write(2)` and `close(2)`, named so that the type's own methods do not hide them.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) {
  _ = close(descriptor)
}
