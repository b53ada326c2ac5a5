import Foundation

/// What a golden folder's track folder may hold for `check --update` to replace it whole:
/// only files the tool writes into a track's output (any version, marker or not). Any
/// other file there is the user's, so the update refuses rather than remove it with
/// the old outputs.
enum GoldenTrackContents {
  /// Names in the track folder itself.
  static let topLevel: Set<String> = [
    OwnershipMarker.fileName, "locations.json", "locations.ndjson", "stats.json", "calls.ndjson", "geofences.ndjson",
    "stops.ndjson",
    "report.html", "trace.ndjson", "raw.gpx", "raw.geojson", "emitted.gpx", "emitted.geojson",
  ]
  /// Names in its `uploads/` besides the numbered bodies (`000001.json`).
  static let uploads: Set<String> = ["requests.ndjson", "bodies.ndjson"]

  /// Throws a refusal naming the first entry of the folder `path` that the tool does not write.
  static func check(_ path: String) throws(OutputError) {
    for entry in entries(path) where !topLevel.contains(entry) {
      let child = (path as NSString).appendingPathComponent(entry)
      guard entry == "uploads", FileKind.of(child) == .directory else { throw foreign(child, track: path) }
      for upload in entries(child) where !isUpload(upload, in: child) {
        throw foreign((child as NSString).appendingPathComponent(upload), track: path)
      }
    }
  }

  private static func isUpload(_ name: String, in folder: String) -> Bool {
    let path = (folder as NSString).appendingPathComponent(name)
    guard FileKind.of(path) == .other else { return false }
    if uploads.contains(name) { return true }
    guard name.hasSuffix(".json") else { return false }
    let stem = name.dropLast(5)
    return !stem.isEmpty && stem.allSatisfy { $0.isASCII && $0.isNumber }
  }

  private static func entries(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  private static func foreign(_ path: String, track: String) -> OutputError {
    OutputError(
      path: path,
      refusal: "is not a file calmgeo-replay writes, and check --update replaces the track "
        + "folder whole; move it out of \(track), then update again")
  }
}
