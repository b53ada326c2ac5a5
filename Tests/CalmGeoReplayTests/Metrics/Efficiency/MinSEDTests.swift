import Testing

@testable import CalmGeoReplay

/// The min-# optimum, the greedy and the tightest tolerance: a case worked by hand, then exactness
/// against brute force (every subsequence) and properties on random tracks.
struct MinSEDTests {
  /// Five points 10 s apart along x = 1 m/s; y = 0, 0.5, 0, 3, 0.
  static let handTrack = SEDTrack(
    x: [0, 10, 20, 30, 40], y: [0, 0.5, 0, 3, 0], t: [0, 10_000, 20_000, 30_000, 40_000])

  @Test func handWorkedCase() {
    let solver = MinSED(Self.handTrack)
    // ε = 1: 0→2 leaves 1 off by 0.5 (interpolated y 0); 0→3 leaves 2 off by 2 (interpolated y 2);
    // every shortcut over 3 (0→4, 1→4, 2→4) leaves 3 off by 3, 2.83 or 3. So 3 is kept and the best is
    // 0→2→3→4: 4 points. The greedy from 0 reaches 2 (0→3 fails), from 2 reaches 3 (2→4 fails): the same.
    let one = solver.optimum(e2: 1)
    #expect(one.points == 4 && one.exact && one.path == [0, 2, 3, 4])
    #expect(solver.greedy(e2: 1) == [0, 2, 3, 4])
    // ε = 2: 0→3 now holds (errors 0.5 and 2), 3→4 is adjacent: 3 points.
    #expect(solver.optimum(e2: 4).points == 3)
    // ε = 3: 0→4 holds (errors 0.5, 0, 3): 2 points.
    #expect(solver.optimum(e2: 9).points == 2 && solver.optimum(e2: 9).path == [0, 4])
    // Tightest for 3 points: 0→1→4 errs 2.83 (3 at t 30 s against y 0.5 − 0.5·2/3), 0→2→4 errs 3,
    // 0→3→4 errs 2: ε = 2. For 4 points 0→2→3→4 errs 0.5 (others more): ε = 0.5, e2 = 0.25 exactly.
    let three = solver.tightest(points: 3)!
    #expect(abs(three.e2.squareRoot() - 2) < 1e-12 && three.exact)
    #expect(solver.tightest(points: 4) == MinSED.Tightest(e2: 0.25, exact: true))
    #expect(solver.tightest(points: 5) == MinSED.Tightest(e2: 0, exact: true))
    #expect(solver.tightest(points: 1) == nil)
  }

  @Test func equalTimestampsLeaveTheLaterFixOut() {
    let track = SEDTrack(x: [0, 10, 99, 20], y: [0, 0, 99, 0], t: [0, 1000, 1000, 2000])
    // The fix at (99, 99) shares t = 1 s with the one before: left out, so 0→2 is exact (2 points).
    #expect(track.count == 3 && track.sourceIndex == [0, 1, 3])
    #expect(MinSED(track).optimum(e2: 0).points == 2)
  }

