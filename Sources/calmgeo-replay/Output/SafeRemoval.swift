import CalmGeoSystem
import Foundation

/// Removes a folder the tool owns without ever following a symbolic link (`DirectoryTree`:
/// every step relative to an open descriptor of the folder above), so a link inside is
/// removed as a link and nothing outside the folder is touched, even if a path on the way
/// is swapped for a link while it runs.
enum SafeRemoval {
  /// Removes the entry `name` (one path component) of the folder `parent`, whole if it
  /// is a folder; `true` when it is gone.
  @discardableResult
  static func remove(_ name: String, in parent: String) -> Bool {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return false }
    guard let directory = try? DirectoryTree.openFolder(parent.isEmpty ? "." : parent) else { return false }
    defer { directory.closeQuietly() }
    return DirectoryTree.remove(Array(name.utf8CString), at: directory, depth: 0, maximumDepth: maximumDepth)
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
}
