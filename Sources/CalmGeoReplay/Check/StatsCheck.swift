/// The stats of a check: the stored and fresh `stats.json` compared field by field
/// (`StatsComparison`), floating-point fields within the tolerance, `input.file` by its
/// file name only (the stored path depends on where the golden outputs were recorded
/// from), and `tool` not at all (a new version of the tool is not a behaviour change).
package struct StatsCheck: Sendable {
  /// Fields that differ beyond the tolerance, in `stats.json` order.
  package var changes: [StatsComparison.Row]
  /// Fields that differ, but within the tolerance.
  package var withinTolerance: [StatsComparison.Row]
  /// Every dotted path compared.
  package var paths: [String]
  /// Every field compared, stored (`old`) and fresh (`new`), in `stats.json` order.
  package var rows: [StatsComparison.Row]

  package init(stored: ReplayStats, fresh: ReplayStats, tolerance: CheckTolerance) {
    var stored = stored
    var fresh = fresh
    stored.input.file = Self.fileName(stored.input.file)
    fresh.input.file = Self.fileName(fresh.input.file)
    stored.tool = nil
    fresh.tool = nil
    let comparison = StatsComparison(old: stored, new: fresh)
    paths = comparison.rows.map(\.path)
    rows = comparison.rows
    changes = []
    withinTolerance = []
    for row in comparison.changes {
      if tolerance.accepts(row) { withinTolerance.append(row) } else { changes.append(row) }
    }
  }

  /// The last component of a path.
  static func fileName(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
  }
}
