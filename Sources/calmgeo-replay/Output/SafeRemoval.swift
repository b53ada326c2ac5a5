import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes a folder the tool owns without ever following a symbolic link: every step is
/// relative to an open descriptor of the folder above (`openat` with `O_NOFOLLOW`,
/// `fstatat` with `AT_SYMLINK_NOFOLLOW`, `unlinkat`), so a link inside is removed as a
/// link and nothing outside the folder is touched, even if a path on the way is
/// swapped for a link while it runs.
enum SafeRemoval {
  /// Removes the entry `name` (one path component) of the folder `parent`, whole if it
  /// is a folder; `true` when it is gone.
  @discardableResult
  static func remove(_ name: String, in parent: String) -> Bool {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return false }
    let directory = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { return false }
    defer { close(directory) }
    return remove(Array(name.utf8CString), at: directory, depth: 0)
  }

  /// Removes `path` (its last component, in the folder above it).
  @discardableResult
  static func remove(path: String) -> Bool {
    let (parent, name) = split(path)
    return remove(name, in: parent)
  }

  /// `path`'s folder and last component, split by hand (`NSString` traps on some short paths).
  static func split(_ path: String) -> (parent: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    let parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    return (parent, String(trimmed[trimmed.index(after: slash)...]))
  }

  /// Folders nested deeper than this are left (the tool writes three levels at most).
  private static let maximumDepth = 64

  /// `name` is a NUL-terminated file name as the system gave it (not necessarily UTF-8).
  private static func remove(_ name: [CChar], at directory: Int32, depth: Int) -> Bool {
    var info = stat()
    guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return errno == ENOENT }
    guard info.st_mode & S_IFMT == S_IFDIR else { return unlinkat(directory, name, 0) == 0 || errno == ENOENT }
    guard depth < maximumDepth else { return false }
    let child = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard child >= 0 else { return false }
    guard let stream = fdopendir(child) else {
      close(child)
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
    for entryName in names where !remove(entryName, at: child, depth: depth + 1) { removedAll = false }
    closedir(stream)
    return removedAll && (unlinkat(directory, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
  }
}
