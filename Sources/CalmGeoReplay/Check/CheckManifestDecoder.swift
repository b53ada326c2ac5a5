/// Reads a check manifest (JSON or YAML) into a `CheckManifest`, with errors that name
/// the file, the line, the key, the value found and what was expected.
///
/// Top-level fields: `tracks` (required), `tolerance`, `assert`; track fields: `log`
/// (required), `config`, `scenario` (the app's calls, `--scenario`), `name`, `geofences` (a geofences
/// file, as `--geofences`), `options` (those of a sweep's tracks: `format` and every key of
/// `ParseOptionDescriptor.all`). Any other key is an error with a "did you mean".
package enum CheckManifestDecoder {
  static let fields = ["tracks", "tolerance", "assert"]
  static let trackFields = ["log", "config", "scenario", "name", "geofences", "options"]

  /// Parses a manifest's text: JSON when `source` ends in `.json` (or, for other names,
  /// when the text starts with `{`), YAML otherwise.
  package static func decode(_ text: String, source: String) throws(DocumentError) -> CheckManifest {
    try decode(try document(text, source: source, document: .checkManifest), source: source)
  }

  /// Parses a JSON or YAML document (a manifest or a gates file).
  package static func document(_ text: String, source: String, document: DocumentError.Document) throws(DocumentError)
    -> SpecNode
  {
    let lower = source.lowercased()
    let isJSON =
      lower.hasSuffix(".json")
      || (!lower.hasSuffix(".yaml") && !lower.hasSuffix(".yml") && text.first { !$0.isWhitespace } == "{")
    do {
      return isJSON ? try SpecJSONReader.read(text, source: source) : try SpecYAMLReader.read(text, source: source)
    } catch {
      throw error.reported(as: document)
    }
  }

  /// Reads a manifest from its parsed document.
  package static func decode(_ root: SpecNode, source: String) throws(DocumentError) -> CheckManifest {
    do {
      return try read(root, reader: SweepSpecDecoder.Reader(source: source))
    } catch {
      throw error.reported(as: .checkManifest)
    }
  }

  private static func read(_ root: SpecNode, reader: SweepSpecDecoder.Reader) throws(DocumentError) -> CheckManifest {
    let fields = try reader.object(root, key: "", known: fields)
    guard let tracksNode = fields["tracks"] else {
      throw reader.fail(root, "tracks", "missing; expected a list of {log, config, name, options}")
    }
    guard case .array(let items) = tracksNode.kind, !items.isEmpty else {
      throw reader.fail(
        tracksNode, "tracks", "expected a non-empty list of {log, config, name, options}, found \(tracksNode.rendered)")
    }
    var tracks: [CheckManifest.Track] = []
    for (index, item) in items.enumerated() {
      tracks.append(try track(item, key: "tracks[\(index)]", reader: reader))
    }
    var manifest = CheckManifest(tracks: tracks)
    if let node = fields["tolerance"] { manifest.tolerance = try tolerance(node, reader: reader) }
    if let node = fields["assert"] {
      if let path = node.string, !path.isEmpty {
        manifest.assert = .file(path, line: node.line)
      } else if node.fields != nil {
        do {
          manifest.assert = .inline(try CheckGates(node, source: reader.source, key: "assert"))
        } catch {
          // Reported at the gate's line, without its column (as before the errors were one type).
          throw DocumentError(.sweepSpec, source: error.source, line: error.line, key: error.key, reason: error.reason)
        }
      } else {
        throw reader.fail(
          node, "assert", "expected {max: {…}, min: {…}} or the path of a gates file, found \(node.rendered)")
      }
    }
    return manifest
  }

  private static func track(_ item: SpecNode, key: String, reader: SweepSpecDecoder.Reader) throws(DocumentError)
    -> CheckManifest.Track
  {
    let fields = try reader.object(item, key: key, known: trackFields)
    func text(_ field: String) throws(DocumentError) -> String? {
      guard let node = fields[field] else { return nil }
      guard let text = node.string, !text.isEmpty else {
        throw reader.fail(node, "\(key).\(field)", "expected a non-empty string, found \(node.rendered)")
      }
      return text
    }
    guard let log = try text("log") else { throw reader.fail(item, "\(key).log", "missing; expected the log's path") }
    var track = CheckManifest.Track(log: log, config: try text("config"), name: try text("name"), line: item.line)
    track.geofences = try text("geofences")
    track.scenario = try text("scenario")
    if let name = track.name, name.contains("/") || name.hasPrefix(".") {
      throw reader.fail(
        fields["name"]!, "\(key).name",
        "expected a folder name without '/' and not starting with '.', found \"\(name)\"")
    }
    if let options = fields["options"] {
      let known = SweepSpecDecoder.trackFields.filter { $0 != "path" }
      _ = try reader.object(options, key: "\(key).options", known: known)
      var spec = SweepTrackSpec(pattern: log)
      for field in options.fields ?? [] {
        try reader.apply(field, to: &spec, key: "\(key).options.\(field.key)")
      }
      track.format = spec.format
      track.options = spec.options
      track.writtenOptions = options.fields ?? []
    }
    return track
  }

  private static func tolerance(_ node: SpecNode, reader: SweepSpecDecoder.Reader) throws(DocumentError)
    -> CheckTolerance
  {
    guard let entries = node.fields else {
      throw reader.fail(
        node, "tolerance",
        "expected {\"default\": 1e-9, \"<path glob>\": <relative tolerance>, …}, found \(node.rendered)")
    }
    var tolerance = CheckTolerance()
    for entry in entries {
      guard let value = entry.value.number, value >= 0 else {
        throw reader.fail(
          entry.value, "tolerance.\(entry.key)",
          "expected a relative tolerance ≥ 0 (1e-6 is a millionth), found \(entry.value.rendered)")
      }
      if entry.key == "default" {
        tolerance.defaultValue = value
      } else {
        guard CheckTolerance.isPattern(entry.key) else {
          throw reader.fail(
            entry.value, "tolerance.\(entry.key)", "expected \"default\" or a stats path glob such as \"fidelity.*\"")
        }
        tolerance.patterns.append(CheckTolerance.Pattern(entry.key, value))
      }
    }
    return tolerance
  }
}
