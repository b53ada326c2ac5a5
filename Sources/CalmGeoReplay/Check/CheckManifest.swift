/// A golden folder's manifest (`check.json` or `check.yaml`): the tracks `check`
/// replays, the tolerances of the stats comparison, and optional gates.
///
/// Paths are as written, relative to the manifest's folder unless absolute; the CLI
/// resolves them.
package struct CheckManifest: Sendable {
  /// One track: a log, its configuration and parse options, and its output folder's name.
  package struct Track: Sendable {
    /// The log's path as written.
    package var log: String
    /// The configuration JSON's path as written; `nil` for CalmGeo's defaults.
    package var config: String?
    /// The scenario file's path as written (`--scenario`); `nil` for the standard scenario.
    package var scenario: String?
    /// The output folder's name; `nil` for the log's file name without extensions.
    package var name: String?
    /// A geofences file's path as written (`--geofences`); `nil` for none.
    package var geofences: String?
    /// Read as this format instead of detecting it.
    package var format: InputFormat?
    /// Parser settings (`date`, `utcOffset`, `timeFormat`, …).
    package var options: ParseOptions
    /// The `options` object as written (what `--init` writes back).
    package var writtenOptions: [SpecNode.Field]
    /// The manifest line of the item.
    package var line: Int

    package init(
      log: String, config: String? = nil, name: String? = nil, format: InputFormat? = nil,
      options: ParseOptions = ParseOptions(), writtenOptions: [SpecNode.Field] = [], line: Int = 0
    ) {
      self.log = log
      self.config = config
      self.name = name
      self.format = format
      self.options = options
      self.writtenOptions = writtenOptions
      self.line = line
    }
  }

  /// Where gates come from: written in the manifest, or a file it names.
  package enum Assert: Sendable {
    case inline(CheckGates)
    case file(String, line: Int)
  }

  package var tracks: [Track]
  package var tolerance: CheckTolerance
  package var assert: Assert?

  package init(tracks: [Track], tolerance: CheckTolerance = CheckTolerance(), assert: Assert? = nil) {
    self.tracks = tracks
    self.tolerance = tolerance
    self.assert = assert
  }

  /// The manifest as `--init` writes it: pretty JSON, keys in the documented order.
  package var json: OrderedJSON {
    let tracks: [OrderedJSON] = tracks.map { track in
      var fields: [(String, OrderedJSON)] = [("log", .string(track.log))]
      if let config = track.config { fields.append(("config", .string(config))) }
      if let scenario = track.scenario { fields.append(("scenario", .string(scenario))) }
      if let name = track.name { fields.append(("name", .string(name))) }
      if let geofences = track.geofences { fields.append(("geofences", .string(geofences))) }
      if !track.writtenOptions.isEmpty {
        fields.append(("options", .object(track.writtenOptions.map { ($0.key, $0.value.json) })))
      }
      return .object(fields)
    }
    var tolerance: [(String, OrderedJSON)] = [("default", .double(self.tolerance.defaultValue))]
    tolerance += self.tolerance.patterns.map { ($0.glob, .double($0.value)) }
    return .object([("tracks", .array(tracks)), ("tolerance", .object(tolerance))])
  }
}
