/// A finished sweep's result for the CI formats (`sweep --format`): its analysis, the
/// output folder and the exit code, built once and handed to `SweepReporters`.
package struct SweepReport: Sendable {
  /// The version of the JSON document.
  package static let version = 1

  package var analysis: SweepAnalysis
  /// The output folder as given.
  package var out: String
  /// 0 when the recommendation meets every constraint, 2 when it is only the closest.
  package var exitCode: Int32

  package init(analysis: SweepAnalysis, out: String, exitCode: Int32) {
    self.analysis = analysis
    self.out = out
    self.exitCode = exitCode
  }

  var manifest: SweepManifest { analysis.manifest }
  var winner: SweepRanking.Candidate? { SweepRecommendation.winner(analysis) }
  /// Tracks that gave rows.
  var readTracks: Int { manifest.tracks.count - manifest.failedTracks.count }

  /// `7 (distanceFilter=16, syncThreshold=5)` or `0 (the base config)`.
  func describe(_ index: Int) -> String {
    let label = manifest.grid.label(at: index)
    return "\(index)" + (label.isEmpty ? " (the base config)" : " (\(label))")
  }

  /// The first line: `out: 12 rows (2 tracks × 6 configurations)`, with unreadable logs.
  var headline: String {
    var text = "\(out): \(analysis.table.entries.count) rows (\(SweepReporters.count(readTracks, "track")) × "
    text += "\(SweepReporters.count(manifest.grid.count, "configuration")))"
    if !manifest.failedTracks.isEmpty {
      text += ", \(SweepReporters.count(manifest.failedTracks.count, "log")) could not be read"
    }
    return text
  }

  /// The recommendation in one line, or `nil` without rows.
  var verdict: String? {
    guard let winner else { return nil }
    return winner.meetsConstraints
      ? "recommended: configuration \(describe(winner.configIndex)), meets every constraint: \(out)/recommended.json"
      : "no configuration meets every constraint; closest: configuration \(describe(winner.configIndex)): "
        + "\(out)/recommended.json, see recommended.why.txt"
  }

  /// `stops.missed == 0: not met on 2 of 3 tracks; worst 1 (walk)`.
  func violationText(_ violation: SweepRanking.Violation) -> String {
    let worst = violation.worst.isNaN ? "missing" : SweepRecommendation.readable(violation.worst)
    return "\(manifest.constraints[violation.constraint]): not met on \(violation.failedRows) of \(readTracks) tracks; "
      + "worst \(worst) (\(manifest.tracks[violation.worstTrack].name))"
  }
}
