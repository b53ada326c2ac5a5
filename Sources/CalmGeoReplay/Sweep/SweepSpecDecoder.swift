/// Reads a sweep spec (JSON or YAML) into a `SweepSpec`, with errors that name the
/// file, the key, the value found and what was expected.
///
/// Top-level fields: `tracks` (required), `base`, `vary`, `objectives`, `constraints`;
/// any other is an error. Configuration keys themselves are checked later, by the
/// config decoder, when `SweepPlan` builds each configuration.
package enum SweepSpecDecoder {
  static let fields = ["tracks", "base", "vary", "objectives", "constraints"]
  /// A `tracks` item's keys: its `path`, its `format`, and every parse option's key
  /// (`ParseOptionDescriptor.keys`; check manifests' `options` take the same but `path`).
  static let trackFields = ["path", "format"] + ParseOptionDescriptor.keys

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
  /// manifests share these names): `format`, or a parse option by its descriptor. The key
  /// must be one of `trackFields` but `path` (`object(_:key:known:)` checked it).
  func apply(_ field: SpecNode.Field, to track: inout SweepTrackSpec, key: String) throws(DocumentError) {
    let value = field.value
    guard field.key != "format" else {
      let names = InputFormat.allCases.map(\.rawValue)
      guard let text = value.string, let format = InputFormat(rawValue: text) else {
        throw fail(value, key, "expected one of \(names.joined(separator: ", ")), found \(value.rendered)")
      }
      track.format = format
      return
    }
    guard let descriptor = ParseOptionDescriptor.withKey(field.key) else {
      throw fail(value, key, "unknown field; expected one of \(SweepSpecDecoder.trackFields.joined(separator: ", "))")
    }
    if let mismatch = descriptor.apply(ParseOptionValue(value), to: &track.options) {
      throw fail(value, key, "expected \(mismatch.expected), found \(value.rendered)")
    }
  }
}

extension ParseOptionValue {
  /// A document's value as a parse option reads it.
  init(_ node: SpecNode) {
    switch node.kind {
    case .string(let text): self = .string(text)
    case .number(let number): self = .number(number)
    case .bool(let flag): self = .bool(flag)
    case .object(let fields): self = .object(fields.map { Field($0.key, ParseOptionValue($0.value)) })
    case .null, .array: self = .other
    }
  }
}
