import CalmGeoReplay

/// The recommended configuration beside the Pareto chart: its varied values, each
/// objective's mean against the front's best and worst, its distance to the utopia
/// point, what it violates when it is only the closest, and the runner-up.
struct RecommendationPanel {
  struct Value {
    let key: String
    let value: String
  }

  struct Objective {
    let path: String
    let direction: String
    let value: String
    let best: String
    let worst: String
  }

  let c: String
  let heading: String
  let status: String
  /// `good` or `bad`.
  let cls: String
  let values: [Value]
  let objectives: [Objective]
  let distance: String?
  let violations: [String]
  let runnerUp: String?
  /// For the template's headings.
  let hasValues: Bool
  let hasObjectives: Bool
  let hasViolations: Bool

  init?(_ facts: SweepFacts) {
    guard let winner = facts.winner else { return nil }
    let manifest = facts.manifest
    let ranking = facts.analysis.ranking
    let index = winner.configIndex
    c = String(index)
    heading = "Configuration \(index)"
    status =
      winner.meetsConstraints
      ? (manifest.constraints.isEmpty ? "no constraints to meet" : "meets every constraint on every track")
      : "the closest: no configuration meets every constraint"
    cls = winner.meetsConstraints ? "good" : "bad"
    values = zip(manifest.grid.variables, facts.values(index)).map { Value(key: $0.path, value: $1) }
    let ranges = ranking.passing > 0 ? ranking.frontRanges : []
    objectives = manifest.objectives.enumerated().map { column, objective in
      let range = column < ranges.count ? ranges[column] : nil
      return Objective(
        path: objective.path, direction: objective.direction == .min ? "↓" : "↑",
        value: NumberText.significant(winner.objectives[column], digits: 5),
        best: range.map { NumberText.significant($0.best, digits: 5) } ?? "—",
        worst: range.map { NumberText.significant($0.worst, digits: 5) } ?? "—")
    }
    distance = winner.distance.map { NumberText.fixed($0, digits: 3) }
    let tracks = manifest.tracks.count - manifest.failedTracks.count
    violations = winner.violations.map { violation in
      "\(manifest.constraints[violation.constraint]): not met on \(violation.failedRows) of \(tracks) tracks"
    }
    hasValues = !values.isEmpty
    hasObjectives = !objectives.isEmpty
    hasViolations = !violations.isEmpty
    runnerUp = ranking.order.dropFirst().first.map { second in
      let label = manifest.grid.label(at: second.configIndex)
      return "Runner-up: configuration \(second.configIndex)" + (label.isEmpty ? "" : " (\(label))")
        + (second.distance.map { ", distance \(NumberText.fixed($0, digits: 3))" } ?? "")
    }
  }
}
