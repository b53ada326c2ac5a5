/// Everything a finished sweep concludes from its rows: the columns, each
/// configuration's summary, the Pareto front and the ranking behind the recommendation.
///
/// A pure function of the manifest and the rows in grid order, so a sweep, a resumed
/// sweep and merged shards conclude the same.
package struct SweepAnalysis: Sendable {
  package var manifest: SweepManifest
  package var table: SweepTable
  /// Every numeric result path of any row, in stats order.
  package var columns: [String]
  /// `table`'s rows over `columns`.
  package var matrix: [[Double]]
  package var summary: SweepSummary
  /// Configurations no other dominates on the objectives' means (all configurations
  /// with a mean for every objective, whether or not they meet the constraints).
  package var pareto: [Int]
  package var ranking: SweepRanking

  /// Analyses `table`; throws when an objective or a constraint names no column.
  package init(manifest: SweepManifest, table: SweepTable) throws(DocumentError) {
    self.manifest = manifest
    self.table = table
    columns = table.columns
    try Self.checkPaths(manifest, known: columns, complete: true)
    matrix = table.matrix(columns: columns)
    summary = SweepSummary(table: table, columns: columns, matrix: matrix)
    let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    let objectiveColumns = manifest.objectives.map { position[$0.path] ?? 0 }
    let objectives = manifest.objectives
    let complete = summary.configurations.filter { configuration in
      !objectiveColumns.contains { configuration.mean[$0].isNaN }
    }
    let points = complete.map { configuration in
      zip(objectives, objectiveColumns).map { $0.oriented(configuration.mean[$1]) }
    }
    pareto = SweepPareto.front(points).map { complete[$0].index }
    ranking = SweepRanking(
      summary: summary, table: table, matrix: matrix, objectives: objectives, objectiveColumns: objectiveColumns,
      constraints: manifest.constraints, constraintColumns: manifest.constraints.map { position[$0.path] })
  }

  /// Refuses objectives and constraints whose path is not among `known` result paths.
  ///
  /// With `complete` false (`known` are the first row's paths), a path whose section
  /// (`fidelity` in `fidelity.sed.p95`) is absent from that row is let through: the
  /// section may be one some rows omit. The check on all rows is then final.
  package static func checkPaths(_ manifest: SweepManifest, known: [String], complete: Bool) throws(DocumentError) {
    let set = Set(known)
    let sections = Set(known.map { $0.prefix { $0 != "." } })
    let paths =
      manifest.objectives.enumerated().map { ("objectives[\($0.offset)]", $0.element.path, $0.element.description) }
      + manifest.constraints.enumerated().map { ("constraints[\($0.offset)]", $0.element.path, $0.element.description) }
    for (key, path, text) in paths where !set.contains(path) {
      guard complete || sections.contains(path.prefix { $0 != "." }) else { continue }
      let hint =
        ClosestName.find(path, in: known).map { "did you mean '\($0)'?" }
        ?? "expected a number of stats.json such as engine.keptRatio or energy.percentPerHour"
      throw DocumentError(
        .sweepSpec, source: manifest.spec, key: key, reason: "\"\(text)\": '\(path)' is not a result number; \(hint)")
    }
  }
}
