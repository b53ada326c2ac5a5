/// Writes `summary.csv` and `pareto.csv` of a finished sweep.
package enum SweepSummaryCSV {
  /// One line per configuration: `configIndex`, the varied values, `tracks`, `rank`
  /// (1 = recommended), `meetsConstraints`, then `<path>.sum`, `<path>.mean` and
  /// `<path>.p95` for every result column.
  package static func summary(_ analysis: SweepAnalysis) -> String {
    let grid = analysis.manifest.grid
    let rank = ranks(analysis)
    let meets = Dictionary(uniqueKeysWithValues: analysis.ranking.order.map { ($0.configIndex, $0.meetsConstraints) })
    var csv = SweepCSVText()
    csv.fields(["configIndex"] + grid.variables.map(\.path) + ["tracks", "rank", "meetsConstraints"])
    for column in analysis.columns { csv.fields(["\(column).sum", "\(column).mean", "\(column).p95"]) }
    csv.endLine()
    for configuration in analysis.summary.configurations {
      csv.integer(configuration.index)
      csv.fields(grid.values(at: configuration.index).map(SweepText.value))
      csv.integer(configuration.tracks)
      csv.field(rank[configuration.index].map(String.init) ?? "")
      csv.field(String(meets[configuration.index] ?? false))
      for column in analysis.columns.indices {
        csv.number(configuration.sum[column])
        csv.number(configuration.mean[column])
        csv.number(configuration.p95[column])
      }
      csv.endLine()
    }
    return csv.text
  }

  /// The configurations on the Pareto front of the objectives' means, by index:
  /// `configIndex`, the varied values, `rank`, `meetsConstraints`, then each
  /// objective's mean across tracks (headed by its path).
  package static func pareto(_ analysis: SweepAnalysis) -> String {
    let grid = analysis.manifest.grid
    let rank = ranks(analysis)
    let candidates = Dictionary(uniqueKeysWithValues: analysis.ranking.order.map { ($0.configIndex, $0) })
    var text = SweepText.csvLine(
      ["configIndex"] + grid.variables.map(\.path) + ["rank", "meetsConstraints"]
        + analysis.manifest.objectives.map(\.path))
    for index in analysis.pareto {
      let candidate = candidates[index]
      text += SweepText.csvLine(
        [String(index)] + grid.values(at: index).map(SweepText.value)
          + [rank[index].map(String.init) ?? "", String(candidate?.meetsConstraints ?? false)]
          + (candidate?.objectives ?? []).map(SweepText.number))
    }
    return text
  }

  /// Each configuration's place in the ranking, from 1.
  static func ranks(_ analysis: SweepAnalysis) -> [Int: Int] {
    Dictionary(uniqueKeysWithValues: analysis.ranking.order.enumerated().map { ($1.configIndex, $0 + 1) })
  }
}
