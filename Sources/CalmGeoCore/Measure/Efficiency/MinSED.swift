/// The min-# simplification of a track under SED: the fewest points any sampler could keep (the first
/// and the last always) so that every point lies within ε of the kept track at the same instant.
///
/// `optimum` is a breadth-first shortest path over the feasible shortcuts (Imai and Iri, 1986), layer
/// by layer: a layer's anchors each scan forward (`SEDShortcutScanner`) and mark the targets not yet
/// reached; the first layer that reaches the last point gives the count. Only unreached targets need a
/// verdict, so a scan through reached points costs one box update each. `greedy` extends from each
/// anchor while the shortcut stays feasible. Tolerances are squared (`e2` = ε²), as the predicate is.
///
/// **Budget.** Work is counted in box updates and predicate evaluations; when `optimum` passes its
/// budget it stops and returns a proven lower bound instead (every layer before the current one is
/// complete and did not reach the last point), never calling it exact.
public struct MinSED: Sendable {
  public let track: SEDTrack
  /// Work allowed to one `optimum` call (box updates + predicate evaluations).
  public var workBudget: Int

  /// The default budget: about 7 s of one core (measured: 1.5 × 10⁸ units a second on a 1 M-fix day).
  public static let defaultWorkBudget = 1_000_000_000

  public init(_ track: SEDTrack, workBudget: Int = MinSED.defaultWorkBudget) {
    self.track = track
    self.workBudget = workBudget
  }

  /// What `optimum` found.
  public struct Optimum: Sendable, Hashable {
    /// The fewest points (exact), or a proven lower bound when `exact` is false.
    public var points: Int
    /// Whether `points` is the optimum; false when the work budget stopped the search.
    public var exact: Bool
    /// The kept indices of one optimal path (into the `SEDTrack`); empty when not exact.
    public var path: [Int]
    /// Work spent.
    public var work: Int
  }

  /// The fewest points within squared tolerance `e2` (exact unless the budget is hit).
  public func optimum(e2: Double) -> Optimum {
    let n = track.count
    if n <= 2 { return Optimum(points: n, exact: true, path: Array(0..<n), work: 0) }
    return track.x.withUnsafeBufferPointer { x in
      track.y.withUnsafeBufferPointer { y in
        track.t.withUnsafeBufferPointer { t in
          var scanner = SEDShortcutScanner(x: x, y: y, t: t, e2: e2, holdsDisks: false)
          var reached = [Bool](repeating: false, count: n)
          var previous = [Int32](repeating: -1, count: n)
          reached[0] = true
          var layer = [0]
          var next: [Int] = []
          var hops = 0
          while !layer.isEmpty {
            for anchor in layer {
              scanner.start(anchor)
              while scanner.advance() {
                let j = scanner.j
                if reached[j] || !scanner.isFeasible() { continue }
                reached[j] = true
                previous[j] = Int32(anchor)
                if j == n - 1 {
                  var path = [n - 1]
                  while path.last! != 0 { path.append(Int(previous[path.last!])) }
                  return Optimum(points: hops + 2, exact: true, path: path.reversed(), work: scanner.work)
                }
                next.append(j)
              }
              if scanner.work > workBudget {
                // Layers 0…hops are complete without the last point: it needs at least hops + 1 hops.
                return Optimum(points: hops + 2, exact: false, path: [], work: scanner.work)
              }
            }
            swap(&layer, &next)
            next.removeAll(keepingCapacity: true)
            hops += 1
          }
          // Unreachable: i→i+1 is always feasible.
          return Optimum(points: n, exact: false, path: [], work: scanner.work)
        }
      }
    }
  }

