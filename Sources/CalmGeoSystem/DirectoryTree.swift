#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Removal of a folder without ever following a symbolic link: every step is relative to an
/// open descriptor of the folder above (`openat` with `O_NOFOLLOW`, `fstatat` with
/// `AT_SYMLINK_NOFOLLOW`, `unlinkat`), so a link inside is removed as a link and nothing
/// outside the folder is touched, even if a path on the way is swapped for a link meanwhile.
package enum DirectoryTree {
  /// Opens the folder `path` for the calls below (never for reading files through it).
  package static func openFolder(_ path: String) throws(Errno) -> FileDescriptor {
    try FileDescriptor.opening(path, .readOnly, options: [.directory, .closeOnExec])
  }

  /// Removes the entry `name` (a NUL-terminated file name as the system gave it, not
  /// necessarily UTF-8) of the folder open at `directory`, whole if it is a folder, down to
  /// `maximumDepth` levels; `true` when it is gone.
  package static func remove(_ name: [CChar], at directory: FileDescriptor, depth: Int, maximumDepth: Int) -> Bool {
    let folder = directory.rawValue
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
    guard info.st_mode & S_IFMT == S_IFDIR else { return unlinkat(folder, name, 0) == 0 || errno == ENOENT }
    guard depth < maximumDepth else { return false }
    let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else { return false }
    guard let stream = fdopendir(child) else {
      _ = close(child)
      return false
    }
    var names: [[CChar]] = []
    while let entry = readdir(stream) {
      let entryName: [CChar] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
      }
      if entryName != [46, 0] && entryName != [46, 46, 0] { names.append(entryName) }
    }
    var removedAll = true
    let childDescriptor = FileDescriptor(rawValue: child)
    for entryName in names
    where !remove(entryName, at: childDescriptor, depth: depth + 1, maximumDepth: maximumDepth) {
      removedAll = false
    }
    closedir(stream)
    return removedAll && (unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
  }
}
