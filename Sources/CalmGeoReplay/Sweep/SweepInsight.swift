/// What a sweep's recommendation rests on, in terms a person can check (issue 24): the
/// configurations it ties with, the varied keys that changed nothing, the keys whose winning
/// value sits on the edge of the grid, the constraints that bind (which ruled out
/// configurations better on every objective, and the track where each is tightest), and the
/// recommended configuration's numbers track by track.
///
/// A pure function of the analysis, so `recommended.why.txt` and sweep.html say the same.
package struct SweepInsight: Sendable {
  /// A varied key whose winning value is the lowest or highest (numeric) value tried.
  package struct Edge: Sendable, Hashable {
    package var path: String
    /// The winning value, as written.
    package var value: String
    /// Whether it is the highest value tried (else the lowest).
    package var isHighest: Bool
  }

  /// Configurations better than the winner on every objective, ruled out by a constraint.
  package struct Exclusion: Sendable, Hashable {
    /// Index into the constraints.
    package var constraint: Int
    /// How many such configurations fail it.
    package var configurations: Int
    /// The track on which they fail it most often (ties: the lower index).
    package var track: Int
  }

  /// How close the winner comes to one constraint's bound: its tightest track.
  package struct Margin: Sendable, Hashable {
    /// Index into the constraints.
    package var constraint: Int
    package var track: Int
    package var value: Double
    /// Distance to the bound on the allowed side (0 for `==`; negative when violated).
    package var slack: Double
  }

  /// The winner's value of each objective and constraint on one track (NaN where missing).
  package struct TrackRow: Sendable, Hashable {
    package var track: Int
    package var objectives: [Double]
    package var constraints: [Double]
  }

  /// Configurations whose objective means equal the winner's and that meet the constraints
  /// too (the ranking took the lower index), in index order.
  package var ties: [Int] = []
  /// The recommended configuration (nil without rows).
  package var winner: Int?
  /// Varied keys that changed no result number of any track, whatever the other keys.
  package var inertKeys: [String] = []
  /// Varied keys that changed some numbers but no objective or constraint value.
  package var inertForRanking: [String] = []
  package var edges: [Edge] = []
  package var exclusions: [Exclusion] = []
  /// Configurations better than the winner on every objective (all ruled out).
  package var dominating = 0
  package var margins: [Margin] = []
  package var perTrack: [TrackRow] = []

  package init(_ analysis: SweepAnalysis) {
    let manifest = analysis.manifest
    guard let winner = analysis.ranking.order.first else { return }
    self.winner = winner.configIndex
    let position = Dictionary(uniqueKeysWithValues: analysis.columns.enumerated().map { ($1, $0) })
    let objectiveColumns = manifest.objectives.map { position[$0.path] }
    let constraintColumns = manifest.constraints.map { position[$0.path] }
    let rankingColumns = (objectiveColumns + constraintColumns).compactMap { $0 }
    var rowOf: [Int: [Int: Int]] = [:]  // config → track → row
    for (row, entry) in analysis.table.entries.enumerated() {
      rowOf[entry.configIndex, default: [:]][entry.trackIndex] = row
    }

    if winner.meetsConstraints {
      ties = analysis.ranking.order.dropFirst()
        .filter { $0.meetsConstraints && Self.same($0.objectives, winner.objectives) }.map(\.configIndex).sorted()
    }
    let inert = Self.inertKeys(analysis, rowOf: rowOf, columns: nil)
    let inertRanking = Self.inertKeys(analysis, rowOf: rowOf, columns: rankingColumns)
    inertKeys = inert
    inertForRanking = inertRanking.filter { !inert.contains($0) }
    edges = Self.edges(manifest.grid, winner: winner.configIndex, skipping: Set(inertRanking))

    // Better on every objective (weakly, strictly on one): a constraint ruled each out.
    let oriented = { (values: [Double]) in zip(manifest.objectives, values).map { $0.oriented($1) } }
    let best = oriented(winner.objectives)
    let better =
      manifest.objectives.isEmpty
      ? []
      : analysis.ranking.order.filter { candidate in
        let mine = oriented(candidate.objectives)
        return !mine.contains { $0.isNaN } && zip(mine, best).allSatisfy { $0 <= $1 } && mine != best
      }
    dominating = better.count
    var byConstraint: [Int: (count: Int, tracks: [Int: Int])] = [:]
    for candidate in better {
      for violation in candidate.violations {
        var entry = byConstraint[violation.constraint] ?? (0, [:])
        entry.count += 1
        for (track, row) in rowOf[candidate.configIndex] ?? [:] {
          let value = constraintColumns[violation.constraint].map { analysis.matrix[row][$0] }
          if !manifest.constraints[violation.constraint].isMet(by: value) { entry.tracks[track, default: 0] += 1 }
        }
        byConstraint[violation.constraint] = entry
      }
    }
    exclusions = byConstraint.sorted { $0.key < $1.key }.map { constraint, entry in
      let track = entry.tracks.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? 0
      return Exclusion(constraint: constraint, configurations: entry.count, track: track)
    }

    let winnerRows = (rowOf[winner.configIndex] ?? [:]).sorted { $0.key < $1.key }
    perTrack = winnerRows.map { track, row in
      TrackRow(
        track: track, objectives: objectiveColumns.map { $0.map { analysis.matrix[row][$0] } ?? .nan },
        constraints: constraintColumns.map { $0.map { analysis.matrix[row][$0] } ?? .nan })
    }
    margins = manifest.constraints.indices.compactMap { index in
      let constraint = manifest.constraints[index]
      let slacks = perTrack.map { ($0.track, $0.constraints[index], Self.slack(constraint, $0.constraints[index])) }
      guard let tightest = slacks.min(by: { ($0.2, $0.0) < ($1.2, $1.0) }) else { return nil }
      return Margin(constraint: index, track: tightest.0, value: tightest.1, slack: tightest.2)
    }
  }

  /// Equal means, allowing for the last bits of a sum taken in another order.
  static func same(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { x, y in x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y)) }
  }

  /// `value`'s distance to the bound on the allowed side: how much it could still move.
  static func slack(_ constraint: SweepConstraint, _ value: Double) -> Double {
    guard !value.isNaN else { return -.infinity }
    let sign: Double = constraint.isMet(by: value) ? 1 : -1
    switch constraint.op {
    case .lessOrEqual, .less: return constraint.bound - value
    case .greaterOrEqual, .greater: return value - constraint.bound
    case .equal: return sign * abs(value - constraint.bound)
    case .notEqual: return sign * abs(value - constraint.bound)
    }
  }

  /// The varied keys (with two values or more) whose value changed none of `columns`
  /// (every column when nil) on any track: each configuration compared with the one that
  /// differs only in that key's first value.
  static func inertKeys(_ analysis: SweepAnalysis, rowOf: [Int: [Int: Int]], columns: [Int]?) -> [String] {
    let grid = analysis.manifest.grid
    let columns = columns ?? Array(analysis.columns.indices)
    var stride = 1
    var strides = [Int](repeating: 1, count: grid.variables.count)
    for position in grid.variables.indices.reversed() {
      strides[position] = stride
      stride *= max(grid.variables[position].values.count, 1)
    }
    func equal(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
    return grid.variables.indices.filter { position in
      let variable = grid.variables[position]
      guard variable.values.count > 1 else { return false }
      var compared = 0
      for (config, rows) in rowOf {
        let digit = (config / strides[position]) % variable.values.count
        guard digit > 0, let baseRows = rowOf[config - digit * strides[position]] else { continue }
        for (track, row) in rows {
          guard let other = baseRows[track] else { continue }
          compared += 1
          if columns.contains(where: { !equal(analysis.matrix[row][$0], analysis.matrix[other][$0]) }) { return false }
        }
      }
      return compared > 0
    }.map { grid.variables[$0].path }
  }

  /// Numeric CalmGeo keys whose winning value is the lowest or highest tried (keys in
  /// `skipping` changed nothing that ranks, so their edge says nothing).
  static func edges(_ grid: SweepGrid, winner: Int, skipping: Set<String>) -> [Edge] {
    zip(grid.variables, grid.values(at: winner)).compactMap { variable, value in
      // `replay.*` keys set the conditions of the replay (the network, the platform), not CalmGeo:
      // a better value there is not one to choose.
      guard !skipping.contains(variable.path), !variable.path.hasPrefix("replay."),
        case .number(let chosen) = value.kind
      else { return nil }
      let numbers = variable.values.compactMap { node -> Double? in
        if case .number(let number) = node.kind { return number }
        return nil
      }
      guard Set(numbers).count > 1, let low = numbers.min(), let high = numbers.max() else { return nil }
      guard chosen == low || chosen == high else { return nil }
      return Edge(path: variable.path, value: SweepText.value(value), isHighest: chosen == high)
    }
  }
}
