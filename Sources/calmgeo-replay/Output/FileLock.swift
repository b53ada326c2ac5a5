import CalmGeoSystem
import Foundation

/// An advisory `flock(2)` held on an open file or folder until `release()` (or the
/// process ends: the kernel frees it then, however the process died). Two descriptors
/// conflict even within one process, so threads exclude each other too.
final class FileLock: @unchecked Sendable {
  /// The locked descriptor; `nil` once released.
  private(set) var descriptor: FileDescriptor?
  private let mutex = NSLock()

  private init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  deinit {
    descriptor?.closeQuietly()
  }

  /// Locks the folder `path` exclusively, waiting for another holder (held only for
  /// short steps: claiming a name, committing); `OutputError` when it cannot be opened.
  static func folder(_ path: String) throws(OutputError) -> FileLock {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try .opening(path, .readOnly, options: [.directory, .closeOnExec])
    } catch {
      throw OutputError(path: path, error)
    }
    do throws(Errno) {
      try descriptor.lockExclusively(waiting: true)
    } catch  where !unsupported(error) {
      descriptor.closeQuietly()
      throw OutputError(path: path, error)
    } catch {}
    return FileLock(descriptor: descriptor)
  }

  /// Creates the file `path` (which must not exist), locks it and writes `bytes` into it:
  /// the lock is taken before anything is written, so whoever reads a whole marker while
  /// holding its lock knows that its writer is gone.
  static func create(_ path: String, writing bytes: [UInt8]) throws(OutputError) -> FileLock {
    let lock: FileLock
    do throws(Errno) {
      lock = FileLock(
        descriptor: try .opening(
          path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
          permissions: FilePermissions(rawValue: 0o644)))
    } catch {
      throw OutputError(path: path, error)
    }
    do throws(Errno) {
      try lock.descriptor?.lockExclusively(waiting: false)
    } catch  where !unsupported(error) {
      throw OutputError(path: path, error)
    } catch {}
    try lock.replaceContents(with: bytes, path: path)
    return lock
  }

  /// Opens the file `path` (not through a symbolic link) and takes its lock if it is free;
  /// `nil` when it cannot be opened or another descriptor holds the lock. `writable`
  /// opens it for `replaceContents` too.
  static func ifFree(_ path: String, writable: Bool = false) -> FileLock? {
    guard
      let descriptor = try? FileDescriptor.opening(
        path, writable ? .readWrite : .readOnly, options: [.noFollow, .closeOnExec])
    else { return nil }
    do {
      try descriptor.lockExclusively(waiting: false)
    } catch {
      descriptor.closeQuietly()
      return nil
    }
    return FileLock(descriptor: descriptor)
  }

  /// Whether `flock` failed because the file system has no locks (some network file
  /// systems): the tool then writes without them, and such a work folder never counts
  /// as stale (`ifFree` cannot lock it), so it is never removed by another run.
  /// (`ENOTSUP` is `EOPNOTSUPP` on Linux; macOS has both.)
  private static func unsupported(_ error: Errno) -> Bool {
    [.noLocks, .notSupportedOnSocket, .notSupported, .invalidArgument].contains(error)
  }

  /// Rewrites the locked file's contents in place (the lock stays held). The new bytes,
  /// padded with spaces to the old length, go in one `pwrite` before the file is cut to
  /// size, so a process killed at any moment leaves a whole JSON marker (trailing spaces
  /// are valid JSON), never an empty or mixed one.
  func replaceContents(with bytes: [UInt8], path: String) throws(OutputError) {
    mutex.lock()
    defer { mutex.unlock() }
    guard let descriptor else { throw OutputError(path: path, .badFileDescriptor) }
    do throws(Errno) {
      let size = try descriptor.status().size
      let padded = bytes + [UInt8](repeating: UInt8(ascii: " "), count: max(0, Int(size) - bytes.count))
      let written = padded.withUnsafeBytes { raw in Result { () throws(Errno) in try descriptor.writeOnce(at: 0, raw) }
      }
      guard try written.get() == padded.count else { throw Errno.ioError }
      try descriptor.truncate(to: Int64(bytes.count))
    } catch {
      throw OutputError(path: path, error)
    }
  }

  /// Releases the lock (closes the descriptor); later calls do nothing.
  func release() {
    mutex.lock()
    defer { mutex.unlock() }
    descriptor?.closeQuietly()
    descriptor = nil
  }
}
