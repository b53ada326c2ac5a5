/// Runs a sweep's rows on every core and hands them over in grid order.
///
/// Each log is parsed once, a few tracks ahead of the replays, and released when its
/// last row is handed over, so memory holds about `jobs` + 1 tracks. Rows are replayed
/// from memory with a `DiscardingObserver`, in chunks (`withThrowingTaskGroup`, at most
/// `jobs` tasks at a time); a chunk's rows are handed over only when every row before
/// them has been, so the output does not depend on `jobs` or on timing.
///
/// Cancelling the calling task (Ctrl-C) stops it cleanly: the rows of the chunks in
/// progress finish or are dropped, and every row handed over is a prefix of the
/// pending rows in grid order.
public struct SweepRunner: Sendable {
  /// What the runner hands over, in grid order.
  public enum Event: Sendable {
    /// A log was read (before its rows).
    case trackLoaded(index: Int, fixes: Int, diagnostics: InputDiagnostics)
    /// A log could not be read: it has no rows.
    case trackFailed(index: Int, error: any Error)
    case row(SweepRow)
    /// The track's last pending row was handed over.
    case trackFinished(index: Int)
  }

  /// How a run ended.
  public enum Outcome: Sendable, Hashable {
    case finished
    /// Cancelled: only a prefix of the pending rows was handed over.
    case interrupted
  }

  public let plan: SweepPlan
  /// Per track, the configurations to replay (ascending); tracks without any are not read.
  public let pending: [[Int]]
  public let jobs: Int
  /// Replay work per chunk, in fixes (about 0.2 s of engine time).
  static let fixesPerChunk = 4_000_000

  public init(plan: SweepPlan, pending: [[Int]], jobs: Int) {
    self.plan = plan
    self.pending = pending
    self.jobs = max(1, jobs)
  }

  private enum Done: Sendable {
    case loaded(position: Int, result: Result<Loaded, any Error>)
    case chunk(position: Int, chunk: Int, rows: [SweepRow])
  }

  /// Runs every pending row, calling `handle` for each event in grid order (on the
  /// calling task); an error thrown by `handle` stops the run and is rethrown.
  public func run(_ handle: (Event) throws -> Void) async throws -> Outcome {
    let order = pending.indices.filter { !pending[$0].isEmpty }
    var schedule = Cursor(position: 0, chunk: 0)
    var delivery = Cursor(position: 0, chunk: -1)
    var nextLoad = 0
    var inFlight = 0
    var outstanding = 0
    var tracks: [Int: Loaded] = [:]
    var loads: [Int: Result<Loaded, any Error>] = [:]
    var chunks: [Int: [[Int]]] = [:]
    var finished: [Cursor: [SweepRow]] = [:]
    var gap = false

    return try await withThrowingTaskGroup(of: Done.self) { group in
      func fill() {
        while inFlight < jobs, !Task.isCancelled {
          // A track whose rows were all handed over (or that failed) has nothing left.
          if schedule.position < delivery.position { schedule = Cursor(position: delivery.position, chunk: 0) }
          if schedule.position < order.count, let plan = chunks[schedule.position] {
            if schedule.chunk >= plan.count {
              schedule = Cursor(position: schedule.position + 1, chunk: 0)
              continue
            }
            guard outstanding < 4 * jobs, let track = tracks[schedule.position] else { break }
            let key = schedule
            let index = order[key.position]
            let configurations = plan[key.chunk]
            group.addTask { [self] in .chunk(position: key.position, chunk: key.chunk, rows: replay(track, index, configurations)) }
            schedule.chunk += 1
            if schedule.chunk == plan.count { schedule = Cursor(position: schedule.position + 1, chunk: 0) }
            inFlight += 1
            outstanding += 1
          } else if nextLoad < order.count, nextLoad <= schedule.position + jobs {
            let position = nextLoad
            let spec = plan.tracks[order[position]]
            let configurations = pending[order[position]]
            group.addTask { [self] in
              .loaded(position: position, result: Result {
                var track = try TrackReader.load(path: spec.path, options: spec.options, forcedFormat: spec.format)
                track.name = spec.name
                return Loaded(track: track, analysis: analysis(of: track, for: configurations))
              })
            }
            nextLoad += 1
            inFlight += 1
          } else {
            break
          }
        }
      }

      func deliver() throws {
        while delivery.position < order.count, !gap {
          let position = delivery.position
          let index = order[position]
          if delivery.chunk == -1 {
            guard let result = loads.removeValue(forKey: position) else { return }
            switch result {
            case .success(let loaded):
              let track = loaded.track
              try handle(.trackLoaded(index: index, fixes: track.fixes.count, diagnostics: track.diagnostics))
              delivery.chunk = 0
            case .failure(let error):
              try handle(.trackFailed(index: index, error: error))
              delivery = Cursor(position: position + 1, chunk: -1)
            }
            continue
          }
          let plan = chunks[position] ?? []
          if delivery.chunk < plan.count {
            guard let rows = finished.removeValue(forKey: delivery) else { return }
            for row in rows { try handle(.row(row)) }
            outstanding -= 1
            if rows.count < plan[delivery.chunk].count { gap = true }
            delivery.chunk += 1
            continue
          }
          try handle(.trackFinished(index: index))
          tracks[position] = nil
          chunks[position] = nil
          delivery = Cursor(position: position + 1, chunk: -1)
        }
      }

      fill()
      while let done = try await group.next() {
        inFlight -= 1
        switch done {
        case .loaded(let position, let result):
          loads[position] = result
          if case .success(let loaded) = result {
            tracks[position] = loaded
            chunks[position] = split(pending[order[position]], fixes: loaded.track.fixes.count)
          } else {
            chunks[position] = []
          }
        case .chunk(let position, let chunk, let rows):
          finished[Cursor(position: position, chunk: chunk)] = rows
        }
        try deliver()
        fill()
      }
      return Task.isCancelled || gap || delivery.position < order.count ? .interrupted : .finished
    }
  }

