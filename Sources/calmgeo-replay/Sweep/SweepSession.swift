import CalmGeoReplay
import Foundation

/// One `sweep` run: plan, resume, replay every pending row on all cores while writing
/// them in grid order, then conclude (or keep what is done when interrupted).
struct SweepSession: Sendable {
  var specPath: String
  var out: String
  var jobs: Int
  var shard: SweepShard?
  var resume: Bool
  var strict: Bool
  var keepBest: Int
  /// `--plot x,y` for sweep.html.
  var plot: SweepPlotAxes?
  var quiet: Bool
  /// `--timings`: print each phase's time on stderr at the end.
  var timings = false
  /// For tests: behave as if interrupted once this many rows were written.
  var stopAfter: Int?
  /// How the finished sweep's result is printed (`--format`).
  var format: ResultFormat = .text

  /// Runs the sweep; returns the exit code.
  func run() async -> Int32 {
    var plan: SweepPlan
    do {
      plan = try SweepSpecFile.load(path: specPath)
    } catch {
      return SweepExit.report(error)
    }
    if strict { for index in plan.tracks.indices { plan.tracks[index].options.strict = true } }
    let ready = plan
    let work = Task { await sweep(ready) }
    // The first signal keeps the finished rows; a second ends the process at once, leaving
    // the rows flushed so far in the partial folder.
    let interrupt = InterruptSignal { count in
      if count > 1 {
        Terminal.printError("\ninterrupted again: stopping now")
        _exit(SweepExit.interrupted)
      }
      Terminal.printError("\ninterrupted: finishing the rows in progress (Ctrl-C again to stop at once)")
      work.cancel()
    }
    let code = await work.value
    interrupt.stop()
    return code
  }

  private func sweep(_ plan: SweepPlan) async -> Int32 {
    let folder = SweepFolder(out: out, owner: .sweep(specHash: plan.specHash))
    do {
      return try await sweep(plan, folder: folder)
    } catch {
      return SweepExit.report(error)
    }
  }

  private func sweep(_ plan: SweepPlan, folder: SweepFolder) async throws -> Int32 {
    var manifest = plan.manifest
    manifest.shard = shard
    let kept = try rowsToKeep(plan, manifest: manifest, folder: folder)
    if let first = kept.first {
      try SweepAnalysis.checkPaths(manifest, known: first.paths, complete: false)
      try SweepFinisher.checkPlot(plot, known: first.paths, complete: false)
    }
    let done = Set(kept.map { manifest.row(track: $0.trackIndex, configuration: $0.configIndex) })
    let configurations = plan.configurations.count
    let pending = plan.tracks.indices.map { track in
      (0..<configurations).filter { configuration in
        let row = manifest.row(track: track, configuration: configuration)
        return (shard?.contains(row: row) ?? true) && !done.contains(row)
      }
    }
    // Kept rows are made durable in the partial folder before anything is computed, so
    // a kill from here on never leaves fewer rows than there were.
    if kept.isEmpty { try folder.create() } else { try folder.restore(kept) }
    do {
      return try await sweep(plan, manifest: manifest, kept: kept, pending: pending, folder: folder)
    } catch {
      // With kept rows, the partial folder holds them and every new row: left for --resume.
      if kept.isEmpty { folder.discard() }
      throw error
    }
  }

