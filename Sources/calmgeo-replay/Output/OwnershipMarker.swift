import CalmGeoSystem
import Foundation

/// The file by which the tool knows a folder as its own: `.calmgeo-replay.json` in the
/// folder, saying which tool made it, the kind of folder and the input it belongs to.
///
/// The tool removes or replaces only a folder whose marker is its own, of the same kind,
/// for the same input. The same input is the same file: the log's (or sweep spec's, or
/// shard folders') path with symbolic links, `.` and `..` resolved (`realpath`), so that
/// `walk.csv`, `./walk.csv` and `/home/me/walk.csv` are one input and `a/walk.csv` and
/// `b/walk.csv` are two; standard input is the input `-`.
struct OwnershipMarker: Codable, Equatable {
  static let fileName = ".calmgeo-replay.json"
  static let toolName = "calmgeo-replay"

  /// What a marked folder is.
  enum Kind: String, Codable {
    /// A log's output of `replay`, `check --out` or a `--keep-best` replay.
    case track
    /// A log's output of `live`.
    case live
    /// The output of `sweep` (a shard's too).
    case sweep
    /// The output of `merge`.
    case merge
    /// A folder being built, claimed by the process that holds the lock on this file.
    case work

    /// How an error names a folder of this kind.
    var described: String {
      switch self {
      case .track: "a replay output"
      case .live: "a live output"
      case .sweep: "a sweep output"
      case .merge: "a merge output"
      case .work: "a work folder"
      }
    }
  }

  var tool = Self.toolName
  var kind: Kind
  /// The input the folder belongs to (see the type's documentation).
  var input: String
  /// For a work folder: the kind of folder it becomes.
  var becomes: Kind?
  /// For a work folder: the name it will have in its parent.
  var name: String?
  /// For a work folder: the process building it (for messages; the lock decides).
  var pid: Int32?

  /// The marker's bytes (one line of JSON).
  var bytes: [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(self)) ?? Data()) + [UInt8(ascii: "\n")]
  }

  /// The marker of the folder `path` when it is a real folder (not a symbolic link) whose
  /// marker is a regular file this tool wrote; `nil` otherwise.
  static func read(folder path: String) -> OwnershipMarker? {
    guard FileKind.of(path) == .directory else { return nil }
    guard
      let descriptor = try? FileDescriptor.opening(
        (path as NSString).appendingPathComponent(fileName), .readOnly, options: [.noFollow, .closeOnExec])
    else { return nil }
    defer { descriptor.closeQuietly() }
    return read(descriptor: descriptor)
  }

  /// The marker in an open file (at most 64 KiB read); `nil` when it is not one of ours.
  static func read(descriptor: FileDescriptor) -> OwnershipMarker? {
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let count = bytes.withUnsafeMutableBytes { (try? descriptor.readSome(at: 0, into: $0)) ?? -1 }
    guard count > 0 else { return nil }
    guard let marker = try? JSONDecoder().decode(OwnershipMarker.self, from: Data(bytes[..<count])),
      marker.tool == toolName
    else { return nil }
    return marker
  }

  /// The identity of an input path: `-` as it is, else its real path, else (when it does
  /// not exist) its absolute path with `.` and `..` folded.
  static func identity(of path: String) -> String {
    if path == "-" { return path }
    if let resolved = SystemFiles.realPath(path) { return resolved }
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return CheckPaths.lexicallyFolded(absolute)
  }
}

/// What is at a path, without following a symbolic link there.
enum FileKind: Equatable {
  case missing, directory, symbolicLink, other

  static func of(_ path: String) -> FileKind {
    let info: Stat
    do throws(Errno) {
      info = try SystemFiles.status(path, followingLinks: false)
    } catch {
      return error == .noSuchFileOrDirectory ? .missing : .other
    }
    switch info.type {
    case .directory: return .directory
    case .symbolicLink: return .symbolicLink
    default: return .other
    }
  }
}