  /// Where the scheduler or the hand-over is: a track (position among tracks with
  /// pending rows) and a chunk of it (-1: its load event).
  private struct Cursor: Hashable {
    var position: Int
    var chunk: Int
  }

  /// Pending configurations cut into chunks of about `fixesPerChunk` fixes of work, and
  /// small enough to give every job a share of a track with few configurations. A
  /// configuration whose `decisionKey` is already in its chunk costs `sharedCost` of a
  /// replay (its uploads replayed from the chunk's pass), so neighbours that differ only
  /// in upload settings (the grid's last variables) travel together.
  private func split(_ configurations: [Int], fixes: Int) -> [[Int]] {
    let keys = configurations.map { plan.configurations[$0].decisionKey }
    var total = 0.0
    for index in keys.indices { total += index > 0 && keys[index] == keys[index - 1] ? Self.sharedCost : 1 }
    let byWork = Double(max(1, min(256, Self.fixesPerChunk / max(fixes, 1))))
    let target = max(Self.sharedCost, min(byWork, total / Double(jobs)))
    var chunks: [[Int]] = []
    var chunk: [Int] = []
    var chunkKeys: Set<ReplayConfiguration> = []
    var work = 0.0
    for (configuration, key) in zip(configurations, keys) {
      let cost = chunkKeys.contains(key) ? Self.sharedCost : 1
      if !chunk.isEmpty, work + cost > target + 1e-9 {
        chunks.append(chunk)
        chunk = []
        chunkKeys = []
        work = 0
      }
      work += chunkKeys.insert(key).inserted ? 1 : Self.sharedCost
      chunk.append(configuration)
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
  }

  /// The analysis of `track` when enough configurations replay it to pay for it (it costs
  /// about one replay's encoding and stop detection).
  private func analysis(of track: Track, for configurations: [Int]) -> TrackAnalysis? {
    guard configurations.count >= 4 else { return nil }
    let rules = Set(configurations.map { StopRule(plan.configurations[$0].replay) })
    return TrackAnalysis(track, stopRules: rules)
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
        track, sharing: members.map { plan.configurations[$0] }, metrics: true, computesHausdorff: hausdorff,
        analysis: loaded.analysis)
      for (configuration, result) in zip(members, replays) { results[configuration] = result }
    }
    // In the chunk's order, up to the first configuration not replayed (cancelled).
    for configuration in configurations {
      guard let result = results[configuration] else { break }
      rows.append(SweepRow(stats: ReplayStats(result), trackIndex: index, trackName: track.name,
                           configIndex: configuration, grid: plan.manifest.grid, specHash: plan.specHash))
    }
    return rows
  }
}