  @Test func scannerVerdictsEqualThePredicateOnEveryPair() {
    var random = SplitMix64(seed: 24)
    for round in 0..<6 {
      let track = Self.randomTrack(count: 160, random: &random)
      let e2 = [0.25, 4, 25, 100, 400, 2500][round]
      track.x.withUnsafeBufferPointer { x in
        track.y.withUnsafeBufferPointer { y in
          track.t.withUnsafeBufferPointer { t in
            for holdsDisks in [true, false] {
              var scanner = SEDShortcutScanner(x: x, y: y, t: t, e2: e2, holdsDisks: holdsDisks)
              for i in 0..<(track.count - 1) {
                scanner.start(i)
                var last = i
                while scanner.advance() {
                  last = scanner.j
                  #expect(scanner.isFeasible() == track.isFeasible(i, scanner.j, e2: e2), "i \(i) j \(scanner.j)")
                }
                // Where the scan stopped early, no later target is feasible.
                for j in (last + 1)..<track.count where j > i + 1 { #expect(!track.isFeasible(i, j, e2: e2)) }
              }
            }
          }
        }
      }
    }
  }

  @Test func optimumAndTightestEqualBruteForceOnSmallTracks() {
    var random = SplitMix64(seed: 7)
    for round in 0..<150 {
      let track = Self.randomTrack(count: 3 + round % 10, random: &random)
      let n = track.count
      // Every subsequence keeping the first and the last: its count and its own error.
      var best: [Int: Double] = [:]
      for mask in 0..<(1 << (n - 2)) {
        let path = [0] + (1..<(n - 1)).filter { mask & (1 << ($0 - 1)) != 0 } + [n - 1]
        let error = track.squaredError(of: path)
        best[path.count] = min(best[path.count] ?? .infinity, error)
      }
      let solver = MinSED(track)
      for e2 in [0.01, 1, 9, 36, 400] {
        let expected = best.filter { $0.value <= e2 }.keys.min()!
        let optimum = solver.optimum(e2: e2)
        #expect(optimum.points == expected && optimum.exact, "round \(round) e2 \(e2)")
        #expect(optimum.path.count == optimum.points && track.squaredError(of: optimum.path) <= e2)
        #expect(solver.greedy(e2: e2).count >= expected)
      }
      for points in 2...n {
        // The smallest error of any path with at most `points` points.
        let expected = best.filter { $0.key <= points }.values.min()!
        #expect(solver.tightest(points: points) == MinSED.Tightest(e2: expected, exact: true), "round \(round)")
      }
    }
  }

  @Test func optimumIsAtMostTheGreedyAtMostAnyKeptTrackOnRandomTracks() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<12 {
      let track = Self.randomTrack(count: 600, random: &random)
      // A "run": some subsequence with the first and last point, judged at its own SED max.
      var kept = [0]
      for i in 1..<(track.count - 1) where random.below(7) == 0 { kept.append(i) }
      kept.append(track.count - 1)
      let e2 = track.squaredError(of: kept)
      let solver = MinSED(track)
      let optimum = solver.optimum(e2: e2)
      let greedy = solver.greedy(e2: e2)
      #expect(optimum.exact && optimum.points <= greedy.count && greedy.count <= kept.count)
      for (a, b) in zip(optimum.path, optimum.path.dropFirst()) { #expect(track.isFeasible(a, b, e2: e2)) }
      for (a, b) in zip(greedy, greedy.dropFirst()) { #expect(track.isFeasible(a, b, e2: e2)) }
      #expect(optimum.path.first == 0 && optimum.path.last == track.count - 1)
    }
  }

  @Test func aSpentBudgetGivesAProvenLowerBoundNeverExact() {
    var random = SplitMix64(seed: 5)
    let track = Self.randomTrack(count: 400, random: &random)
    let exact = MinSED(track).optimum(e2: 25)
    let bounded = MinSED(track, workBudget: 50).optimum(e2: 25)
    #expect(exact.exact && !bounded.exact && bounded.path.isEmpty)
    #expect(bounded.points >= 2 && bounded.points <= exact.points)
  }

  /// A walk of moving stretches and stationary runs (jitter of a few metres), 1 s apart with gaps.
  static func randomTrack(count: Int, random: inout SplitMix64) -> SEDTrack {
    var x: [Double] = []
    var y: [Double] = []
    var t: [Int64] = []
    var px = 0.0
    var py = 0.0
    var vx = 5.0
    var vy = 0.0
    var time: Int64 = 0
    var stationary = false
    for _ in 0..<count {
      if random.below(25) == 0 { stationary.toggle() }
      if random.below(8) == 0 { (vx, vy) = (Double(random.below(21)) - 10, Double(random.below(21)) - 10) }
      if !stationary {
        px += vx
        py += vy
      }
      let jitter = { (r: inout SplitMix64) in Double(r.below(2001)) / 250 - 4 }
      x.append(px + jitter(&random))
      y.append(py + jitter(&random))
      t.append(time)
      time += Int64(1000 * (1 + random.below(3) / 2))
    }
    return SEDTrack(x: x, y: y, t: t)
  }
}
