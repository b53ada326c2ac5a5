import CalmGeoReplay
import Foundation

/// A golden folder on disk: its manifest (`check.json`, `check.yaml` or `check.yml`) and
/// one output folder per track, read the way `check` compares them.
struct GoldenFolder {
  static let manifestNames = ["check.json", "check.yaml", "check.yml"]

  /// The folder holding the manifest and the track folders.
  let path: String
  /// The manifest file.
  let manifestPath: String

  /// The golden folder at `path`, or the one whose manifest `path` is.
  /// - Throws: `CheckError` (66) when there is no such folder or no manifest in it.
  init(_ path: String) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw CheckError(path, "no such golden folder (create one with check --init)", code: 66)
    }
    if isFolder.boolValue {
      let found = Self.manifestNames.map { CheckPaths.resolve($0, in: path) }.first {
        FileManager.default.fileExists(atPath: $0)
      }
      guard let found else {
        throw CheckError(
          path, "no check.json or check.yaml in the golden folder (create one with check --init)", code: 66)
      }
      self.path = path
      manifestPath = found
    } else {
      let folder = (path as NSString).deletingLastPathComponent
      self.path = folder.isEmpty ? "." : folder
      manifestPath = path
    }
  }

  /// The manifest, decoded.
  func manifest() throws -> CheckManifest {
    try CheckManifestDecoder.decode(try Self.text(manifestPath), source: manifestPath)
  }

  /// The stored outputs of a track.
  func track(_ name: String) -> String {
    CheckPaths.resolve(name, in: path)
  }

  /// A whole text file; `CheckError` (66) when it cannot be read.
  static func text(_ path: String) throws -> String {
    String(decoding: try bytes(path), as: UTF8.self)
  }

  /// A whole file's bytes; `CheckError` (66) when it cannot be read.
  static func bytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
      throw CheckError(path, reason, code: 66)
    }
    return [UInt8](data)
  }

  /// The compared files of an output folder: `locations.json`, `calls.ndjson` (with a
  /// scenario) and every file in `uploads/`, as paths relative to the folder (other files, such as `report.html`,
  /// are not compared).
  static func outputFiles(in folder: String) -> [String] {
    var files: [String] = []
    if FileManager.default.fileExists(atPath: CheckPaths.resolve("locations.json", in: folder)) {
      files.append("locations.json")
    }
    if FileManager.default.fileExists(atPath: CheckPaths.resolve("calls.ndjson", in: folder)) {
      files.append("calls.ndjson")
    }
    let uploads = CheckPaths.resolve("uploads", in: folder)
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).sorted()
    where !name.hasPrefix(".") {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: CheckPaths.resolve(name, in: uploads), isDirectory: &isFolder),
        !isFolder.boolValue
      {
        files.append("uploads/" + name)
      }
    }
    return files
  }

  /// A `stats.json` read back as `ReplayStats`.
  /// - Throws: `CheckError`: 66 when it cannot be read, 65 when it is not a stats.json.
  static func stats(_ path: String) throws -> ReplayStats {
    let data = Data(try bytes(path))
    do {
      return try JSONDecoder().decode(ReplayStats.self, from: data)
    } catch {
      throw CheckError(
        path, "not a calmgeo-replay stats.json: \(CalmGeoReplayCommand.Compare.describe(error))", code: 65)
    }
  }
}
