import CalmGeoReplay

/// What the recommendation rests on (`SweepInsight`), as sweep.html shows it: the same
/// sentences as `recommended.why.txt` and the recommended configuration track by track.
struct InsightPanel {
  struct Row {
    let cells: [Cell]
  }

  struct Cell {
    let text: String
    /// `num`, `num ok` or `num bad`; `key` for the track's name.
    let cls: String
  }

  /// Rows drawn at most (the text file has them all).
  static let limit = 100

  let notes: [String]
  let headers: [String]
  let rows: [Row]
  let more: String?
  let hasNotes: Bool
  let hasTable: Bool

  init?(_ facts: SweepFacts) {
    guard facts.winner != nil else { return nil }
    let manifest = facts.manifest
    let insight = SweepInsight(facts.analysis)
    notes = insight.notes(manifest)
    let table = insight.trackTable(manifest)
    let objectives = manifest.objectives.count
    // Paths may break after a dot or before a capital, so a narrow column shows all of its name.
    headers = table.first.map { $0.map(ParetoTable.breakable) } ?? []
    rows = table.dropFirst().prefix(Self.limit).map { row in
      Row(
        cells: row.enumerated().map { column, text in
          let cls = column == 0 ? "key" : column <= objectives ? "num" : text.hasSuffix(" ok") ? "num ok" : "num bad"
          return Cell(text: text, cls: cls)
        })
    }
    more = table.count - 1 > Self.limit ? "and \(table.count - 1 - Self.limit) more tracks in recommended.why.txt" : nil
    hasNotes = !notes.isEmpty
    hasTable = !rows.isEmpty
  }
}
