/// `compare` of two multi-log output folders (`FolderComparison`) in every format: text
/// (a row per log, the totals, then each differing log's changed fields), JSON (a `logs`
/// array and `totals`), JUnit (a test case per log), GitHub (an `::error` per log that
/// differs, is on one side only or cannot be read) and Markdown (a table of logs).
package enum FolderCompareReporters {
  /// A row per log, the totals, then the changed fields of each differing log.
  package static func text(_ result: FolderComparison, oldName: String, newName: String) -> String {
    let rows = result.logs.map { [$0.name, result.result($0, oldName: oldName, newName: newName)] }
    let width = ([4] + rows.map { $0[0].count }).max() ?? 4
    var text = "log" + String(repeating: " ", count: width - 1) + "result\n"
    for row in rows { text += row[0] + String(repeating: " ", count: width - row[0].count + 2) + row[1] + "\n" }
    text += result.summary(oldName: oldName, newName: newName) + "\n"
    for log in result.logs where log.status == .differs {
      guard let comparison = log.comparison else { continue }
      text += "\n\(log.name):\n"
      text += StatsComparisonWriter.render(comparison, oldName: oldName, newName: newName, changedOnly: true)
    }
    return text
  }

  /// `{"version", "command", "old", "new", "equal", "exitCode", "totals": {"logs", "same",
  /// "differing", "onlyOld", "onlyNew", "unreadable"}, "logs": [{"name", "status",
  /// "fields", "differing", "rows", "error"}]}`; `rows` as a two-run compare's (only the
  /// differing ones with `changedOnly`), empty for a log not on both sides.
  package static func json(_ result: FolderComparison, oldName: String, newName: String, changedOnly: Bool) -> String {
    let logs: [OrderedJSON] = result.logs.map { log in
      let rows = (changedOnly ? log.comparison?.changes : log.comparison?.rows) ?? []
      return .object([
        ("name", .string(log.name)),
        ("status", .string(log.status.rawValue)),
        ("fields", log.comparison.map { .int($0.rows.count) } ?? .null),
        ("differing", log.comparison.map { .int($0.changes.count) } ?? .null),
        ("rows", .array(rows.map(CompareReporters.row))),
        ("error", log.error.map(OrderedJSON.string) ?? .null),
      ])
    }
    return OrderedJSON.object([
      ("version", .int(CompareReporters.version)),
      ("command", .string("compare")),
      ("old", .string(oldName)),
      ("new", .string(newName)),
      ("equal", .bool(result.equal)),
      ("exitCode", .int(Int(result.exitCode))),
      (
        "totals",
        .object([
          ("logs", .int(result.logs.count)), ("same", .int(result.count(.same))),
          ("differing", .int(result.count(.differs))), ("onlyOld", .int(result.count(.onlyOld))),
          ("onlyNew", .int(result.count(.onlyNew))), ("unreadable", .int(result.count(.unreadable))),
        ])
      ),
      ("logs", .array(logs)),
    ]).rendered(pretty: true)
  }

  /// A JUnit report with a test case per log: passing when the same, failing when it
  /// differs (the changed fields) or is on one side only, an error when unreadable.
  package static func junit(_ result: FolderComparison, oldName: String, newName: String) -> String {
    let failures = result.count(.differs) + result.count(.onlyOld) + result.count(.onlyNew)
    let errors = result.count(.unreadable)
    let counts = "tests=\"\(result.logs.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += "<testsuites name=\"calmgeo-replay compare\" \(counts)>\n"
    xml += "  <testsuite name=\"\(XMLText.attribute("\(oldName) → \(newName)"))\" \(counts) skipped=\"0\">\n"
    for log in result.logs {
      let name = "name=\"\(XMLText.attribute(log.name))\" classname=\"calmgeo-replay.compare\""
      let message = XMLText.attribute(result.result(log, oldName: oldName, newName: newName))
      switch log.status {
      case .same: xml += "    <testcase \(name)/>\n"
      case .differs:
        xml += "    <testcase \(name)>\n      <failure type=\"differs\" message=\"\(message)\">"
        xml += XMLText.text(CompareReporters.lines(log.comparison?.changes ?? [])) + "</failure>\n    </testcase>\n"
      case .onlyOld, .onlyNew:
        xml += "    <testcase \(name)>\n      <failure type=\"missing\" message=\"\(message)\"/>\n    </testcase>\n"
      case .unreadable:
        xml += "    <testcase \(name)>\n      <error type=\"unreadable\" message=\"\(message)\"/>\n    </testcase>\n"
      }
    }
    return xml + "  </testsuite>\n</testsuites>\n"
  }

  /// An `::error` per log that differs, is on one side only or cannot be read (at most
  /// 10, the rest on one line), then the totals.
  package static func github(_ result: FolderComparison, oldName: String, newName: String) -> String {
    let title = "calmgeo-replay compare"
    let commands: [GitHubCommand] = result.logs.compactMap { log in
      let heading = "\(title): \(log.name)"
      switch log.status {
      case .same: return nil
      case .differs:
        let changes = log.comparison?.changes ?? []
        var message = CompareReporters.lines(Array(changes.prefix(CompareReporters.fieldsInAnnotation)))
        let more = changes.count - CompareReporters.fieldsInAnnotation
        if more > 0 { message += "and \(more) more\n" }
        if message.hasSuffix("\n") { message.removeLast() }
        return GitHubCommand(.error, title: heading, message: message)
      case .onlyOld, .onlyNew, .unreadable:
        return GitHubCommand(.error, title: heading, message: result.result(log, oldName: oldName, newName: newName))
      }
    }
    let shown = GitHubCommand.capped(commands, title: title) { more in
      "\(more) more logs differ or are missing; --format text or markdown lists them all"
    }
    return shown.map { $0.line + "\n" }.joined() + result.summary(oldName: oldName, newName: newName) + "\n"
  }

  /// A heading with the totals and a table of logs (result, changed fields old → new).
  package static func markdown(
    _ result: FolderComparison, oldName: String, newName: String,
    limit: Int = CheckMarkdownReporter.limit
  ) -> String {
    let icon = result.equal ? "✅" : "❌"
    var text = "## \(icon) calmgeo-replay compare \(MarkdownText.cell(oldName)) → \(MarkdownText.cell(newName)): "
    text += MarkdownText.cell(result.summary(oldName: oldName, newName: newName)) + "\n\n"
    var table = MarkdownTable(["Log", "Result", "Changed fields (old → new)"])
    for log in result.logs {
      let icon = log.status == .same ? "✅ " : log.status == .unreadable ? "⚠️ " : "❌ "
      let changes = (log.comparison?.changes ?? []).prefix(CompareReporters.fieldsInAnnotation)
        .map { "\($0.path) \($0.old ?? "–") → \($0.new ?? "–")" }.joined(separator: "; ")
      table.add(
        [log.name, icon + result.result(log, oldName: oldName, newName: newName), changes],
        budget: limit - text.utf8.count - 512)
    }
    return text + table.finish(noun: "logs")
  }
}
