#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// The descriptor calls the tool makes, with typed errors: swift-system's where it has them,
/// the C library's (`fsync`, `flock`, `fchmod`, `isatty`) where it does not.
extension FileDescriptor {
  /// Opens `path` (retrying when a signal interrupts the call).
  package static func opening(
    _ path: String, _ mode: AccessMode, options: OpenOptions = [], permissions: FilePermissions? = nil
  ) throws(Errno) -> FileDescriptor {
    do {
      return try open(FilePath(path), mode, options: options, permissions: permissions)
    } catch {
      throw Errno.of(error)
    }
  }

  /// Reads up to `buffer.count` bytes at the current offset; 0 at the end.
  package func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    do { return try read(into: buffer) } catch { throw Errno.of(error) }
  }

  /// Reads up to `buffer.count` bytes from `offset` (`pread`), leaving the offset as it is.
  package func readSome(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    do { return try read(fromAbsoluteOffset: offset, into: buffer) } catch { throw Errno.of(error) }
  }

  /// Writes all of `bytes` at the current offset, however many calls it takes.
  package func writeFully(_ bytes: some Sequence<UInt8>) throws(Errno) {
    do { _ = try writeAll(bytes) } catch { throw Errno.of(error) }
  }

  /// Writes `bytes` at `offset` in one call (`pwrite`); the count written, which may be short.
  package func writeOnce(at offset: Int64, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    do { return try write(toAbsoluteOffset: offset, bytes) } catch { throw Errno.of(error) }
  }

  /// Cuts or extends the file to `size` bytes (`ftruncate`).
  package func truncate(to size: Int64) throws(Errno) {
    do { try resize(to: size) } catch { throw Errno.of(error) }
  }

  /// The open file's status (`fstat`).
  package func status() throws(Errno) -> Stat {
    try Stat(self)
  }

  /// Waits until the file's bytes (or a folder's entries) are on the disk (`fsync`).
  package func sync() throws(Errno) {
    try retryingInterrupts { fsync(rawValue) }
  }

  /// Takes the exclusive advisory lock (`flock(2)`, `LOCK_EX`), waiting for another holder
  /// unless `waiting` is false (`LOCK_NB`: then `.wouldBlock` while another descriptor holds it).
  /// Linux and macOS both have `flock`; two descriptors of one process conflict on both.
  package func lockExclusively(waiting: Bool) throws(Errno) {
    try retryingInterrupts { flock(rawValue, LOCK_EX | (waiting ? 0 : LOCK_NB)) }
  }

  /// Sets the file's permission bits (`fchmod`); a failure leaves them as they were.
  package func setPermissions(_ permissions: FilePermissions) {
    _ = fchmod(rawValue, permissions.rawValue)
  }

  /// Closes the descriptor, ignoring a failure (never retried: Linux frees it even then).
  package func closeQuietly() {
    _ = try? close()
  }

  /// Whether the descriptor is a terminal (`isatty`), e.g. standard error for progress bars.
  package var isTerminal: Bool { isatty(rawValue) == 1 }
}
