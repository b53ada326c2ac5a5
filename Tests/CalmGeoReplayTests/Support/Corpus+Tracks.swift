@testable import CalmGeoReplay

extension Corpus {
  /// Calls `body` with every corpus log that loads with at least one fix (folder by folder: `csv`,
  /// `nmea`, `gpx`, `other`; sorted within each) and returns how many there were.
  @discardableResult
  static func forEachTrack(_ body: (_ file: String, _ track: Track) -> Void) -> Int {
    var count = 0
    for folder in ["csv", "nmea", "gpx", "other"] {
      for file in files(in: folder) {
        guard let track = try? TrackReader.load(path: path(file)), !track.fixes.isEmpty else { continue }
        body(file, track)
        count += 1
      }
    }
    return count
  }
}
