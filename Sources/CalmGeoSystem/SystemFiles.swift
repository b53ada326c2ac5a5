#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Calls on paths: folders, renames, removals, unique names, status, real paths.
package enum SystemFiles {
  /// Creates the folder `path` (`mkdir`); its parent must exist.
  package static func makeDirectory(
    _ path: String, permissions: FilePermissions = FilePermissions(rawValue: 0o755)
  ) throws(Errno) {
    try retryingInterrupts { mkdir(path, permissions.rawValue) }
  }

  /// The status of `path` (`stat`, or `lstat` when `followingLinks` is false).
  package static func status(_ path: String, followingLinks: Bool = true) throws(Errno) -> Stat {
    try Stat(FilePath(path), followTargetSymlink: followingLinks)
  }

  /// Renames `source` to `target`, replacing what is there (a file or an empty folder).
  package static func rename(_ source: String, to target: String) throws(Errno) {
    try retryingInterrupts { systemRename(source, target) }
  }

  /// Removes the file (or symbolic link) `path` (`unlink`).
  package static func removeFile(_ path: String) throws(Errno) {
    try retryingInterrupts { unlink(path) }
  }

  /// Removes the empty folder `path` (`rmdir`).
  package static func removeEmptyDirectory(_ path: String) throws(Errno) {
    try retryingInterrupts { rmdir(path) }
  }

  /// Creates a new folder named by `template`, whose last six characters are `XXXXXX`,
  /// replaced by characters nobody can predict (`mkdtemp`); its path.
  package static func makeUniqueDirectory(template: String) throws(Errno) -> String {
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else { throw Errno.last }
    return String(cString: made)
  }

  /// Creates and opens a new file named by `template` (`XXXXXX` at the end, as for
  /// `makeUniqueDirectory`) with permissions 0600 (`mkstemp`); its descriptor and path.
  package static func makeUniqueFile(template: String) throws(Errno) -> (descriptor: FileDescriptor, path: String) {
    var bytes = Array(template.utf8CString)
    let descriptor = mkstemp(&bytes)
    guard descriptor >= 0 else { throw Errno.last }
    let path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (FileDescriptor(rawValue: descriptor), path)
  }

  /// `path` with symbolic links, `.` and `..` resolved (`realpath`); `nil` when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// `rename(2)`, named so that `SystemFiles.rename` does not hide it.
private func systemRename(_ source: String, _ target: String) -> Int32 {
  rename(source, target)
}
