/// How sweep outputs write values: numbers as `stats.json` writes them, CSV cells
/// quoted only when they must be.
package enum SweepText {
  /// The shortest text that reads back as the same `Double` (`16`, `0.25`, `1e-07`).
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    return JSONBytes.text(value)
  }

  /// A varied value as a CSV cell or a label: strings bare, anything else as compact JSON.
  package static func value(_ node: SpecNode) -> String {
    node.string ?? node.rendered
  }

  /// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
  package static func csv(_ field: String) -> String {
    // The UTF-8 bytes, not the Characters: no grapheme breaking for every cell of a large grid,
    // and a "\r\n" (one Character, equal to neither "\r" nor "\n") is found too.
    guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
    return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
  }

  /// One CSV line (with its newline) from fields not yet quoted.
  package static func csvLine(_ fields: [String]) -> String {
    fields.map(csv).joined(separator: ",") + "\n"
  }
}

extension String {
  /// Every `target` character replaced by `replacement`.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self { if character == target { result += replacement } else { result.append(character) } }
    return result
  }
}
