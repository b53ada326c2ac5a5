/// Writes `recommended.json` (the winning configuration as a config file `--config`
/// reads: the base with the winning values) and `recommended.why.txt` (why it won).
package enum SweepRecommendation {
  /// The first configuration of the ranking, or `nil` when the sweep has no rows.
  package static func winner(_ analysis: SweepAnalysis) -> SweepRanking.Candidate? {
    analysis.ranking.order.first
  }

  /// Whether the winner meets every constraint (else it is only the closest).
  package static func isMet(_ analysis: SweepAnalysis) -> Bool {
    winner(analysis)?.meetsConstraints ?? false
  }

  /// `recommended.json`, pretty-printed, keys in the base config's order.
  package static func configFile(_ analysis: SweepAnalysis) -> String? {
    winner(analysis).map { analysis.manifest.grid.configObject(at: $0.configIndex).json.rendered(pretty: true) }
  }

  /// `recommended.why.txt`.
  package static func explanation(_ analysis: SweepAnalysis) -> String {
    let manifest = analysis.manifest
    let ranking = analysis.ranking
    guard let winner = winner(analysis) else { return "The sweep has no rows: no configuration to recommend.\n" }
    let configurations = manifest.grid.count
    let tracks = manifest.tracks.count - manifest.failedTracks.count
    var text = ""
    if winner.meetsConstraints {
      text += "Recommended: configuration \(describe(winner.configIndex, manifest)).\n\n"
      text +=
        manifest.constraints.isEmpty
        ? "There are no constraints: all \(configurations) configurations qualify.\n"
        : "It meets every constraint on all \(tracks) tracks, as \(ranking.passing) of \(configurations) configurations do:\n"
      text += manifest.constraints.map { "  \($0)\n" }.joined()
    } else {
      text += "No configuration meets every constraint on every track (0 of \(configurations)).\n"
      text += "recommended.json holds the closest: configuration \(describe(winner.configIndex, manifest)),\n"
      text += "with the fewest (track, constraint) violations, then the smallest total excess. Violated:\n"
      text += violations(winner, manifest, tracks: tracks)
    }
    text += "\nRanking rule: among the configurations that meet the constraints, the member of their Pareto front\n"
    text += "closest to the utopia point, each objective's mean over tracks normalised by its range on that front\n"
    text += "(0 = the front's best, 1 = its worst); ties by the objectives in order, then the lower index.\n"
    if !manifest.objectives.isEmpty {
      text += "\n" + objectiveTable(winner, analysis)
      if let distance = winner.distance { text += "Distance to the utopia point: \(rounded(distance))\n" }
    }
    if ranking.order.count > 1 {
      let second = ranking.order[1]
      text += "\nRunner-up: configuration \(describe(second.configIndex, manifest))"
      text +=
        second.distance.map { ", distance \(rounded($0))" }
        ?? (second.meetsConstraints ? "" : ", which does not meet the constraints")
      text += "\n"
      for (objective, value) in zip(manifest.objectives, second.objectives) {
        text += "  \(objective): \(readable(value))\n"
      }
      if !second.meetsConstraints && !second.violations.isEmpty { text += violations(second, manifest, tracks: tracks) }
    }
    return text + SweepInsight(analysis).text(manifest)
  }

  /// `7 of 12 (distanceFilter=16, syncThreshold=5)`
  static func describe(_ index: Int, _ manifest: SweepManifest) -> String {
    let label = manifest.grid.label(at: index)
    return "\(index) of \(manifest.grid.count)" + (label.isEmpty ? " (the base config)" : " (\(label))")
  }

  static func violations(_ candidate: SweepRanking.Candidate, _ manifest: SweepManifest, tracks: Int) -> String {
    candidate.violations.map { violation in
      let worst = violation.worst.isNaN ? "missing" : readable(violation.worst)
      return "  \(manifest.constraints[violation.constraint]): not met on \(violation.failedRows) of \(tracks) tracks; "
        + "worst \(worst) (\(manifest.tracks[violation.worstTrack].name))\n"
    }.joined()
  }

  static func objectiveTable(_ winner: SweepRanking.Candidate, _ analysis: SweepAnalysis) -> String {
    let objectives = analysis.manifest.objectives
    let rows = zip(objectives.indices, objectives).map { index, objective in
      [
        objective.description, readable(winner.objectives[index]),
        analysis.ranking.passing > 0 ? readable(analysis.ranking.frontRanges[index].best) : "",
        analysis.ranking.passing > 0 ? readable(analysis.ranking.frontRanges[index].worst) : "",
      ]
    }
    let table = [["objective (mean over tracks)", "value", "front best", "front worst"]] + rows
    let widths = (0..<4).map { column in table.map { $0[column].count }.max() ?? 0 }
    return table.map { row in
      "  " + row.enumerated().map { $1.padding(to: widths[$0]) }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
    }.joined()
  }

  /// Four decimals, for distances.
  static func rounded(_ value: Double) -> String { SweepText.number((value * 10_000).rounded() / 10_000) }

  /// At most six decimals, for reading (the CSV files keep every digit).
  static func readable(_ value: Double) -> String { SweepText.number((value * 1e6).rounded() / 1e6) }
}

extension String {
  fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
  fileprivate func trimmingTrailingSpaces() -> String { String(reversed().drop { $0 == " " }.reversed()) }
}
