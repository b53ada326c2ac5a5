/// The whole result of a check, built once while the tracks run and handed to every
/// renderer (`CheckJSONReporter`, `CheckJUnitReporter`, `CheckGitHubReporter`,
/// `CheckMarkdownReporter`): no renderer replays or re-reads the text output.
package struct CheckReport: Sendable {
  /// The version of the JSON document; raised when a field changes meaning or goes.
  package static let version = 1

  /// What became of one track.
  package enum Status: String, Sendable {
    /// Its fresh outputs match the stored ones (within the tolerance).
    case ok
    /// Its fresh outputs differ from the stored ones.
    case differs
    /// It could not be replayed or compared (a missing log, a bad stored output).
    case failed
  }

  /// One track of the manifest.
  package struct Track: Sendable {
    package var name: String
    /// What the comparison found; `nil` for a track that failed.
    package var result: CheckTrackResult?
    /// Why the track could not be checked (the message printed on standard error).
    package var failure: String?

    package init(name: String, result: CheckTrackResult? = nil, failure: String? = nil) {
      self.name = name
      self.result = result
      self.failure = failure
    }

    package var status: Status {
      guard let result else { return .failed }
      return result.differs ? .differs : .ok
    }
  }

  /// The golden folder as given.
  package var golden: String
  /// Every track, in manifest order.
  package var tracks: [Track]
  /// Every gate checked, in the order given.
  package var gates: [CheckGates.Gate]
  /// The exit code the check ends with (0, 3, 4, or the first failure's).
  package var exitCode: Int32
  /// The `--set key=value` arguments the tracks were checked with (not recorded anywhere).
  package var assignments: [String]

  package init(golden: String, tracks: [Track], gates: [CheckGates.Gate], exitCode: Int32, assignments: [String] = []) {
    self.assignments = assignments
    self.golden = golden
    self.tracks = tracks
    self.gates = gates
    self.exitCode = exitCode
  }

  /// Whether the check passed (exit code 0).
  package var passed: Bool { exitCode == 0 }

  /// Every gate violation, track by track, in gate order within a track.
  package var violations: [CheckGateViolation] { tracks.flatMap { $0.result?.violations ?? [] } }

  /// How many tracks have `status`.
  package func count(_ status: Status) -> Int { tracks.filter { $0.status == status }.count }

  /// The violations of one gate.
  package func violations(of gate: CheckGates.Gate) -> [CheckGateViolation] { violations.filter { $0.gate == gate } }

  /// The gates with at least one violation, in gate order.
  package var violatedGates: [CheckGates.Gate] { gates.filter { !violations(of: $0).isEmpty } }

  /// The summary line, as the text report ends (without its newline).
  package var summaryLine: String {
    var line = CheckReportWriter.summary(
      tracks: tracks.count, differing: count(.differs), failed: count(.failed),
      violations: violations.count)
    if line.hasSuffix("\n") { line.removeLast() }
    return line
  }

  /// The advice after a check that found differences, or `nil`.
  package var advice: String? { Self.advice(golden: golden, differing: count(.differs), assignments: assignments) }

  /// What reproduces or records a check's differences: `check --update` when the manifest's
  /// own configurations made them; after a `--set` check (which `--update` refuses, and
  /// which an `--update` without it would not reproduce) the same `--set` to see them again
  /// and the config files to edit to record them. Secret values are redacted.
  package static func advice(golden: String, differing: Int, assignments: [String]) -> String? {
    guard differing > 0 else { return nil }
    let folder = ShellWord.quoted(golden)
    guard !assignments.isEmpty else { return "to accept the fresh outputs: calmgeo-replay check --update \(folder)" }
    let sets = assignments.map { "--set " + ShellWord.quoted(Redaction.assignment($0)) }.joined(separator: " ")
    return "--set runs are not recorded (check --update \(folder) alone would change nothing): to see these "
      + "differences again: calmgeo-replay check \(folder) \(sets); to record them, put the same values in the "
      + "config files the manifest names, then: calmgeo-replay check --update \(folder)"
  }

  /// The stored value of `path` for `track`, as `compare` prints it, if the track was compared.
  package func storedValue(track: String, path: String) -> String? {
    tracks.first { $0.name == track }?.result?.stats?.rows.first { $0.path == path }?.old
  }
}

extension CheckGates.Gate {
  /// `fidelity.sed.p95 <= 25`, `engine.keptRatio >= 0.05`, or for a change gate
  /// `uploads.requests rises by <= 10 %` / `engine.keptRatio falls by <= 0.02`.
  package var condition: String {
    switch kind {
    case .max: "\(path) <= \(SweepText.number(limit))"
    case .min: "\(path) >= \(SweepText.number(limit))"
    case .maxIncrease: "\(path) rises by <= \(limitText.dropFirst())"
    case .maxDecrease: "\(path) falls by <= \(limitText.dropFirst())"
    }
  }
}
