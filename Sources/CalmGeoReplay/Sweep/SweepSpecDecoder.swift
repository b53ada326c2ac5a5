/// Reads a sweep spec (JSON or YAML) into a `SweepSpec`, with errors that name the
/// file, the key, the value found and what was expected.
///
/// Top-level fields: `tracks` (required), `base`, `vary`, `objectives`, `constraints`;
/// any other is an error. Configuration keys themselves are checked later, by the
/// config decoder, when `SweepPlan` builds each configuration.
package enum SweepSpecDecoder {
  static let fields = ["tracks", "base", "vary", "objectives", "constraints"]
  static let trackFields = [
    "path", "format", "date", "utcOffset", "timeFormat", "keepBadDates", "uere", "provider", "track", "segment",
    "assumeSpeed",
  ]

  /// Parses a spec's text: JSON when `source` ends in `.json` (or, for other names, when
  /// the text starts with `{`), YAML otherwise.
  package static func decode(_ text: String, source: String) throws(DocumentError) -> SweepSpec {
    let lower = source.lowercased()
    let isJSON =
      lower.hasSuffix(".json")
      || (!lower.hasSuffix(".yaml") && !lower.hasSuffix(".yml") && text.first { !$0.isWhitespace } == "{")
    let root = isJSON ? try SpecJSONReader.read(text, source: source) : try SpecYAMLReader.read(text, source: source)
    return try decode(root, source: source)
  }

  /// Reads a spec from its parsed document.
  package static func decode(_ root: SpecNode, source: String) throws(DocumentError) -> SweepSpec {
    let reader = Reader(source: source)
    let fields = try reader.object(root, key: "", known: fields)
    guard let tracks = fields["tracks"] else {
      throw reader.fail(root, "tracks", "missing; expected a list of log paths or globs")
    }
    var base = SweepSpec.Base.inline(SpecNode(.object([])))
    if let node = fields["base"] {
      switch node.kind {
      case .object: base = .inline(node)
      case .string(let path): base = .file(path, line: node.line)
      default:
        throw reader.fail(node, "base", "expected a config object or the path of a config JSON, found \(node.rendered)")
      }
    }
    return SweepSpec(
      source: source, tracks: try reader.tracks(tracks), base: base,
      variables: try fields["vary"].map { (node) throws(DocumentError) in try reader.variables(node) } ?? [],
      objectives: try fields["objectives"].map { (node) throws(DocumentError) in try reader.objectives(node) } ?? [],
      constraints: try fields["constraints"].map { (node) throws(DocumentError) in try reader.constraints(node) } ?? []
    )
  }

  struct Reader {
    let source: String

    func fail(_ node: SpecNode, _ key: String, _ reason: String) -> DocumentError {
      DocumentError(.sweepSpec, source: source, line: node.line, key: key, reason: reason)
    }

    /// The fields of an object, refusing keys not in `known` (with a "did you mean").
    func object(_ node: SpecNode, key: String, known: [String]) throws(DocumentError) -> [String: SpecNode] {
      guard let fields = node.fields else {
        throw fail(node, key, "expected an object with \(known.joined(separator: ", ")), found \(node.rendered)")
      }
      var result: [String: SpecNode] = [:]
      for field in fields {
        let name = key.isEmpty ? field.key : "\(key).\(field.key)"
        guard known.contains(field.key) else {
          let hint =
            ClosestName.find(field.key, in: known).map { "did you mean '\($0)'?" }
            ?? "expected one of \(known.joined(separator: ", "))"
          throw fail(field.value, name, "unknown field; \(hint)")
        }
        result[field.key] = field.value
      }
      return result
    }

    /// A list, or a single item taken as a list of one.
    func list(_ node: SpecNode) -> [SpecNode] {
      if case .array(let items) = node.kind { return items }
      return [node]
    }

    func objectives(_ node: SpecNode) throws(DocumentError) -> [SweepObjective] {
      var result: [SweepObjective] = []
      for (index, item) in list(node).enumerated() {
        let key = "objectives[\(index)]"
        let expected = "expected \"min <path>\", \"max <path>\" or {minimise: <path>} / {maximise: <path>}"
        if let text = item.string {
          guard let objective = SweepObjective(text) else {
            throw fail(item, key, "\(expected), found \(item.rendered)")
          }
          result.append(objective)
        } else if let fields = item.fields, fields.count == 1, let direction = SweepObjective.direction(fields[0].key),
          let path = fields[0].value.string, SweepObjective.isPath(path)
        {
          result.append(SweepObjective(direction, path))
        } else {
          throw fail(item, key, "\(expected), found \(item.rendered)")
        }
      }
      return result
    }

    func constraints(_ node: SpecNode) throws(DocumentError) -> [SweepConstraint] {
      var result: [SweepConstraint] = []
      for (index, item) in list(node).enumerated() {
        guard let text = item.string, let constraint = SweepConstraint(text) else {
          throw fail(
            item, "constraints[\(index)]",
            "expected \"<path> <op> <number>\" with op one of <= < >= > == !=, found \(item.rendered)")
        }
        result.append(constraint)
      }
      return result
    }
  }
}

