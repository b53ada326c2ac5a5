import Foundation
import Testing

@testable import CalmGeoReplay

/// The runner on the three sample logs: the same rows in the same order whatever the
/// number of jobs, and a clean prefix when cancelled.
struct SweepRunnerTests {
  static func plan(
    vary: String = "{distanceFilter: [10, 16, 30], syncThreshold: [5, 12]}",
    objectives: String = "[min energy.percentPerHour]"
  ) throws -> SweepPlan {
    let samples = Corpus.repositoryRoot.appendingPathComponent("Samples").path
    let text = """
      tracks: ["\(samples)/*.csv"]
      base: {url: "https://api.example.test/l", autoSync: true, replay: {seed: 1, finalSync: true}}
      vary: \(vary)
      objectives: \(objectives)
      """
    let spec = try SweepSpecDecoder.decode(text, source: "s.yaml")
    return try SweepPlan(
      spec: spec,
      base: {
        if case .inline(let base) = spec.base { return base }
        return SpecNode(.null)
      }(),
      baseSource: nil, tracks: try SweepSpecFile.tracks(spec, folder: ""))
  }

  /// Every event as text, in the order handed over.
  static func events(_ plan: SweepPlan, jobs: Int, pending: [[Int]]? = nil, cancelAfter: Int? = nil) async throws
    -> (events: [String], outcome: SweepRunner.Outcome)
  {
    let all = pending ?? plan.tracks.map { _ in Array(plan.configurations.indices) }
    var events: [String] = []
    var rows = 0
    let outcome = try await SweepRunner(plan: plan, pending: all, jobs: jobs).run { event in
      switch event {
      case .trackLoaded(let index, let fixes, _): events.append("loaded \(index) \(fixes)")
      case .trackFailed(let index, _): events.append("failed \(index)")
      case .trackFinished(let index): events.append("finished \(index)")
      case .replayed: break
      case .row(let row):
        events.append(row.line)
        rows += 1
        if rows == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
      }
    }
    return (events, outcome)
  }