  /// Runs the pending rows into the partial folder and concludes.
  private func sweep(
    _ plan: SweepPlan, manifest planned: SweepManifest, kept: [SweepRow], pending: [[Int]],
    folder: SweepFolder
  ) async throws -> Int32 {
    var manifest = planned
    var clock: SweepTimings? = timings ? SweepTimings() : nil
    let begin = SweepTimings.now()
    defer {
      if var clock {
        clock.wall = SweepTimings.now() - begin
        let rows = pending.reduce(0) { $0 + $1.count }
        Terminal.printError(clock.rendered(jobs: jobs, tracks: pending.filter { !$0.isEmpty }.count, rows: rows))
      }
    }
    var writer = try SweepResultsWriter(folder: folder, manifest: manifest, kept: kept)
    var progress = SweepProgress(
      total: pending.reduce(0) { $0 + $1.count }, tracks: pending.filter { !$0.isEmpty }.count,
      quiet: quiet)
    var failed: [SweepManifest.FailedTrack] = []
    var checked = false
    var rowsOfTrack = 0
    // The rows' writing time, kept apart while the runner holds `clock`.
    let timed = clock != nil
    var writing = 0.0
    let outcome = try await SweepRunner(plan: plan, pending: pending, jobs: jobs).run(timings: &clock) { event in
      switch event {
      case .trackLoaded:
        rowsOfTrack = 0
      case .trackFailed(let index, let error):
        if strict { throw error }
        let message = String(describing: error)
        failed.append(SweepManifest.FailedTrack(index: index, error: message))
        progress.skip(rows: pending[index].count)
        progress.note("\(message)\n\(plan.tracks[index].name): note: skipped: the sweep goes on without this log")
      case .row(let row):
        if !checked {
          try SweepAnalysis.checkPaths(manifest, known: row.paths, complete: false)
          try SweepFinisher.checkPlot(plot, known: row.paths, complete: false)
          checked = true
        }
        let start = timed ? SweepTimings.now() : 0
        try writer.add(row)
        if timed { writing += SweepTimings.now() - start }
        progress.row()
        rowsOfTrack += 1
        if let stopAfter, progress.done >= stopAfter { withUnsafeCurrentTask { $0?.cancel() } }
      case .replayed(let count):
        progress.replayed(count)
      case .trackFinished(let index):
        let start = timed ? SweepTimings.now() : 0
        try writer.flush()
        if timed { writing += SweepTimings.now() - start }
        progress.trackFinished(plan.tracks[index].name, rows: rowsOfTrack)
      }
    }
    progress.finish()
    clock?.writing += writing
    try SweepTimings.time(&clock, \.writing) { try writer.finish() }
    manifest.failedTracks = failed
    manifest.rows = writer.count
    if outcome == .interrupted {
      manifest.status = .interrupted
      try SweepFinisher.writeManifest(manifest, into: folder)
      try folder.commit()
      let total = kept.count + progress.total
      Terminal.printError(
        "\(out): interrupted: \(writer.count) of \(total) rows kept; run the same command with --resume to finish")
      return SweepExit.interrupted
    }
    if let shard {
      try SweepFinisher.writeManifest(manifest, into: folder)
      try folder.commit()
      if !quiet { print("\(out): shard \(shard): \(writer.count) rows; join the shards with calmgeo-replay merge") }
      return 0
    }
    guard writer.count > 0 else {
      throw SweepDataError(file: specPath, reason: "no log could be read: the sweep has no rows")
    }
    let table = writer.table
    let analysis = try SweepTimings.time(&clock, \.summary) { try SweepAnalysis(manifest: manifest, table: table) }
    try SweepFinisher.checkPlot(plot, known: analysis.columns, complete: true)
    try SweepFinisher.write(analysis, plot: plot, into: folder, clock: &clock)
    if keepBest > 0 { try KeepBest.write(keepBest, analysis: analysis, plan: plan, into: folder) }
    try folder.commit()
    return SweepFinisher.conclude(analysis, folder: out, quiet: quiet, format: format)
  }

  /// With `--resume`, the rows of earlier runs of the same spec (this shard's, once
  /// each, in grid order): the union by grid row of the partial folder's rows and the
  /// finished folder's, so that neither hides the other's. Says where they came from.
  private func rowsToKeep(_ plan: SweepPlan, manifest: SweepManifest, folder: SweepFolder) throws -> [SweepRow] {
    guard resume else { return [] }
    let sources = try folder.rowsToResume()
    guard !sources.isEmpty else {
      if !quiet { Terminal.printError("\(out): nothing to resume: starting afresh") }
      return []
    }
    var byRow: [Int: SweepRow] = [:]
    var notes: [String] = []
    for (file, text) in sources {
      let (rows, truncated) = try SweepResultsReader.rows(text, file: file, toleratingCutEnd: true)
      if let other = rows.first(where: { $0.specHash != plan.specHash }) {
        throw SweepUsageError(
          message: """
            \(file) holds rows of another sweep (spec hash \(other.specHash), this spec's is \(plan.specHash)): \
            the logs, base or vary changed; remove \(out) or choose another --out
            """)
      }
      var added = 0
      for row in rows where row.trackIndex < plan.tracks.count && row.configIndex < plan.configurations.count {
        let index = manifest.row(track: row.trackIndex, configuration: row.configIndex)
        guard shard?.contains(row: index) ?? true, byRow[index] == nil else { continue }
        byRow[index] = row
        added += 1
      }
      let count = notes.isEmpty ? "\(added) rows" : "\(added) more"
      notes.append(
        "\(file)" + (sources.count > 1 ? " (\(count))" : "")
          + (truncated ? " (its cut last line dropped)" : ""))
    }
    if !quiet {
      let from = notes.count > 1 ? "the union by grid row of \(notes.joined(separator: " and "))" : notes.joined()
      Terminal.printError("\(out): resuming: \(byRow.count) rows already done, from \(from)")
    }
    return byRow.keys.sorted().compactMap { byRow[$0] }
  }
}
