import CalmGeoReplay
import CalmGeoSystem
import Foundation

/// One run of `check` over a golden folder: each track replayed through `replay`'s code
/// path into a scratch folder, compared with its stored outputs and gated; with
/// `update`, the tracks that differ are replaced by their fresh outputs.
struct CheckSession {
  enum Mode {
    /// Compare; keep the fresh outputs in `keep` when given.
    case check(keep: String?)
    /// Replace the stored outputs that differ.
    case update
    /// Record every track (a new golden folder).
    case record
  }

  let golden: String
  let plan: CheckPlan
  let mode: Mode
  let quiet: Bool
  /// How the result is printed (`--format`); anything but text prints once, at the end.
  var format: ResultFormat = .text
  /// The `--set` arguments the plan applied, for the advice after differences.
  var assignments: [String] = []

  /// What became of the tracks.
  struct Outcome {
    var exitCode: Int32 = 0
    var differing = 0
    var failed = 0
    var written = 0
    var violations: [CheckGateViolation] = []
    /// Every track's result, for the renderers of `--format`.
    var tracks: [CheckReport.Track] = []
  }

  /// Replays and compares every track, printing as it goes; returns the exit code.
  func run() -> Outcome {
    var outcome = Outcome()
    // A new folder of a name nobody can predict (mkdtemp), never one that may already be there.
    var scratch = ""
    if case .check(keep: nil) = mode {
      let temporary = FileManager.default.temporaryDirectory.path as NSString
      let template = temporary.appendingPathComponent("calmgeo-check-XXXXXX")
      do throws(Errno) {
        scratch = try SystemFiles.makeUniqueDirectory(template: template)
      } catch {
        Terminal.printError("\(template): error: cannot create a scratch folder: \(error.reason)")
        outcome.exitCode = 1
        return outcome
      }
    }
    defer { if !scratch.isEmpty { SafeRemoval.remove(path: scratch) } }
    for track in plan.tracks {
      do {
        let result = try self.track(track, scratch: scratch, outcome: &outcome)
        if result.differs { outcome.differing += 1 }
        outcome.violations += result.violations
        outcome.tracks.append(CheckReport.Track(name: track.name, result: result))
        fflush(nil)  // stdout, before the next track's errors on stderr
      } catch let error as DocumentError where [.checkManifest, .gates].contains(error.document) {
        // A gate naming a field stats.json does not have: nothing else can be gated.
        Terminal.printError(error.description)
        outcome.exitCode = 64
        return outcome
      } catch {
        outcome.failed += 1
        outcome.tracks.append(CheckReport.Track(name: track.name, failure: "\(error)"))
        let code = CalmGeoReplayCommand.Check.report(error)
        if outcome.exitCode == 0 { outcome.exitCode = code }
      }
    }
    if case .update = mode, outcome.written > 0, outcome.failed == 0 { rewriteSummary(&outcome) }
    if format == .text { print(CheckReportWriter.violations(outcome.violations), terminator: "") }
    if case .check = mode {
      // Other formats print once the exit code is known (below).
      if format == .text {
        print(
          CheckReportWriter.summary(
            tracks: plan.tracks.count, differing: outcome.differing, failed: outcome.failed,
            violations: outcome.violations.count), terminator: "")
        if let advice = CheckReport.advice(golden: golden, differing: outcome.differing, assignments: assignments) {
          print(advice)
        }
      }
    } else {
      var line =
        "wrote \(outcome.written) of \(plan.tracks.count) \(plan.tracks.count == 1 ? "track" : "tracks") in \(golden)"
      if outcome.failed > 0 { line += "; \(outcome.failed) could not be replayed" }
      if !outcome.violations.isEmpty { line += "; \(outcome.violations.count) gate violations" }
      print(line)
    }
    if outcome.exitCode == 0 {
      if case .check = mode, outcome.differing > 0 {
        outcome.exitCode = CheckExit.differ
      } else if !outcome.violations.isEmpty {
        outcome.exitCode = CheckExit.gates
      }
    }
    if format != .text {
      let report = CheckReport(
        golden: golden, tracks: outcome.tracks, gates: plan.gates.gates,
        exitCode: outcome.exitCode, assignments: assignments)
      CIOutput.emit(report, format: format)
    }
    return outcome
  }

