/// The configurations of a sweep from best to worst, and why.
///
/// A configuration meets the constraints when every one of its rows (one per track)
/// meets every constraint (a missing value does not) and it has a mean for every
/// objective. Those that do are ranked by their distance to the utopia point: each
/// objective's mean, turned so smaller is better, normalised by the range it spans on
/// the Pareto front of the configurations that meet the constraints (0 = the front's
/// best, 1 = its worst; an objective without a range counts 0), Euclidean distance to
/// all zeros. Ties go lexicographically by the objectives in order, then to the lower
/// index. The winner is therefore always on that front (a dominated configuration is
/// never closer than the one dominating it). With no objectives, the lowest index wins.
/// The others follow, by fewest (track, constraint) violations, then smallest total
/// excess (`SweepConstraint.excess`), then index.
package struct SweepRanking: Sendable {
  /// How one constraint fared on one configuration's rows.
  package struct Violation: Sendable, Hashable {
    /// Index into the constraints.
    package var constraint: Int
    /// Rows (tracks) that did not meet it.
    package var failedRows: Int
    /// The value furthest from the bound (NaN when missing), and its track.
    package var worst: Double
    package var worstTrack: Int
  }

  /// One configuration's standing.
  package struct Candidate: Sendable, Hashable {
    package var configIndex: Int
    /// Per objective: the mean over tracks, as reported (not turned).
    package var objectives: [Double]
    package var meetsConstraints: Bool
    package var violations: [Violation]
    /// Distance to the utopia point, for configurations that meet the constraints.
    package var distance: Double?
    fileprivate var excess: Double
  }

  /// Best first.
  package var order: [Candidate]
  /// How many configurations meet the constraints.
  package var passing: Int
  /// Per objective, the [best, worst] mean on the front of passing configurations.
  package var frontRanges: [(best: Double, worst: Double)]

  /// Ranks `summary`'s configurations.
  /// - Parameters:
  ///   - objectiveColumns: per objective, its column in `summary` and `matrix`.
  ///   - constraintColumns: per constraint, its column (nil when no row has the path).
  package init(
    summary: SweepSummary, table: SweepTable, matrix: [[Double]], objectives: [SweepObjective],
    objectiveColumns: [Int], constraints: [SweepConstraint], constraintColumns: [Int?]
  ) {
    var checks: [Int: [Violation]] = [:]
    var excess: [Int: Double] = [:]
    for (row, entry) in table.entries.enumerated() {
      for (index, constraint) in constraints.enumerated() {
        let value = constraintColumns[index].map { matrix[row][$0] }
        let miss = constraint.excess(value.flatMap { $0.isNaN ? nil : $0 })
        guard miss > 0 else { continue }
        excess[entry.configIndex, default: 0] += miss
        var list = checks[entry.configIndex, default: []]
        let worstValue = value ?? .nan
        if let at = list.firstIndex(where: { $0.constraint == index }) {
          list[at].failedRows += 1
          if constraint.excess(list[at].worst.isNaN ? nil : list[at].worst) < miss {
            list[at].worst = worstValue
            list[at].worstTrack = entry.trackIndex
          }
        } else {
          list.append(Violation(constraint: index, failedRows: 1, worst: worstValue, worstTrack: entry.trackIndex))
        }
        checks[entry.configIndex] = list
      }
    }
    var candidates = summary.configurations.map { configuration in
      let means = objectiveColumns.map { configuration.mean[$0] }
      let violations = checks[configuration.index] ?? []
      return Candidate(
        configIndex: configuration.index, objectives: means,
        meetsConstraints: violations.isEmpty && !means.contains { $0.isNaN },
        violations: violations, distance: nil, excess: excess[configuration.index] ?? 0)
    }
    let passingIndexes = candidates.indices.filter { candidates[$0].meetsConstraints }
    func oriented(_ candidate: Candidate) -> [Double] { zip(objectives, candidate.objectives).map { $0.oriented($1) } }
    let points = passingIndexes.map { oriented(candidates[$0]) }
    let front = SweepPareto.front(points)
    let ranges = objectives.indices.map { j in
      (front.map { points[$0][j] }.min() ?? 0, front.map { points[$0][j] }.max() ?? 0)
    }
    for (position, index) in passingIndexes.enumerated() {
      let squares = objectives.indices.map { j -> Double in
        let span = ranges[j].1 - ranges[j].0
        let normalised = span > 0 ? (points[position][j] - ranges[j].0) / span : 0
        return normalised * normalised
      }
      candidates[index].distance = squares.reduce(0, +).squareRoot()
    }
    order = candidates.sorted { a, b in
      if a.meetsConstraints != b.meetsConstraints { return a.meetsConstraints }
      if a.meetsConstraints {
        if a.distance != b.distance { return (a.distance ?? 0) < (b.distance ?? 0) }
        let (x, y) = (oriented(a), oriented(b))
        if x != y { return x.lexicographicallyPrecedes(y) }
      } else {
        let (x, y) = (a.violations.reduce(0) { $0 + $1.failedRows }, b.violations.reduce(0) { $0 + $1.failedRows })
        if x != y { return x < y }
        if a.excess != b.excess { return a.excess < b.excess }
      }
      return a.configIndex < b.configIndex
    }
    passing = passingIndexes.count
    frontRanges = zip(objectives, ranges).map { objective, range in
      objective.direction == .min ? (range.0, range.1) : (-range.0, -range.1)
    }
  }
}
