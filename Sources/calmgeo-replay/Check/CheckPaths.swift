import CalmGeoSystem
import Foundation

/// Paths of a golden folder: names in a manifest resolved against its folder, `..`
/// folded where that names the same file, and paths made relative for `--init`.
enum CheckPaths {
  /// `name` relative to `folder` unless absolute.
  static func resolve(_ name: String, in folder: String) -> String {
    name.hasPrefix("/") || folder.isEmpty || folder == "." ? name : (folder as NSString).appendingPathComponent(name)
  }

  /// `path` with `.` and `dir/..` folded (`Samples/expected/../walk.csv` is
  /// `Samples/walk.csv`) when both name the same file (or neither exists), so that a
  /// replay records, and errors name, the path `replay` would; otherwise `path` itself
  /// (a symbolic link on the way).
  static func folded(_ path: String) -> String {
    let lexical = lexicallyFolded(path)
    guard lexical != path else { return path }
    guard let a = try? SystemFiles.status(path) else {
      return (try? SystemFiles.status(lexical)) != nil ? path : lexical
    }
    guard let b = try? SystemFiles.status(lexical), a.deviceID == b.deviceID, a.inode == b.inode else { return path }
    return lexical
  }

  /// `.` and `dir/..` removed without looking at the file system.
  static func lexicallyFolded(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else if part == "..", absolute {
        continue
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// `path` relative to `folder` (both relative to the current directory or absolute),
  /// e.g. `Samples/walk.csv` from `Samples/expected` is `../walk.csv`.
  static func relative(_ path: String, from folder: String) -> String {
    let here = FileManager.default.currentDirectoryPath
    func components(_ path: String) -> [Substring] {
      lexicallyFolded(path.hasPrefix("/") ? path : here + "/" + path).split(separator: "/")
    }
    let target = components(path)
    let base = components(folder)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }
}
