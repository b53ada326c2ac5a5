import CalmGeoReplay
import Foundation

/// `check --init`: a new golden folder's manifest for the logs given, with paths
/// relative to the folder, and the plan that records their outputs.
struct CheckInit {
  let golden: String
  let logs: [String]
  let config: String?
  /// Parse options as the manifest writes them (`format`, `date`, `utcOffset`, `timeFormat`).
  let writtenOptions: [SpecNode.Field]

  /// The manifest to write once the outputs are recorded.
  /// - Throws: `CheckError` (64) when the folder already has a manifest.
  func manifest() throws -> CheckManifest {
    for name in GoldenFolder.manifestNames
    where FileManager.default.fileExists(atPath: CheckPaths.resolve(name, in: golden)) {
      throw CheckError(
        CheckPaths.resolve(name, in: golden),
        "already a golden folder (check it, or rewrite its outputs with check --update)", code: 64)
    }
    var names = OutputNames()
    let tracks = logs.map { log in
      CheckManifest.Track(
        log: CheckPaths.relative(log, from: golden), config: config.map { CheckPaths.relative($0, from: golden) },
        name: names.claim(for: log), writtenOptions: writtenOptions)
    }
    // The tolerances the project's own golden folder uses, so that a new folder is as strict as that one.
    return CheckManifest(tracks: tracks, tolerance: .projectGolden)
  }

  /// The tracks to record: the logs as given, so that `stats.json` names them as a
  /// `replay` from here would, with the options read back from the manifest's JSON.
  func plan(_ manifest: CheckManifest) throws -> CheckPlan {
    let configuration = try config.map { try CheckPlan.configuration($0) } ?? ReplayConfiguration()
    let written = try CheckManifestDecoder.decode(SpecNode(json: manifest.json), source: "--init")
    return CheckPlan(
      tracks: zip(logs, written.tracks).map { log, track in
        CheckPlan.Track(
          name: track.name ?? log, log: log, configuration: configuration, options: track.options,
          format: track.format)
      })
  }
}
