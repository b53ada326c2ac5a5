import CalmGeoReplay
import Foundation

/// A check's tracks ready to replay: names given or derived from the logs, logs and
/// configurations resolved against the manifest's folder and loaded, gates gathered.
struct CheckPlan {
  /// One track to replay.
  struct Track {
    /// The output folder's name.
    var name: String
    /// The log's path as the replay reads (and `stats.json` records) it.
    var log: String
    var configuration: ReplayConfiguration
    var options: ParseOptions
    var format: InputFormat?
    /// The app's geofences to monitor (none without a `geofences` file).
    var geofences: [GeofenceCondition] = []
  }

  var tracks: [Track]
  var tolerance: CheckTolerance
  var gates: CheckGates

  init(tracks: [Track], tolerance: CheckTolerance = CheckTolerance(), gates: CheckGates = CheckGates()) {
    self.tracks = tracks
    self.tolerance = tolerance
    self.gates = gates
  }

  /// The plan of a golden folder's manifest, with the gates of `assertFile` added to
  /// the manifest's own.
  /// - Throws: `DocumentError` (64), `CheckError` (64, 66).
  /// `assignments` (`--set key=value`) apply over every track's configuration.
  init(golden: GoldenFolder, assertFile: String?, assignments: [String] = []) throws {
    let manifest = try golden.manifest()
    let folder = golden.path
    var names = OutputNames()
    for (index, track) in manifest.tracks.enumerated() {
      if let name = track.name, !names.reserve(name) {
        throw DocumentError(
          .checkManifest, source: golden.manifestPath, line: track.line, key: "tracks[\(index)].name",
          reason: "another track is already named \"\(name)\"")
      }
    }
    var configurations: [String: ReplayConfiguration] = [:]
    tracks = try manifest.tracks.map { track in
      let config = track.config.map { CheckPaths.folded(CheckPaths.resolve($0, in: folder)) }
      if let config, configurations[config] == nil {
        configurations[config] = try Self.configuration(config, assignments: assignments)
      }
      var configuration =
        try config.flatMap { configurations[$0] }
        ?? ConfigurationLoader.load(file: nil, assignments: assignments)
      if let scenario = track.scenario {
        configuration.scenario = try ConfigurationLoader.scenario(
          path: CheckPaths.folded(CheckPaths.resolve(scenario, in: folder)))
      }
      return Track(
        name: track.name ?? names.claim(for: track.log),
        log: CheckPaths.folded(CheckPaths.resolve(track.log, in: folder)),
        configuration: configuration, options: track.options, format: track.format,
        geofences: try track.geofences.map {
          try GeofencesLoader.load(CheckPaths.folded(CheckPaths.resolve($0, in: folder)))
        } ?? [])
    }
    tolerance = manifest.tolerance
    gates = CheckGates()
    switch manifest.assert {
    case .inline(let inline)?: gates = inline
    case .file(let name, _)?: gates = try Self.gates(CheckPaths.folded(CheckPaths.resolve(name, in: folder)))
    case nil: break
    }
    if let assertFile { gates.gates += try Self.gates(assertFile).gates }
  }

  /// A configuration file, decoded, with `assignments` applied over it.
  static func configuration(_ path: String, assignments: [String] = []) throws -> ReplayConfiguration {
    try ConfigurationLoader.load(data: Data(try GoldenFolder.bytes(path)), source: path, assignments: assignments)
  }

  /// A gates file (JSON or YAML), decoded.
  static func gates(_ path: String) throws -> CheckGates {
    let text = try GoldenFolder.text(path)
    return try CheckGates(CheckManifestDecoder.document(text, source: path, document: .gates), source: path)
  }
}
