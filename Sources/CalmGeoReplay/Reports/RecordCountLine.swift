/// The summary's `fixes` line, whose parts add up to the records read:
/// `9 records read = 7 used + 1 skipped (bad_latitude 1) + 1 ignored (no_fix 1)`.
///
/// Every record a parser reads is used (a fix handed to the engine), skipped (bad, or
/// dropped for its time), ignored (valid, no fix), or merged: one of several records that
/// made a single fix (NMEA's sentences of one epoch), shown when there are any. Ignored
/// kinds that are not records (a repeated CSV header row) are left out of the sum and named
/// after it. The skipped and ignored kinds show the largest three by count (all are in
/// stats.json).
public enum RecordCountLine {
  /// Ignored kinds that `recordsRead` does not count.
  static let notRecords: Set<String> = ["header"]

  public static func render(used: Int, _ d: InputDiagnostics) -> String {
    let skipped = d.skippedTotal
    let ignoredKinds = d.ignored.filter { !notRecords.contains($0.key) }
    let ignored = ignoredKinds.values.reduce(0, +)
    let merged = d.recordsRead - used - skipped - ignored
    var line = "\(d.recordsRead) records read = \(used) used + \(skipped) skipped" + kinds(d.skipped)
    if ignored > 0 { line += " + \(ignored) ignored" + kinds(ignoredKinds) }
    if merged > 0 { line += " + \(merged) merged into fixes" }
    if merged < 0 { line += " − \(-merged) fixes beyond the records" }
    let outside = d.ignored.filter { notRecords.contains($0.key) }
    if !outside.isEmpty { line += "; not records" + kinds(outside) }
    return line
  }

  /// ` (a 3, b 1)`: the largest three kinds, `…` for more; empty when none.
  static func kinds(_ counts: [String: Int]) -> String {
    guard !counts.isEmpty else { return "" }
    let sorted = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
    let shown = sorted.prefix(3).map { "\($0.key) \($0.value)" } + (sorted.count > 3 ? ["…"] : [])
    return " (" + shown.joined(separator: ", ") + ")"
  }
}
