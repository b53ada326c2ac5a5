/// Runs a sweep's rows on every core and hands them over in grid order.
///
/// Each log is parsed once, a few tracks ahead of the replays, and released when its
/// last row is handed over, so memory holds about `jobs` + 1 tracks. Rows are replayed
/// from memory with a `DiscardingObserver`, in chunks (`withThrowingTaskGroup`, at most
/// `jobs` tasks at a time) that keep configurations deciding alike together wherever
/// they are in the grid; a row is handed over only when every row before it has been,
/// so the output does not depend on `jobs` or on timing.
///
/// Cancelling the calling task (Ctrl-C) stops it cleanly: the rows of the chunks in
/// progress finish or are dropped, and every row handed over is a prefix of the
/// pending rows in grid order.
package struct SweepRunner: Sendable {
  /// What the runner hands over, in grid order.
  package enum Event: Sendable {
    /// A log was read (before its rows).
    case trackLoaded(index: Int, fixes: Int, diagnostics: InputDiagnostics)
    /// A log could not be read: it has no rows.
    case trackFailed(index: Int, error: any Error)
    case row(SweepRow)
    /// Rows were replayed; they are handed over (`row`) once every row before them is.
    /// For progress only: when these come depends on timing, not on the grid.
    case replayed(count: Int)
    /// The track's last pending row was handed over.
    case trackFinished(index: Int)
  }

  /// How a run ended.
  package enum Outcome: Sendable, Hashable {
    case finished
    /// Cancelled: only a prefix of the pending rows was handed over.
    case interrupted
  }

  package let plan: SweepPlan
  /// Per track, the configurations to replay (ascending); tracks without any are not read.
  package let pending: [[Int]]
  package let jobs: Int
  /// Replay work per chunk, in fixes (about 0.2 s of engine time).
  static let fixesPerChunk = 4_000_000

  package init(plan: SweepPlan, pending: [[Int]], jobs: Int) {
    self.plan = plan
    self.pending = pending
    self.jobs = max(1, jobs)
  }

  private enum Done: Sendable {
    case loaded(position: Int, result: Result<Loaded, any Error>)
    case chunk(position: Int, chunk: Int, rows: [SweepRow], seconds: Double)
  }

  /// Runs every pending row, calling `handle` for each event in grid order (on the
  /// calling task); an error thrown by `handle` stops the run and is rethrown.
  package func run(_ handle: (Event) throws -> Void) async throws -> Outcome {
    var untimed: SweepTimings?
    return try await run(timings: &untimed, handle)
  }

  /// `run(_:)`, adding the time its tasks spend parsing, analysing and replaying to
  /// `timings` when it is not nil (nil: the clock is never read).
  package func run(timings: inout SweepTimings?, _ handle: (Event) throws -> Void) async throws -> Outcome {
    let timed = timings != nil
    var measured = timings ?? SweepTimings()
    defer { if timed { timings = measured } }
    let order = pending.indices.filter { !pending[$0].isEmpty }
    var schedule = Cursor(position: 0, chunk: 0)
    // The hand-over: the track (position), whether its load event went out, and the
    // index in its pending list of the next row to hand over.
    var deliveryPosition = 0
    var deliveryLoaded = false
    var nextRow = 0
    var nextLoad = 0
    var inFlight = 0
    // Chunks scheduled whose rows are not all handed over yet.
    var outstanding = 0
    var tracks: [Int: Loaded] = [:]
    var loads: [Int: Result<Loaded, any Error>] = [:]
    var chunks: [Int: [[Int]]] = [:]
    // Rows replayed and waiting for the rows before them (with their chunk), by position
    // and configuration, and each scheduled chunk's rows still to hand over.
    var ready: [Int: [Int: (row: SweepRow, chunk: Int)]] = [:]
    var waiting: [Cursor: Int] = [:]

    return try await withThrowingTaskGroup(of: Done.self) { group in
      func fill() {
        while inFlight < jobs, !Task.isCancelled {
          // A track whose rows were all handed over (or that failed) has nothing left.
          if schedule.position < deliveryPosition { schedule = Cursor(position: deliveryPosition, chunk: 0) }
          if schedule.position < order.count, let plan = chunks[schedule.position] {
            if schedule.chunk >= plan.count {
              schedule = Cursor(position: schedule.position + 1, chunk: 0)
              continue
            }
            // The track being handed over may always go on (its rows may wait on any
            // of its chunks); later tracks only while few chunks wait.
            guard schedule.position == deliveryPosition || outstanding < 4 * jobs,
              let track = tracks[schedule.position]
            else { break }
            let key = schedule
            let index = order[key.position]
            let configurations = plan[key.chunk]
            waiting[key] = configurations.count
            group.addTask { [self] in
              let begin = timed ? SweepTimings.now() : 0
              let rows = replay(track, index, configurations)
              return .chunk(
                position: key.position, chunk: key.chunk, rows: rows,
                seconds: timed ? SweepTimings.now() - begin : 0)
            }
            schedule.chunk += 1
            if schedule.chunk == plan.count { schedule = Cursor(position: schedule.position + 1, chunk: 0) }
            inFlight += 1
            outstanding += 1
          } else if nextLoad < order.count, nextLoad <= schedule.position + jobs {
            let position = nextLoad
            let spec = plan.tracks[order[position]]
            let configurations = pending[order[position]]
            group.addTask { [self] in
              let begin = timed ? SweepTimings.now() : 0
              let track: Track
              do {
                // A large CSV log's rows in pieces on every job (the configurations wait for it).
                track = try await TrackReader.load(
                  path: spec.path, options: spec.options, forcedFormat: spec.format, pieces: jobs)
              } catch {
                return .loaded(position: position, result: .failure(error))
              }
              let parsed = timed ? SweepTimings.now() : 0
              let shared = await analysis(of: track, for: configurations)
              var loaded = Loaded(
                track: track, analysis: shared, parseSeconds: parsed - begin,
                analysisSeconds: timed ? SweepTimings.now() - parsed : 0)
              loaded.track.name = spec.name
              return .loaded(position: position, result: .success(loaded))
            }
            nextLoad += 1
            inFlight += 1
          } else {
            break
          }
        }
      }

      func deliver() throws {
        while deliveryPosition < order.count {
          let position = deliveryPosition
          let index = order[position]
          if !deliveryLoaded {
            guard let result = loads.removeValue(forKey: position) else { return }
            switch result {
            case .success(let loaded):
              let track = loaded.track
              try handle(.trackLoaded(index: index, fixes: track.fixes.count, diagnostics: track.diagnostics))
              deliveryLoaded = true
              nextRow = 0
            case .failure(let error):
              try handle(.trackFailed(index: index, error: error))
              deliveryPosition += 1
            }
            continue
          }
          let expected = pending[index]
          while nextRow < expected.count,
            let (row, chunkIndex) = ready[position]?.removeValue(forKey: expected[nextRow])
          {
            try handle(.row(row))
            let chunk = Cursor(position: position, chunk: chunkIndex)
            waiting[chunk]! -= 1
            if waiting[chunk] == 0 {
              waiting[chunk] = nil
              outstanding -= 1
            }
            nextRow += 1
          }
          // A row that is not there yet (or never will be: cancelled) holds the rest back.
          guard nextRow == expected.count else { return }
          try handle(.trackFinished(index: index))
          (tracks[position], chunks[position], ready[position]) = (nil, nil, nil)
          deliveryPosition += 1
          deliveryLoaded = false
        }
      }

      fill()
      while let done = try await group.next() {
        inFlight -= 1
        switch done {
        case .loaded(let position, let result):
          loads[position] = result
          if case .success(let loaded) = result {
            measured.parse += loaded.parseSeconds
            measured.analysis += loaded.analysisSeconds
            tracks[position] = loaded
            chunks[position] = split(pending[order[position]], fixes: loaded.track.fixes.count)
          } else {
            chunks[position] = []
          }
        case .chunk(let position, let chunk, let rows, let seconds):
          measured.configurations += seconds
          for row in rows { ready[position, default: [:]][row.configIndex] = (row, chunk) }
          if !rows.isEmpty { try handle(.replayed(count: rows.count)) }
        }
        try deliver()
        fill()
      }
      return Task.isCancelled || deliveryPosition < order.count ? .interrupted : .finished
    }
  }

  /// A chunk of a track: the track's position among tracks with pending rows, and the
  /// chunk's index among its chunks (where the scheduler is, and what rows wait for).
  private struct Cursor: Hashable {
    var position: Int
    var chunk: Int
  }

  /// Pending configurations cut into chunks of about `fixesPerChunk` fixes of work, and
  /// small enough to give every job a share of a track with few configurations.
  ///
  /// Configurations that decide alike (the same `decisionKey`, wherever they are in the
  /// grid) go together, in the order of their first appearance: the first of them in a
  /// chunk costs a replay, each other `sharedCost` of one (its uploads replayed from the
  /// first's pass), and a chunk takes such groups whole unless one alone is more than a
  /// chunk's work. The last `jobs − 1` chunks' worth of work goes in chunks of one pass
  /// each, so that no job is left running a whole chunk while the others have nothing to do
  /// (a 100-row grid on 2 jobs ended with one job replaying its last 4 rows alone). Rows are
  /// still handed over in grid order (`run`).
  func split(_ configurations: [Int], fixes: Int) -> [[Int]] {
    var groups: [[Int]] = []
    var groupOfKey: [ReplayConfiguration: Int] = [:]
    for configuration in configurations {
      let key = plan.configurations[configuration].decisionKey
      if let group = groupOfKey[key] {
        groups[group].append(configuration)
      } else {
        groupOfKey[key] = groups.count
        groups.append([configuration])
      }
    }
    let total = Double(groups.count) + Self.sharedCost * Double(configurations.count - groups.count)
    let byWork = Double(max(1, min(256, Self.fixesPerChunk / max(fixes, 1))))
    let target = max(Self.sharedCost, min(byWork, total / Double(jobs)))
    // A group is cut only where it alone is more work than a chunk, and never into parts
    // whose shared rows are less work than the pass each part pays (1 / sharedCost rows).
    let fitting = Int(((target - 1) / Self.sharedCost + 1e-9).rounded(.down)) + 1
    let perPass = max(Int((1 / Self.sharedCost).rounded()), fitting)
    let tail = Double(jobs - 1) * target
    var chunks: [[Int]] = []
    var chunk: [Int] = []
    var work = 0.0
    var done = 0.0
    for group in groups {
      for start in stride(from: 0, to: group.count, by: perPass) {
        let part = group[start..<min(start + perPass, group.count)]
        let cost = 1 + Self.sharedCost * Double(part.count - 1)
        let limit = total - done <= tail + 1e-9 ? 0 : target
        if !chunk.isEmpty, work + cost > limit + 1e-9 {
          chunks.append(chunk)
          (chunk, work) = ([], 0)
        }
        chunk += part
        work += cost
        done += cost
      }
    }
    if !chunk.isEmpty { chunks.append(chunk) }
    return chunks
  }

  /// The work of a configuration replayed from another's upload tape, in full replays.
  static let sharedCost = 0.05

  /// A parsed track and what its replays share.
  private struct Loaded: Sendable {
    var track: Track
    var analysis: TrackAnalysis?
    /// The task time spent reading the log and analysing it (0 unless timed).
    var parseSeconds = 0.0
    var analysisSeconds = 0.0
  }

  /// The analysis of `track` when enough configurations replay it to pay for it (it costs
  /// about one replay's encoding and stop detection); its parts in concurrent tasks when
  /// more than one job may run (the same analysis either way).
  private func analysis(of track: Track, for configurations: [Int]) async -> TrackAnalysis? {
    guard configurations.count >= 4 else { return nil }
    let rules = Set(configurations.map { StopRule(plan.configurations[$0].replay) })
    if jobs == 1 { return TrackAnalysis(track, stopRules: rules) }
    return await TrackAnalysis.concurrently(track, stopRules: rules)
  }

  /// Replays `track` under each configuration, stopping early when cancelled.
  private func replay(_ loaded: Loaded, _ index: Int, _ configurations: [Int]) -> [SweepRow] {
    let track = loaded.track
    var rows: [SweepRow] = []
    rows.reserveCapacity(configurations.count)
    // The Hausdorff distance keeps the whole raw track and is the costliest metric: only
    // when the sweep ranks or constrains on it (else fidelity.hausdorff is the PED bound).
    let paths = plan.manifest.objectives.map(\.path) + plan.manifest.constraints.map(\.path)
    let hausdorff = paths.contains { $0.hasPrefix("fidelity.hausdorff") }
    // Likewise the run's min-# answers: dozens of exact solves each, so only when asked for; the
    // track's ladder (its analysis, worked out once) is in every row.
    let efficiency = paths.contains { path in EfficiencyStats.solvedPaths.contains { path.hasPrefix($0) } }
    // Configurations that decide alike (they differ in upload settings only) share one pass.
    var groups: [ReplayConfiguration: [Int]] = [:]
    var order: [ReplayConfiguration] = []
    for configuration in configurations {
      let key = plan.configurations[configuration].decisionKey
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(configuration)
    }
    var results: [Int: ReplayResult] = [:]
    for key in order {
      if Task.isCancelled { break }
      let members = groups[key]!
      let replays = ReplayRunner.run(
        track, sharing: members.map { plan.configurations[$0] },
        options: ReplayOptions(computesHausdorff: hausdorff, solvesEfficiency: efficiency, analysis: loaded.analysis))
      for (configuration, result) in zip(members, replays) { results[configuration] = result }
    }
    // In the chunk's order; a configuration not replayed (cancelled) has no row.
    for configuration in configurations {
      guard let result = results[configuration] else { continue }
      rows.append(
        SweepRow(
          stats: ReplayStats(result), trackIndex: index, trackName: track.name,
          configIndex: configuration, grid: plan.manifest.grid, specHash: plan.specHash))
    }
    return rows
  }
}
