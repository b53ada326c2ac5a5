/// Renders a `StatsComparison` as an aligned text table: field, old, new, delta, change.
package enum StatsComparisonWriter {
  /// The table; `changedOnly` keeps only rows that differ (plus a count of the others).
  package static func render(_ comparison: StatsComparison, oldName: String, newName: String, changedOnly: Bool)
    -> String
  {
    let rows = changedOnly ? comparison.changes : comparison.rows
    var table: [[String]] = [["field", oldName, newName, "delta", "change"]]
    for row in rows {
      table.append([
        row.path, row.old ?? "–", row.new ?? "–", row.delta.map(signed) ?? (row.changed ? "≠" : ""),
        percent(row),
      ])
    }
    let widths = (0..<5).map { column in table.map { $0[column].count }.max() ?? 0 }
    var text = ""
    for (index, cells) in table.enumerated() {
      var line = ""
      for (column, cell) in cells.enumerated() {
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        line += column == 0 ? cell + pad : "  " + pad + cell
      }
      text += line.replacingTrailingSpaces() + "\n"
      if index == 0 { text += String(repeating: "-", count: widths.reduce(0, +) + 8) + "\n" }
    }
    let unchanged = comparison.rows.count - comparison.changes.count
    text += "\(comparison.changes.count) of \(comparison.rows.count) fields differ"
    text += changedOnly && unchanged > 0 ? " (\(unchanged) equal fields not shown)\n" : "\n"
    return text
  }

  static func signed(_ value: Double) -> String {
    if value == 0 { return "0" }
    let rounded = (value * 1e4).rounded() / 1e4
    let text = rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    return value > 0 ? "+" + text : text
  }

  static func percent(_ row: StatsComparison.Row) -> String {
    guard let delta = row.delta, delta != 0, let old = row.old.flatMap(Double.init), old != 0 else { return "" }
    let change = (delta / abs(old) * 1000).rounded() / 10
    return (change > 0 ? "+" : "") + String(change) + "%"
  }
}

extension String {
  fileprivate func replacingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