extension SweepSpecDecoder.Reader {
  func tracks(_ node: SpecNode) throws(DocumentError) -> [SweepTrackSpec] {
    let items = list(node)
    guard !items.isEmpty else { throw fail(node, "tracks", "expected at least one log path or glob, found []") }
    var result: [SweepTrackSpec] = []
    for (index, item) in items.enumerated() {
      let key = "tracks[\(index)]"
      if let path = item.string, !path.isEmpty {
        result.append(SweepTrackSpec(pattern: path, line: item.line))
        continue
      }
      guard item.fields != nil else {
        throw fail(item, key, "expected a path, a glob or {path, format, date, utcOffset, …}, found \(item.rendered)")
      }
      let fields = try object(item, key: key, known: SweepSpecDecoder.trackFields)
      guard let pathNode = fields["path"], let path = pathNode.string, !path.isEmpty else {
        throw fail(item, "\(key).path", "missing; expected the log's path or a glob")
      }
      var track = SweepTrackSpec(pattern: path, line: item.line)
      track.written = (item.fields ?? []).filter { $0.key != "path" }
      for field in track.written {
        try apply(field, to: &track, key: "\(key).\(field.key)")
      }
      result.append(track)
    }
    return result
  }

  /// One per-track option, onto the track's `ParseOptions` (sweep specs and check
  /// manifests share these names); the key must be one of `trackFields` but `path`.
  func apply(_ field: SpecNode.Field, to track: inout SweepTrackSpec, key: String) throws(DocumentError) {
    let value = field.value
    func text(_ expected: String) throws(DocumentError) -> String {
      guard let text = value.string else { throw fail(value, key, "expected \(expected), found \(value.rendered)") }
      return text
    }
    func positive(_ what: String) throws(DocumentError) -> Double {
      guard let number = value.number, number > 0 else {
        throw fail(value, key, "expected \(what) more than 0, found \(value.rendered)")
      }
      return number
    }
    func ordinal() throws(DocumentError) -> Int {
      let bounds = NumberBounds.ordinal
      guard let number = value.number, number == number.rounded(),
        number >= Double(bounds.lowerBound), number <= Double(bounds.upperBound)
      else {
        throw fail(value, key, "expected a whole number from 1, found \(value.rendered)")
      }
      return Int(number)
    }
    switch field.key {
    case "format":
      let names = InputFormat.allCases.map(\.rawValue)
      guard let format = InputFormat(rawValue: try text(names.joined(separator: ", "))) else {
        throw fail(value, key, "expected one of \(names.joined(separator: ", ")), found \(value.rendered)")
      }
      track.format = format
    case "date":
      guard let date = CivilDate(try text("a date such as \"2024-05-01\"")) else {
        throw fail(value, key, "expected a date such as \"2024-05-01\", found \(value.rendered)")
      }
      track.options.date = date
    case "utcOffset":
      let written = value.number.map { $0 == $0.rounded() ? String(Int($0)) : "?" } ?? value.string
      guard let written, let offset = parseUTCOffset(written) else {
        throw fail(
          value, key, "expected an offset such as \"+02:00\" or \"-0700\" (quoted in YAML), found \(value.rendered)")
      }
      track.options.utcOffsetMillis = offset
    case "timeFormat":
      track.options.timeFormat = try text("iso8601, unix, unix_ms or a pattern such as \"%d/%m/%Y %H:%M:%S\"")
    case "keepBadDates":
      guard case .bool(let flag) = value.kind else {
        throw fail(value, key, "expected true or false, found \(value.rendered)")
      }
      track.options.keepBadDates = flag
    case "uere": track.options.uere = try positive("metres")
    case "provider":
      let names = GnssLoggerProvider.allCases.map(\.rawValue)
      guard let provider = GnssLoggerProvider(rawValue: try text(names.joined(separator: ", "))) else {
        throw fail(value, key, "expected one of \(names.joined(separator: ", ")), found \(value.rendered)")
      }
      track.options.provider = provider
    case "track": track.options.track = try ordinal()
    case "segment": track.options.segment = try ordinal()
    default:
      let speed = try positive("a speed in m/s")
      guard ParseOptions.assumableSpeeds.contains(speed) else {
        throw fail(value, key, "expected a speed in m/s from 0.01 to 1000, found \(value.rendered)")
      }
      track.options.assumeSpeed = speed
    }
  }
}
