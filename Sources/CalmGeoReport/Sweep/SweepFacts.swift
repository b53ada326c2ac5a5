import CalmGeoReplay

/// A finished sweep's analysis indexed for drawing: each configuration's means by
/// result path, its rank, whether it meets the constraints and is on the Pareto front.
struct SweepFacts {
  let analysis: SweepAnalysis
  /// Configurations with at least one row, by index.
  let configurations: [SweepSummary.Configuration]
  /// The recommended configuration (the ranking's first).
  let winner: SweepRanking.Candidate?
  /// The Pareto front over all objectives (`pareto.csv`).
  let front: Set<Int>
  private let ranks: [Int: Int]
  private let candidates: [Int: SweepRanking.Candidate]
  private let columns: [String: Int]

  init(_ analysis: SweepAnalysis) {
    self.analysis = analysis
    configurations = analysis.summary.configurations
    winner = analysis.ranking.order.first
    front = Set(analysis.pareto)
    ranks = Dictionary(uniqueKeysWithValues: analysis.ranking.order.enumerated().map { ($1.configIndex, $0 + 1) })
    candidates = Dictionary(uniqueKeysWithValues: analysis.ranking.order.map { ($0.configIndex, $0) })
    columns = Dictionary(uniqueKeysWithValues: analysis.columns.enumerated().map { ($1, $0) })
  }

  var manifest: SweepManifest { analysis.manifest }
  var objectives: [SweepObjective] { manifest.objectives }

  /// The varied keys that take more than one value.
  var variables: [(position: Int, variable: SweepVariable)] {
    manifest.grid.variables.enumerated().filter { $0.element.values.count > 1 }.map { ($0.offset, $0.element) }
  }

  /// A configuration's mean of `path` over its tracks; NaN when no track has it.
  func mean(_ configuration: SweepSummary.Configuration, _ path: String) -> Double {
    columns[path].map { configuration.mean[$0] } ?? .nan
  }

  /// Whether the sweep's rows have the result path.
  func has(_ path: String) -> Bool { columns[path] != nil }

  /// 1 for the recommended configuration.
  func rank(_ index: Int) -> Int? { ranks[index] }

  func candidate(_ index: Int) -> SweepRanking.Candidate? { candidates[index] }

  func meets(_ index: Int) -> Bool { candidates[index]?.meetsConstraints ?? false }

  /// The objective on `path`, if one is.
  func objective(_ path: String) -> SweepObjective? { objectives.first { $0.path == path } }

  /// `path · lower is better` for an objective's path, else the path.
  func title(_ path: String) -> String {
    switch objective(path)?.direction {
    case .min?: "\(path) · lower is better"
    case .max?: "\(path) · higher is better"
    case nil: path
    }
  }

  /// A configuration's varied values as text (`16`, `best`, `[80,400]`).
  func values(_ index: Int) -> [String] {
    manifest.grid.values(at: index).map(SweepText.value)
  }

  /// The CSS classes of a configuration's mark: `front` on the Pareto front, `fails`
  /// when it does not meet the constraints.
  func classes(_ index: Int) -> String {
    (front.contains(index) ? " front" : "") + (meets(index) ? "" : " fails")
  }
}
