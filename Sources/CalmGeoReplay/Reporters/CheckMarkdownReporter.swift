/// A check's result as a Markdown summary: a heading with the summary line, a table of
/// tracks (result, the files and fields that differ, a credential that differs named
/// without its values, the changed stats old → new) and a
/// table of gates. It is `--format markdown`'s output and GitHub's job summary, so it is
/// kept under `limit` bytes (GitHub takes at most 1 MiB a step): rows that do not fit are
/// counted in a last row instead.
package enum CheckMarkdownReporter {
  /// The most bytes the summary takes (under GitHub's 1 MiB).
  package static let limit = 1_000_000
  /// Changed stats fields shown per track.
  static let fieldsShown = 5

  /// The summary, ending with a newline.
  package static func render(_ report: CheckReport, limit: Int = limit) -> String {
    let icon = report.passed ? "✅" : "❌"
    var head = "## \(icon) calmgeo-replay check: \(MarkdownText.cell(report.summaryLine))\n\n"
    var tail = ""
    if let advice = report.advice { tail += "\n" + MarkdownText.cell(advice) + "\n" }
    // What the gates table may use is set aside before the tracks fill the rest.
    let gateRows = report.gates.count + report.violations.count
    let gatesBudget = report.gates.isEmpty ? 0 : min(limit / 4, 64 + 200 * gateRows)
    let reserve = head.utf8.count + tail.utf8.count + gatesBudget + 512
    var tracks = MarkdownTable(["Track", "Result", "Differences", "Changed stats (old → new)"])
    for track in report.tracks {
      tracks.add([track.name, result(track), differences(track), changedStats(track)], budget: limit - reserve)
    }
    head += tracks.finish(noun: "tracks")
    if !report.gates.isEmpty {
      var gates = MarkdownTable(["Gate", "Track", "Value", "Result"])
      let budget = max(0, limit - head.utf8.count - tail.utf8.count - 512)
      for gate in report.gates {
        let violations = report.violations(of: gate)
        if violations.isEmpty { gates.add([gate.condition, "every track", "", "✅ met"], budget: budget) }
        for violation in violations {
          let value =
            violation.golden.map { golden in
              let readable = CheckGateViolation.readable
              return "\(readable(golden)) → \(readable(violation.value)) (\(violation.changeText))"
            } ?? number(violation.value)
          gates.add([gate.condition, violation.track, value, "❌ violated"], budget: budget)
        }
      }
      head += "\n### Gates\n\n" + gates.finish(noun: "gate rows")
    }
    return head + tail
  }

  private static func result(_ track: CheckReport.Track) -> String {
    switch track.status {
    case .ok: "✅ ok"
    case .differs: "❌ differs"
    case .failed: "⚠️ not checked: " + (track.failure ?? "")
    }
  }

  private static func differences(_ track: CheckReport.Track) -> String {
    guard let result = track.result else { return "" }
    var parts: [String] = []
    let files = result.files.map(\.path)
    if !files.isEmpty {
      parts.append(files.count <= 3 ? files.joined(separator: ", ") : "\(files[0]) and \(files.count - 1) more files")
    }
    let changes = result.stats?.changes.count ?? 0
    if changes > 0 { parts.append("stats.json (\(changes == 1 ? "1 field" : "\(changes) fields"))") }
    // A credential that differs is named, never shown (as in the text report).
    for file in result.files {
      guard case .differs(let difference) = file.kind else { continue }
      for note in CheckSideBySide.notes(stored: difference.stored?.text, fresh: difference.fresh?.text)
      where !parts.contains(note) {
        parts.append(note)
      }
    }
    return parts.joined(separator: "; ")
  }

  private static func changedStats(_ track: CheckReport.Track) -> String {
    let changes = track.result?.stats?.changes ?? []
    var shown = changes.prefix(fieldsShown).map { "\($0.path) \($0.old ?? "(absent)") → \($0.new ?? "(absent)")" }
    if changes.count > fieldsShown { shown.append("and \(changes.count - fieldsShown) more") }
    return shown.joined(separator: "; ")
  }

  private static func number(_ value: Double) -> String {
    value.isFinite ? SweepText.number(value) : "\(value)"
  }
}