  /// The one-pass greedy: from each anchor, the farthest target before the first infeasible one.
  public func greedy(e2: Double) -> [Int] {
    let n = track.count
    if n <= 2 { return Array(0..<n) }
    return track.x.withUnsafeBufferPointer { x in
      track.y.withUnsafeBufferPointer { y in
        track.t.withUnsafeBufferPointer { t in
          var scanner = SEDShortcutScanner(x: x, y: y, t: t, e2: e2, holdsDisks: true)
          var path = [0]
          var anchor = 0
          while anchor < n - 1 {
            scanner.start(anchor)
            var farthest = anchor + 1
            while scanner.advance(), scanner.isFeasible() { farthest = scanner.j }
            path.append(farthest)
            anchor = farthest
          }
          return path
        }
      }
    }
  }

  /// The smallest squared tolerance at which `points` kept points are enough.
  public struct Tightest: Sendable, Hashable {
    /// The squared tolerance; with `exact`, the smallest double at which the optimum is ≤ `points`.
    public var e2: Double
    /// False when the budget stopped a step: then `e2` is achievable (a kept path within it exists)
    /// but a smaller one may be too.
    public var exact: Bool

    /// Every stored property in declaration order, as the memberwise initializer took them.
    package init(e2: Double, exact: Bool) {
      self.e2 = e2
      self.exact = exact
    }
  }

  /// The smallest `e2` with `optimum(e2).points ≤ points` (nil below 2 points). Bisection over doubles:
  /// each feasible step snaps the upper end down to the optimal path's own error (a value of the finite
  /// set of shortcut errors), and the search ends when no double lies between a failing and a passing
  /// tolerance, so the answer is exact for the predicate, not up to a tolerance.
  /// `totalBudget` bounds the work of all steps together: once spent, the search stops with the
  /// smallest tolerance proven reachable so far, not exact (nil when none was found yet).
  /// `known`: an `optimum` already worked out at some tolerance (the run's own); when it is exact and
  /// within `points`, its path's error is the search's first upper end, which saves the steps up to it.
  public func tightest(points: Int, known: Optimum? = nil, totalBudget: Int = .max, maxSteps: Int = 200)
    -> Tightest?
  {
    guard points >= 2 else { return nil }
    if track.count <= points { return Tightest(e2: 0, exact: true) }
    var exact = true
    var spent = 0
    func passes(_ e2: Double) -> (Bool, Double?) {
      let o = optimum(e2: e2)
      spent += o.work
      if o.exact { return o.points <= points ? (true, track.squaredError(of: o.path)) : (false, nil) }
      // A lower bound above `points` proves failure; one at or below it proves nothing (counted as a
      // failure, so the answer is still achievable but no longer proven smallest).
      if o.points <= points { exact = false }
      return (false, nil)
    }
    let (zeroPasses, _) = passes(0)
    if zeroPasses { return Tightest(e2: 0, exact: exact) }
    var lo = 0.0  // fails
    var hi = 1.0
    var steps = 0
    if let known, known.exact, known.points <= points, known.path.count == known.points, known.points >= 2 {
      hi = track.squaredError(of: known.path)  // passes: that path keeps at most `points`
    } else {
      while true {
        let (ok, error) = passes(hi)
        steps += 1
        if ok, let error {
          hi = error
          break
        }
        if steps > 60 || spent > totalBudget { return nil }
        lo = hi
        hi *= 16
      }
    }
    var tryBelow = true
    while lo.bitPattern + 1 < hi.bitPattern, steps < maxSteps, spent <= totalBudget {
      let mid: Double
      if tryBelow {
        mid = hi.nextDown
      } else if hi - lo > hi * 1e-9 {
        mid = lo + (hi - lo) / 2
      } else {
        mid = Double(bitPattern: lo.bitPattern + (hi.bitPattern - lo.bitPattern) / 2)
      }
      // After a step below the upper end passes, bisect next: the path found at `mid` may have its
      // error rounded just above `mid`, and stepping one double at a time would crawl.
      let wasBelow = tryBelow
      tryBelow = false
      let (ok, error) = passes(mid)
      steps += 1
      if ok, let error {
        hi = Swift.min(mid, error)
        tryBelow = !wasBelow
      } else {
        lo = mid
      }
    }
    return Tightest(e2: hi, exact: exact && lo.bitPattern + 1 >= hi.bitPattern)
  }
}
