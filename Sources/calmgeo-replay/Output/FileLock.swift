import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory `flock(2)` held on an open file or folder until `release()` (or the
/// process ends: the kernel frees it then, however the process died). Two descriptors
/// conflict even within one process, so threads exclude each other too.
final class FileLock: @unchecked Sendable {
  /// The locked descriptor; -1 once released.
  private(set) var descriptor: Int32
  private let mutex = NSLock()

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Locks the folder `path` exclusively, waiting for another holder (held only for
  /// short steps: claiming a name, committing); `OutputError` when it cannot be opened.
  static func folder(_ path: String) throws(OutputError) -> FileLock {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw OutputError.lastError(path) }
    while flock(descriptor, LOCK_EX) != 0 {
      if unsupported(errno) { break }
      guard errno == EINTR else {
        let error = OutputError.lastError(path)
        close(descriptor)
        throw error
      }
    }
    return FileLock(descriptor: descriptor)
  }

  /// Creates the file `path` (which must not exist), locks it and writes `bytes` into it:
  /// the lock is taken before anything is written, so whoever reads a whole marker while
  /// holding its lock knows that its writer is gone.
  static func create(_ path: String, writing bytes: [UInt8]) throws(OutputError) -> FileLock {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError.lastError(path) }
    let lock = FileLock(descriptor: descriptor)
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 || unsupported(errno) else { throw OutputError.lastError(path) }
    try lock.replaceContents(with: bytes, path: path)
    return lock
  }

  /// Opens the file `path` (not through a symbolic link) and takes its lock if it is free;
  /// `nil` when it cannot be opened or another descriptor holds the lock. `writable`
  /// opens it for `replaceContents` too.
  static func ifFree(_ path: String, writable: Bool = false) -> FileLock? {
    let descriptor = open(path, (writable ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return FileLock(descriptor: descriptor)
  }

  /// Whether `flock` failed because the file system has no locks (some network file
  /// systems): the tool then writes without them, and such a work folder never counts
  /// as stale (`ifFree` cannot lock it), so it is never removed by another run.
  private static func unsupported(_ code: Int32) -> Bool {
    code == ENOLCK || code == EOPNOTSUPP || code == EINVAL
  }

  /// Rewrites the locked file's contents in place (the lock stays held). The new bytes,
  /// padded with spaces to the old length, go in one `pwrite` before the file is cut to
  /// size, so a process killed at any moment leaves a whole JSON marker (trailing spaces
  /// are valid JSON), never an empty or mixed one.
  func replaceContents(with bytes: [UInt8], path: String) throws(OutputError) {
    mutex.lock()
    defer { mutex.unlock() }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw OutputError.lastError(path) }
    let padded = bytes + [UInt8](repeating: UInt8(ascii: " "), count: max(0, Int(info.st_size) - bytes.count))
    let written = padded.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    guard written == padded.count else { throw OutputError.lastError(path) }
    guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw OutputError.lastError(path) }
  }

  /// Releases the lock (closes the descriptor); later calls do nothing.
  func release() {
    mutex.lock()
    defer { mutex.unlock() }
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }
}
