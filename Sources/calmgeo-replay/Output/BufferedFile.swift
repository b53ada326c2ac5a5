import CalmGeoReplay
import CalmGeoSystem

/// A file written through a 1 MiB buffer with POSIX calls (standard output for `-`).
///
/// The buffer is raw memory behind a pointer, so that an append is a copy (or text written in
/// place, `append(atMost:_:)`) without the uniqueness, capacity and exclusivity checks of an
/// array stored in a class: `locations.json` takes some 600 000 appends a second.
final class BufferedFile {
  let path: String
  private let descriptor: FileDescriptor
  /// The buffer; freed in `deinit`.
  private let state: UnsafeMutablePointer<Buffer>
  /// The buffered bytes are written once they reach this many.
  static let flushThreshold = 1 << 20

  /// The bytes not yet written: `count` of `capacity` at `base`.
  private struct Buffer {
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0
  }

  /// Creates (or truncates) `path`; the buffer starts at `expectedSize` bytes (1 MiB at most,
  /// plus room for a record past it) and grows when a larger write needs it.
  init(creating path: String, expectedSize: Int = 1 << 20) throws {
    self.path = path
    do throws(Errno) {
      descriptor = try .opening(
        path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite, .groupRead, .otherRead])
    } catch {
      throw OutputError(path: path, error)
    }
    state = Self.makeBuffer(expectedSize: expectedSize)
  }

  /// Standard output.
  init(standardOutput: Void) {
    path = "-"
    descriptor = .standardOutput
    state = Self.makeBuffer(expectedSize: Self.flushThreshold)
  }

  deinit {
    state.pointee.base.deallocate()
    state.deallocate()
  }

  /// A buffer of `expectedSize` bytes (at least 16); a full-size one has 64 KiB beyond the
  /// threshold, so that records appended past it seldom make it grow.
  private static func makeBuffer(expectedSize: Int) -> UnsafeMutablePointer<Buffer> {
    let capacity = expectedSize >= flushThreshold ? flushThreshold + (1 << 16) : max(16, expectedSize)
    let state = UnsafeMutablePointer<Buffer>.allocate(capacity: 1)
    state.initialize(to: Buffer(base: .allocate(capacity: capacity), capacity: capacity))
    return state
  }

  /// Makes room for `more` bytes after the buffered ones (doubling the buffer when it is short).
  @inline(__always)
  private func reserve(_ more: Int) {
    if state.pointee.count + more > state.pointee.capacity { grow(toHold: state.pointee.count + more) }
  }

  @inline(never)
  private func grow(toHold needed: Int) {
    let capacity = max(needed, 2 * state.pointee.capacity)
    let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    base.update(from: state.pointee.base, count: state.pointee.count)
    state.pointee.base.deallocate()
    state.pointee.base = base
    state.pointee.capacity = capacity
  }

  /// Appends `bytes`; writes the buffer once it holds 1 MiB or more.
  func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    UnsafeMutableRawPointer(state.pointee.base + state.pointee.count).copyMemory(from: source, byteCount: bytes.count)
    state.pointee.count += bytes.count
    if state.pointee.count >= Self.flushThreshold { try flush() }
  }

  func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { buffer throws in try write(buffer) }
  }

  func write(_ bytes: some Sequence<UInt8>) throws {
    let wrote: Bool? = try bytes.withContiguousStorageIfAvailable { buffer throws in
      try write(UnsafeRawBufferPointer(buffer))
      return true
    }
    if wrote == nil { try write(Array(bytes)) }
  }

  func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { buffer throws in try write(UnsafeRawBufferPointer(buffer)) }
  }

  /// Appends the bytes that `body` writes at the pointer it is given, at most `maximum` of
  /// them, and returns how many it wrote; writes the buffer once it holds 1 MiB or more.
  @inline(__always)
  func append(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws {
    reserve(maximum)
    let written = body(state.pointee.base + state.pointee.count)
    precondition(written >= 0 && written <= maximum, "wrote past the room it asked for")
    state.pointee.count += written
    if state.pointee.count >= Self.flushThreshold { try flush() }
  }

  func flush() throws {
    let pending = UnsafeBufferPointer(start: state.pointee.base, count: state.pointee.count)
    do throws(Errno) {
      try descriptor.writeFully(pending)
    } catch {
      throw OutputError(path: path, error)
    }
    state.pointee.count = 0
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
