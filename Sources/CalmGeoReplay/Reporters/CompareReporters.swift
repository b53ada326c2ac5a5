/// `compare`'s result in the CI formats (`--format`), all from one `StatsComparison`:
/// JSON (every field, or only those that differ), JUnit (one test case, failing with the
/// fields that differ), GitHub (one `::error` listing them) and Markdown (a table of them).
package enum CompareReporters {
  /// The version of the JSON document.
  package static let version = 1
  /// Changed fields a GitHub annotation lists before "and N more".
  static let fieldsInAnnotation = 20

  /// One JSON document: `{"version", "command", "old", "new", "equal", "exitCode",
  /// "fields", "differing", "rows": [{"path", "old", "new", "delta", "changed"}]}`, keys in
  /// that order; `changedOnly` keeps only the rows that differ.
  package static func json(
    _ comparison: StatsComparison, oldName: String, newName: String,
    changedOnly: Bool
  ) -> String {
    let rows = changedOnly ? comparison.changes : comparison.rows
    let document = OrderedJSON.object([
      ("version", .int(version)),
      ("command", .string("compare")),
      ("old", .string(oldName)),
      ("new", .string(newName)),
      ("equal", .bool(comparison.changes.isEmpty)),
      ("exitCode", .int(comparison.changes.isEmpty ? 0 : 1)),
      ("fields", .int(comparison.rows.count)),
      ("differing", .int(comparison.changes.count)),
      ("rows", .array(rows.map(row))),
    ])
    return document.rendered(pretty: true)
  }

  /// A field as JSON: `{"path", "old", "new", "delta", "changed"}`.
  static func row(_ row: StatsComparison.Row) -> OrderedJSON {
    .object([
      ("path", .string(row.path)),
      ("old", row.old.map(OrderedJSON.string) ?? .null),
      ("new", row.new.map(OrderedJSON.string) ?? .null),
      ("delta", row.delta.map(OrderedJSON.double) ?? .null),
      ("changed", .bool(row.changed)),
    ])
  }

  /// A JUnit report with one test case, `old → new`, failing with the fields that differ.
  package static func junit(_ comparison: StatsComparison, oldName: String, newName: String) -> String {
    let failed = comparison.changes.isEmpty ? 0 : 1
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += "<testsuites name=\"calmgeo-replay compare\" tests=\"1\" failures=\"\(failed)\" errors=\"0\">\n"
    xml += "  <testsuite name=\"stats\" tests=\"1\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
    let name = "name=\"\(XMLText.attribute("\(oldName) → \(newName)"))\" classname=\"calmgeo-replay.compare\""
    if comparison.changes.isEmpty {
      xml += "    <testcase \(name)/>\n"
    } else {
      xml += "    <testcase \(name)>\n"
      xml += "      <failure type=\"differs\" message=\"\(XMLText.attribute(summary(comparison)))\">"
      xml += XMLText.text(lines(comparison.changes)) + "</failure>\n"
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// One `::error` naming the fields that differ (none when the stats are equal), then
  /// the summary line.
  package static func github(_ comparison: StatsComparison, oldName: String, newName: String) -> String {
    var text = ""
    if !comparison.changes.isEmpty {
      var message = lines(Array(comparison.changes.prefix(fieldsInAnnotation)))
      let more = comparison.changes.count - fieldsInAnnotation
      if more > 0 { message += "and \(more) more\n" }
      message.removeLast()
      let title = "calmgeo-replay compare: \(oldName) → \(newName)"
      text += GitHubCommand(.error, title: title, message: message).line + "\n"
    }
    return text + summary(comparison) + "\n"
  }

  /// A Markdown heading and a table of the fields that differ (old, new, delta, change).
  package static func markdown(
    _ comparison: StatsComparison, oldName: String, newName: String,
    limit: Int = CheckMarkdownReporter.limit
  ) -> String {
    let icon = comparison.changes.isEmpty ? "✅" : "❌"
    var text = "## \(icon) calmgeo-replay compare \(MarkdownText.cell(oldName)) → \(MarkdownText.cell(newName)): "
    text += summary(comparison) + "\n"
    guard !comparison.changes.isEmpty else { return text }
    var table = MarkdownTable(["Field", oldName, newName, "Delta", "Change"])
    for row in comparison.changes {
      table.add(
        [
          row.path, row.old ?? "–", row.new ?? "–", row.delta.map(StatsComparisonWriter.signed) ?? "≠",
          StatsComparisonWriter.percent(row),
        ], budget: limit - text.utf8.count - 512)
    }
    return text + "\n" + table.finish(noun: "fields")
  }

  /// `3 of 120 fields differ`.
  static func summary(_ comparison: StatsComparison) -> String {
    "\(comparison.changes.count) of \(comparison.rows.count) fields differ"
  }

  static func lines(_ rows: [StatsComparison.Row]) -> String {
    rows.map { "\($0.path): \($0.old ?? "(absent)") → \($0.new ?? "(absent)")\n" }.joined()
  }
}
