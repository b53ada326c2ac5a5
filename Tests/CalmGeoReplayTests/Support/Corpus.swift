import Foundation
import Testing

/// Locates the shared corpus of real logs (`../shared/corpus` beside the checkout).
///
/// Tests that need it use `.enabled(if: Corpus.isAvailable, Corpus.skipReason)`; when the
/// folder is absent they are skipped and the reason is printed.
enum Corpus {
  /// The checkout's root folder, from this file's path.
  static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `../shared/corpus`, or `CALMGEO_CORPUS` when set.
  static let root: URL = {
    if let override = ProcessInfo.processInfo.environment["CALMGEO_CORPUS"] {
      return URL(fileURLWithPath: override)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }()

  static let isAvailable: Bool = {
    let available = FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path)
    if !available { print("skipped: corpus tests need \(root.path) (the shared folder beside the checkout)") }
    return available
  }()

  static let skipReason: Comment = "needs ../shared/corpus beside the checkout"

  /// The three original sample logs in `Samples/` (always present: they are committed).
  static let samplePaths = ["drive-speed-changes.csv", "stationary-drift.csv", "walk-with-long-stop.csv"]
    .map { repositoryRoot.appendingPathComponent("Samples/\($0)").path }

  /// The path of a corpus file, e.g. `path("csv/dat100__20170813.csv")`.
  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// The files of one corpus folder (`csv`, `nmea`, `gpx`, `other`), sorted.
  static func files(in folder: String, excluding suffixes: [String] = []) -> [String] {
    guard isAvailable,
      let names = try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
    else { return [] }
    return names.filter { name in !suffixes.contains { name.hasSuffix($0) } }.sorted().map { "\(folder)/\($0)" }
  }
}

/// Files committed under `Tests/CalmGeoReplayTests/Fixtures`.
enum Fixture {
  static let root = Corpus.repositoryRoot.appendingPathComponent("Tests/CalmGeoReplayTests/Fixtures")
  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
