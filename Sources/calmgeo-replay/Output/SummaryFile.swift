import CalmGeoReplay
import CalmGeoSystem
import Foundation

/// `replay`'s `<out>/summary.csv`: written from the logs of this run only, and only over
/// a file the tool wrote, known by its header (it sits beside the track folders, in a
/// folder that may be the user's, so it carries no marker of its own).
enum SummaryFile {
  /// How every summary.csv begins, this version's and earlier ones' (which had no
  /// `session` column at the end of the header).
  static let header = "log,fixes_used,emitted,kept_ratio,"

  /// Throws unless `path` is missing or a regular file that starts like the summary's header.
  static func checkPlace(_ path: String) throws(OutputError) {
    let what = "choose another --out, or remove it"
    let info: Stat
    do throws(Errno) {
      info = try SystemFiles.status(path, followingLinks: false)
    } catch {
      guard error == .noSuchFileOrDirectory else { throw OutputError(path: path, error) }
      return
    }
    guard info.type == .regular else {
      throw OutputError(path: path, refusal: "is in the way and is not a summary.csv calmgeo-replay wrote; \(what)")
    }
    let handle = FileHandle(forReadingAtPath: path)
    defer { try? handle?.close() }
    let start = (try? handle?.read(upToCount: header.utf8.count)) ?? nil
    guard let start, Array(start) == Array(header.utf8) else {
      throw OutputError(
        path: path,
        refusal: "is not a summary.csv calmgeo-replay wrote (its first line is not "
          + "the summary's header); \(what)")
    }
  }

  /// Writes `summary` to `path` (atomically) if what is there may be replaced.
  static func write(_ summary: CrossTrackSummary, to path: String) throws {
    try checkPlace(path)
    try OutputFolder.writeAtomically(Array(summary.csv().utf8), to: path)
  }
}
