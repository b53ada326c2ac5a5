import CalmGeoReplay
import Foundation

/// Reads the file named by `--geofences` (or a check manifest's `geofences`).
enum GeofencesLoader {
  /// The conditions of `path`.
  /// - Throws: `DocumentError` (exit 64) for a file that cannot be read or used.
  static func load(_ path: String) throws -> [GeofenceCondition] {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
      throw DocumentError(.geofences, source: path, key: "", reason: reason)
    }
    return try GeofenceFileDecoder.decode(String(decoding: data, as: UTF8.self), source: path)
  }
}