  /// One track: replay, compare, gate, then keep, write back or discard its outputs.
  private func track(_ track: CheckPlan.Track, scratch: String, outcome: inout Outcome) throws -> CheckTrackResult {
    let stored = CheckPaths.resolve(track.name, in: golden)
    let hasStored = FileManager.default.fileExists(atPath: stored)
    if case .check = mode, !hasStored {
      throw CheckError(
        stored, "no stored outputs for track '\(track.name)' (record them with check --update)", code: 66)
    }
    // Fresh outputs are the log's (with the marker); a golden folder's track folders are the
    // manifest's, written without a marker so that golden folders stay as recorded.
    let parent: String
    let owner: OutputOwner
    switch mode {
    case .check(let keep): (parent, owner) = (keep ?? scratch, .log(track.log))
    case .update: (parent, owner) = (golden, .log(track.log, existing: .goldenTrack))
    case .record: (parent, owner) = (golden, .log(track.log, existing: .nothing))
    }
    let replay = try TrackReplay(
      log: track.log, name: track.name, parent: parent, owner: owner, configuration: track.configuration,
      parseOptions: track.options, format: track.format,
      outputs: TrackReplay.Outputs(reports: try ReportOptions.parse([]), geofences: track.geofences))
    let fresh = replay.folder.workPath
    do {
      var result = CheckTrackResult(name: track.name)
      let freshStats = try GoldenFolder.stats(CheckPaths.resolve("stats.json", in: fresh))
      // The golden value change gates (max_increase, max_decrease) compare with.
      var goldenStats: ReplayStats?
      if hasStored {
        result.files = try CheckTrackResult.fileDifferences(
          stored: GoldenFolder.outputFiles(in: stored), fresh: GoldenFolder.outputFiles(in: fresh),
          storedBytes: { try GoldenFolder.bytes(CheckPaths.resolve($0, in: stored)) },
          freshBytes: { try GoldenFolder.bytes(CheckPaths.resolve($0, in: fresh)) })
        do {
          let storedStats = try GoldenFolder.stats(CheckPaths.resolve("stats.json", in: stored))
          goldenStats = storedStats
          result.stats = StatsCheck(stored: storedStats, fresh: freshStats, tolerance: plan.tolerance)
        } catch let error as CheckError {
          // A broken or missing stats.json is only replaced by an update.
          guard case .update = mode else { throw error }
          result.files.append(.init(path: "stats.json", kind: .onlyFresh))
        }
      }
      result.violations = try plan.gates.violations(of: freshStats, golden: goldenStats, track: track.name)
      switch mode {
      case .check(let keep):
        if format == .text && (!quiet || result.differs) { print(CheckReportWriter.render(result), terminator: "") }
        if keep != nil { try replay.folder.commit() } else { replay.folder.discard() }
      case .update, .record:
        let write = !hasStored || result.differs
        if write {
          try replay.folder.commit()
          outcome.written += 1
        } else {
          replay.folder.discard()
        }
        if !quiet || write { print("\(track.name): \(hasStored ? (write ? "updated" : "unchanged") : "recorded")") }
      }
      return result
    } catch {
      replay.folder.discard()
      throw error
    }
  }

  /// Rewrites the golden folder's `summary.csv` (as `replay` writes it for several logs),
  /// when it has one, from the stored stats in manifest order.
  private func rewriteSummary(_ outcome: inout Outcome) {
    let path = CheckPaths.resolve("summary.csv", in: golden)
    guard plan.tracks.count > 1, FileManager.default.fileExists(atPath: path) else { return }
    do {
      let stats = try plan.tracks.map {
        try GoldenFolder.stats(CheckPaths.resolve("stats.json", in: CheckPaths.resolve($0.name, in: golden)))
      }
      let bytes = Array(CrossTrackSummary(stats).csv().utf8)
      if (try? GoldenFolder.bytes(path)) != bytes { try OutputFolder.writeAtomically(bytes, to: path) }
    } catch {
      let code = CalmGeoReplayCommand.Check.report(error)
      if outcome.exitCode == 0 { outcome.exitCode = code }
    }
  }
}

/// The exit codes of `check` beyond the usual ones.
enum CheckExit {
  /// The fresh outputs differ from the stored ones.
  static let differ: Int32 = 3
  /// Every track matches, but a gate is violated.
  static let gates: Int32 = 4
}