  @Test func oneAndFourJobsHandOverTheSameRows() async throws {
    let plan = try Self.plan()
    #expect(
      plan.tracks.map { ($0.name as NSString).lastPathComponent }
        == ["drive-speed-changes.csv", "stationary-drift.csv", "walk-with-long-stop.csv"])
    let one = try await Self.events(plan, jobs: 1)
    let four = try await Self.events(plan, jobs: 4)
    #expect(one.outcome == .finished && four.outcome == .finished)
    #expect(one.events.count == 3 * (6 + 2))
    #expect(one.events == four.events)
    #expect(one.events[0] == "loaded 0 1390" && one.events[7] == "finished 0")
    let row = try SweepRow(line: one.events[2], file: "t", lineNumber: 1)
    #expect(row.trackIndex == 0 && row.configIndex == 1 && row.paths.first == "input.fixesUsed")
    #expect(one.events[2].contains(#""values":{"distanceFilter":10,"syncThreshold":12}"#))
  }

  /// Each row of `plan`'s sweep (2 jobs) against the same configuration replayed alone.
  static func expectRowsEqualRowsReplayedAlone(_ plan: SweepPlan, solvesEfficiency: Bool = false) async throws {
    let rows = try await Self.events(plan, jobs: 2).events.filter { $0.hasPrefix("{") }
    #expect(rows.count == 18)
    var previous: (track: Int, config: Int)? = nil
    for line in rows {
      let row = try SweepRow(line: line, file: "t", lineNumber: 1)
      // Grid order: by track, then configuration.
      if let previous { #expect((previous.track, previous.config) < (row.trackIndex, row.configIndex)) }
      previous = (row.trackIndex, row.configIndex)
      let track = try TrackReader.load(path: plan.tracks[row.trackIndex].path)
      var observer = DiscardingObserver()
      let alone = ReplayRunner.run(
        source: track, configuration: plan.configurations[row.configIndex], observer: &observer,
        options: ReplayOptions(metrics: true, computesHausdorff: false, solvesEfficiency: solvesEfficiency))
      let expected = SweepRow(
        stats: ReplayStats(alone), trackIndex: row.trackIndex, trackName: plan.tracks[row.trackIndex].name,
        configIndex: row.configIndex, grid: plan.manifest.grid, specHash: plan.specHash)
      #expect(expected.line == line)
    }
  }

  @Test func rowsThatShareADecisionPassEqualRowsReplayedAlone() async throws {
    // syncThreshold is the grid's last variable: each pair of neighbours shares one pass.
    try await Self.expectRowsEqualRowsReplayedAlone(try Self.plan())
  }

  @Test func rowsHaveTheRunsMinNumberAnswersOnlyWhenTheSweepRanksOnThem() async throws {
    let solved: Set = ["efficiency.optimumPoints", "efficiency.greedyPoints", "efficiency.couldHoldMetres"]
    func paths(_ plan: SweepPlan) async throws -> [Set<String>] {
      try await Self.events(plan, jobs: 2).events.filter { $0.hasPrefix("{") }.map {
        Set(try SweepRow(line: $0, file: "t", lineNumber: 1).paths)
      }
    }
    // By default a row has the run's side of `efficiency` and the track's ladder, no solve of its own.
    let plain = try await paths(try Self.plan())
    #expect(plain.count == 18)
    #expect(plain.allSatisfy { $0.isDisjoint(with: solved) && $0.contains("efficiency.kept") })
    #expect(plain.allSatisfy { $0.contains("efficiency.ladder[8].optimumPoints") })
    // Ranked on the optimum: every row has the answers, as the configuration replayed alone gives them.
    let ranked = try Self.plan(objectives: "[min efficiency.optimumPoints]")
    #expect(try await paths(ranked).allSatisfy { $0.isSuperset(of: solved) })
    try await Self.expectRowsEqualRowsReplayedAlone(ranked, solvesEfficiency: true)
  }

  @Test func configurationsThatDecideAlikeShareAPassWhereverTheyAreInTheGrid() async throws {
    // syncThreshold first: configurations 0-2 sync at 5, 3-5 at 12, and 0 and 3 (10 m),
    // 1 and 4 (16 m), 2 and 5 (30 m) decide alike.
    let plan = try Self.plan(vary: "{syncThreshold: [5, 12], distanceFilter: [10, 16, 30]}")
    // One job: one chunk, the three passes and their shared rows. Two jobs: 3.15 replays
    // of work (3 passes, 3 × 0.05 shared) give chunks of at most 1.575: a pass each.
    #expect(SweepRunner(plan: plan, pending: [], jobs: 1).split(Array(0..<6), fixes: 1390) == [[0, 3, 1, 4, 2, 5]])
    #expect(
      SweepRunner(plan: plan, pending: [], jobs: 2).split(Array(0..<6), fixes: 1390) == [[0, 3], [1, 4], [2, 5]])
    // Four jobs: chunks of 0.79 replays would be less than a pass; pairs are not cut.
    #expect(
      SweepRunner(plan: plan, pending: [], jobs: 4).split(Array(0..<6), fixes: 1390) == [[0, 3], [1, 4], [2, 5]])
    // 45 configurations deciding alike are 3.2 replays of work; two jobs want 1.6 each,
    // but a part of fewer than 20 (a pass's worth of shared rows) is not cut off.
    let uploadsOnly = try Self.plan(vary: "{syncThreshold: {from: 1, to: 45, step: 1}}")
    #expect(
      SweepRunner(plan: uploadsOnly, pending: [], jobs: 2).split(Array(0..<45), fixes: 1390)
        == [Array(0..<20), Array(20..<40), Array(40..<45)])
    let one = try await Self.events(plan, jobs: 1)
    let three = try await Self.events(plan, jobs: 3)
    #expect(one.outcome == .finished && one.events == three.events)
    try await Self.expectRowsEqualRowsReplayedAlone(plan)
  }

  @Test func theLastChunksAreSinglePassesSoNoJobFinishesAlone() throws {
    // Ten configurations deciding differently over a 2 M-fix track: a chunk holds 4 M fixes of work,
    // two replays. One job: five chunks of two. Two jobs: the last chunk's worth (two replays) goes
    // one replay a chunk, so the jobs end at most one replay apart.
    let plan = try Self.plan(vary: "{distanceFilter: {from: 5, to: 50, step: 5}}")
    let rows = Array(0..<10)
    #expect(
      SweepRunner(plan: plan, pending: [], jobs: 1).split(rows, fixes: 2_000_000)
        == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])
    #expect(
      SweepRunner(plan: plan, pending: [], jobs: 2).split(rows, fixes: 2_000_000)
        == [[0, 1], [2, 3], [4, 5], [6, 7], [8], [9]])
    // Three jobs: two chunks' worth at the end, four single replays.
    #expect(
      SweepRunner(plan: plan, pending: [], jobs: 3).split(rows, fixes: 2_000_000)
        == [[0, 1], [2, 3], [4, 5], [6], [7], [8], [9]])
  }

  @Test func onlyPendingRowsRunAndTracksWithoutAnyAreNotRead() async throws {
    let plan = try Self.plan()
    let run = try await Self.events(plan, jobs: 2, pending: [[], [1, 4], []])
    #expect(run.events.count == 4 && run.events[0].hasPrefix("loaded 1 "))
    #expect(run.events[1].contains(#""trackIndex":1,"configIndex":1,"#) && run.events[2].contains(#""configIndex":4,"#))
  }

  @Test(arguments: [
    "{distanceFilter: [10, 16, 30], syncThreshold: [5, 12]}",
    "{syncThreshold: [5, 12], distanceFilter: [10, 16, 30]}",
  ])
  func cancellingKeepsAPrefix(vary: String) async throws {
    let plan = try Self.plan(vary: vary)
    let full = try await Self.events(plan, jobs: 1).events.filter { $0.hasPrefix("{") }
    for jobs in [1, 3] {
      // In a task of its own: cancelling is sticky for the task that runs the sweep.
      let cut = try await Task { try await Self.events(plan, jobs: jobs, cancelAfter: 2) }.value
      let rows = cut.events.filter { $0.hasPrefix("{") }
      #expect(cut.outcome == .interrupted)
      #expect(rows.count >= 2 && rows.count < full.count)
      #expect(Array(full.prefix(rows.count)) == rows)
    }
  }

  @Test func aLogThatCannotBeReadIsReportedInItsPlace() async throws {
    var plan = try Self.plan()
    plan.tracks[1].path = "/nonexistent/log.csv"
    let run = try await Self.events(plan, jobs: 2)
    #expect(run.outcome == .finished)
    #expect(
      run.events.filter { !$0.hasPrefix("{") } == [
        "loaded 0 1390", "finished 0", "failed 1", "loaded 2 1740", "finished 2",
      ])
  }
}
