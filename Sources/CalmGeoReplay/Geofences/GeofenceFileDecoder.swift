/// Reads a geofences file (JSON or YAML) into `GeofenceCondition`s, with errors that
/// name the file, the line and column, the entry, the value found and what was expected.
///
/// The document is a list of conditions, or an object whose only field, `geofences`,
/// is that list. A condition has `identifier` (a non-empty string, unique in the
/// file), `latitude` and `longitude` (degrees WGS84), `radius` (metres, > 0) and
/// optionally `assuming` (`satisfied`, `unsatisfied` or `unknown`, the default, as for
/// `CLMonitor.add(_:identifier:assuming:)`). Any other key is an error.
public enum GeofenceFileDecoder {
  static let fields = ["identifier", "latitude", "longitude", "radius", "assuming"]

  /// Parses a file's text: JSON when `source` ends in `.json` (or, for other names, when
  /// the text starts with `{` or `[`), YAML otherwise.
  public static func decode(_ text: String, source: String) throws(DocumentError) -> [GeofenceCondition] {
    let lower = source.lowercased()
    let first = text.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
    let isJSON =
      lower.hasSuffix(".json")
      || (!lower.hasSuffix(".yaml") && !lower.hasSuffix(".yml") && (first == "{" || first == "["))
    let root: SpecNode
    do {
      root = isJSON ? try SpecJSONReader.read(text, source: source) : try SpecYAMLReader.read(text, source: source)
    } catch {
      throw error.reported(as: .geofences)
    }
    return try decode(root, source: source)
  }

  /// Reads the conditions of a parsed document.
  public static func decode(_ root: SpecNode, source: String) throws(DocumentError) -> [GeofenceCondition] {
    func fail(_ node: SpecNode, _ entry: String, _ reason: String) -> DocumentError {
      DocumentError(.geofences, source: source, line: node.line, column: node.column, key: entry, reason: reason)
    }
    var list = root
    if let fields = root.fields {
      for field in fields where field.key != "geofences" {
        let hint =
          ClosestName.find(field.key, in: ["geofences"]).map { _ in "did you mean 'geofences'?" }
          ?? "expected only 'geofences', a list of conditions"
        throw fail(field.value, field.key, "unknown field; \(hint)")
      }
      guard let geofences = root["geofences"] else {
        throw fail(root, "geofences", "missing; expected a list of {identifier, latitude, longitude, radius, assuming}")
      }
      list = geofences
    }
    guard case .array(let items) = list.kind else {
      throw fail(
        list, "geofences",
        "expected a list of {identifier, latitude, longitude, radius, assuming}, found \(list.rendered)")
    }
    guard !items.isEmpty else { throw fail(list, "geofences", "expected at least one condition, found []") }
    var conditions: [GeofenceCondition] = []
    var seen: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let condition = try decode(item, entry: "geofences[\(index)]", fail: fail)
      if let earlier = seen[condition.identifier] {
        throw fail(
          item["identifier"] ?? item, "geofences[\(index)].identifier",
          "\"\(condition.identifier)\" is already the identifier of geofences[\(earlier)]; "
            + "expected a unique identifier (CLMonitor would replace the earlier condition)")
      }
      seen[condition.identifier] = index
      conditions.append(condition)
    }
    return conditions
  }

  private static func decode(
    _ item: SpecNode, entry: String, fail: (SpecNode, String, String) -> DocumentError
  ) throws(DocumentError) -> GeofenceCondition {
    let expected = "{identifier, latitude, longitude, radius, assuming}"
    guard let fields = item.fields else {
      throw fail(item, entry, "expected a condition \(expected), found \(item.rendered)")
    }
    for field in fields where !Self.fields.contains(field.key) {
      let hint =
        ClosestName.find(field.key, in: Self.fields).map { "did you mean '\($0)'?" }
        ?? "expected one of \(Self.fields.joined(separator: ", "))"
      throw fail(field.value, "\(entry).\(field.key)", "unknown field; \(hint)")
    }
    func required(_ key: String, _ what: String) throws(DocumentError) -> SpecNode {
      guard let node = item[key] else { throw fail(item, "\(entry).\(key)", "missing; expected \(what)") }
      return node
    }
    func number(_ key: String, _ what: String, _ valid: (Double) -> Bool) throws(DocumentError) -> Double {
      let node = try required(key, what)
      guard let value = node.number, value.isFinite, valid(value) else {
        throw fail(node, "\(entry).\(key)", "expected \(what), found \(node.rendered)")
      }
      return value
    }
    let identifierNode = try required("identifier", "a non-empty string naming the condition")
    guard let identifier = identifierNode.string, !identifier.isEmpty else {
      throw fail(
        identifierNode, "\(entry).identifier",
        "expected a non-empty string naming the condition, found \(identifierNode.rendered)")
    }
    let latitude = try number("latitude", "the centre's latitude in degrees, -90 to 90") { (-90...90).contains($0) }
    let longitude = try number("longitude", "the centre's longitude in degrees, -180 to 180") {
      (-180...180).contains($0)
    }
    let radius = try number("radius", "the radius in metres, a number > 0") { $0 > 0 }
    var assuming = GeofenceState.unknown
    if let node = item["assuming"] {
      let names = GeofenceState.allCases.map(\.rawValue)
      guard let text = node.string, let state = GeofenceState(rawValue: text) else {
        let hint = node.string.flatMap { ClosestName.find($0, in: names) }.map { " (did you mean '\($0)'?)" } ?? ""
        throw fail(
          node, "\(entry).assuming", "expected satisfied, unsatisfied or unknown, found \(node.rendered)\(hint)")
      }
      assuming = state
    }
    return GeofenceCondition(
      identifier: identifier, latitude: latitude, longitude: longitude, radius: radius,
      assuming: assuming, line: item.line)
  }
}
