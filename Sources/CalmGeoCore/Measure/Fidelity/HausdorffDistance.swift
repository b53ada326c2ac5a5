/// The Hausdorff distance from the raw polyline to the emitted polyline, computed once at the end.
///
/// h(r) = min over every emitted segment of the distance from raw fix r to it, in the `FixFrame`
/// centred on r (the only emitted point when there is no segment); the result is max over r of
/// h(r). Exact: an early-break directed Hausdorff (Taha and Hanbury, 2015) with shortcuts that
/// never change the result, only skip work that cannot raise the running maximum:
/// - h(r) is at most the distance to r's time-bracketing segment (its PED), and at most
///   h(r′) + |r − r′| for the last searched fix r′ (scaled for the frames' cos φ); a fix whose
///   bound is at most the running maximum is skipped, and the fix with the largest PED is done
///   first to raise that maximum early;
/// - early break: a search stops as soon as a segment no farther than the running maximum is
///   found (that fix cannot raise it); the segment that stopped the previous search is tried
///   first, so a route driven again and again costs about one segment test per fix;
/// - the search visits the `SegmentGrid` cells ring by ring around r, nearest first, and stops
///   when a ring cannot hold anything closer than the best so far (or scans every segment once
///   the rings would cost more than that); the grid is only built if some fix needs a search.
/// Only fixes that raise the maximum are searched to the end, and the minimum over the same
/// segment distances does not depend on the order they are tried in: the result is the same
/// Double as a full search of every fix.
/// Positions are the `TrackProjection` Float32 points, so an emitted fix is exactly on its raw fix.
///
/// Work is bounded all the same: after `testsPerFix` segment tests per raw fix on average (far
/// more than the early break needs on any track seen, revisited routes included), the remaining
/// fixes count with their upper bound instead of a search, so the result is an upper bound of
/// the exact distance (`isExact` false), in linear time.
package struct HausdorffDistance {
  /// Segment tests allowed per raw fix, on average over the track.
  static let testsPerFix = 256
  /// Raw fixes in time order.
  package let raw: [SIMD2<Float>]
  /// Emitted points in time order.
  package let emitted: [SIMD2<Float>]
  /// For each emitted point, the index in `raw` of the last raw fix at or before its time (-1: none).
  package let emittedRawIndex: [Int]
  /// The projection of `raw` and `emitted`.
  package let projection: TrackProjection
  /// An upper bound of `projection.xStretch` over the raw fixes (≥ 1).
  package let stretchBound: Double
  /// An upper bound of the ratio of two raw fixes' `projection.xStretch` (≥ 1).
  package let stretchRatio: Double

  /// The distance in metres (0 when nothing was emitted), and whether it is exact rather than
  /// an upper bound (see the work bound above). `first` is a raw index to evaluate first.
  package func compute(first: Int?) -> (metres: Double, isExact: Bool) {
    let run = measure(first: first)
    return (run.metres, run.isExact)
  }

  /// `compute(first:)` and the number of segment tests it made (the work the early break saves).
  package func measure(first: Int?) -> (metres: Double, isExact: Bool, segmentTests: Int) {
    guard !emitted.isEmpty, !raw.isEmpty else { return (0, true, 0) }
    var (maximum, search) = opening(first: first)
    maximum = scan(raw.indices, from: maximum, search: &search)
    return (maximum, search.budget > 0, allowedTests - search.budget)
  }

  /// Segment tests allowed for the whole track (the work bound).
  private var allowedTests: Int { raw.count * Self.testsPerFix + 1_000_000 }

  /// The search's start: the distance of fix `first` (0 without one) and the search state after it,
  /// with `grid` if it is built already.
  private func opening(first: Int?, grid: SegmentGrid? = nil) -> (maximum: Double, search: Search) {
    var search = Search(grid: grid, budget: allowedTests)
    guard let first, raw.indices.contains(first) else { return (0, search) }
    return (distance(from: first, bracket: bracket(of: first), below: -1, search: &search), search)
  }

  /// Raw fixes from which a track is searched in pieces (`compute(first:parallel:)`).
  package static let partThreshold = 1 << 16
  /// The pieces: more than the threads, so that those that finish early take the rest.
  static let parts = 8
  /// Fixes searched before the pieces, evenly spaced, to give them a common starting maximum.
  static let seedFixes = 256

  /// `compute(first:)` with the raw fixes of a track of `partThreshold` fixes or more searched in
  /// `parts` contiguous pieces that `parallel` may run at once: each from the largest distance of
  /// the first fix and `seedFixes` fixes spread over the track (searched first, one after the other,
  /// each from the largest before it; from the first fix's distance alone, on a route driven again
  /// and again, a piece searched what the fixes before it let the single search skip), with its
  /// share of the work bound, all sharing the grid (built first). Exact, it is the same Double as
  /// the single search (the maximum over every fix does not depend on the order they are searched
  /// in); when the work runs out, an upper bound as ever. The pieces are the same whatever runs
  /// them, so is the result.
  package func compute(first: Int?, parallel: ParallelWork) -> (metres: Double, isExact: Bool) {
    guard raw.count >= Self.partThreshold, emitted.count > 1 else { return compute(first: first) }
    // The grid first, in halves: the pieces need it, and the first fix's search would build it alone.
    var (start, leading) = opening(
      first: first, grid: SegmentGrid(vertices: emitted, cellSize: cellSize(), parallel: parallel))
    let step = raw.count / Self.seedFixes
    for i in stride(from: step / 2, to: raw.count, by: step) {
      start = Swift.max(start, distance(from: i, bracket: bracket(of: i), below: start, search: &leading))
    }
    let parts = (0..<Self.parts).map { raw.count * $0 / Self.parts..<raw.count * ($0 + 1) / Self.parts }
    let lead = leading
    let floor = start
    let budgets = parts.indices.map { lead.budget * ($0 + 1) / parts.count - lead.budget * $0 / parts.count }
    return withUnsafeTemporaryAllocation(of: (metres: Double, isExact: Bool).self, capacity: parts.count) { found in
      // Each piece writes its own slot only.
      nonisolated(unsafe) let found = found
      parallel.perform(parts.count) { part in
        var search = Search(grid: lead.grid, budget: budgets[part], hint: lead.hint)
        let metres = scan(parts[part], from: floor, search: &search)
        (found.baseAddress! + part).initialize(to: (metres, search.budget > 0))
      }
      let metres = found.reduce(start) { Swift.max($0, $1.metres) }
      return (metres, lead.budget > 0 && found.allSatisfy(\.isExact))
    }
  }

  /// The running maximum of h over the raw fixes of `range`, from `maximum`, each fix searched
  /// only when its upper bound exceeds it.
  private func scan(_ range: Range<Int>, from maximum: Double, search: inout Search) -> Double {
    var maximum = maximum
    var j = range.isEmpty ? -1 : bracket(of: range.lowerBound)
    var searched = (x: 0.0, y: 0.0, bound: Double.infinity)  // the last searched fix, h ≤ bound
    for i in range {
      while j + 1 < emittedRawIndex.count, emittedRawIndex[j + 1] <= i { j += 1 }
      let r = raw[i]
      let dx = Double(r.x) - searched.x
      let dy = Double(r.y) - searched.y
      let nearby = searched.bound * stretchRatio + (dx * dx + dy * dy).squareRoot() * stretchBound
      let bound = Swift.min(nearby, distanceToBracket(i, j, stretch: 1) * stretchBound)
      if bound <= maximum { continue }
      if search.budget <= 0 {
        maximum = bound  // out of work: the fix's upper bound stands in for its distance
        continue
      }
      let h = distance(from: i, bracket: j, below: maximum, search: &search)
      searched = (Double(r.x), Double(r.y), h)
      maximum = Swift.max(maximum, h)
    }
    return maximum
  }

  /// What one search hands the next: the grid (built when the first search needs it), the
  /// segment tests left, and the segment that ended the last search (-1: none).
  private struct Search {
    var grid: SegmentGrid?
    var budget: Int
    var hint = -1
  }

  /// h(raw[i]), or an upper bound of it at most `below` once it is known to be at most `below`.
  private func distance(from i: Int, bracket j: Int, below: Double, search: inout Search) -> Double {
    let stretch = projection.xStretch(at: raw[i])
    let bound = distanceToBracket(i, j, stretch: stretch)
    guard bound > Swift.max(below, 0), emitted.count > 1 else { return bound }
    let rx = Double(raw[i].x)
    let ry = Double(raw[i].y)
    var best2 = bound * bound
    // The last search's segment first: on a route driven again, the pass that was near the fix
    // before is near it again.
    if search.hint >= 0 {
      search.budget -= 1
      best2 = Swift.min(best2, squaredDistance(rx, ry, stretch: stretch, to: search.hint))
      if below >= 0, best2 <= below * below { return best2.squareRoot() }
    }
    if search.grid == nil { search.grid = SegmentGrid(vertices: emitted, cellSize: cellSize()) }
    return nearest(to: raw[i], stretch: stretch, best2: best2, below: below, search: &search)
  }

  /// The last emitted index whose raw index is at most `i` (-1 when none), by bisection.
  private func bracket(of i: Int) -> Int {
    // Hand-written, not `partitioningIndex`: it runs once per raw fix, and a change here is unmeasured.
    var low = 0
    var high = emittedRawIndex.count
    while low < high {
      let mid = (low + high) / 2
      if emittedRawIndex[mid] <= i { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }

  /// The distance from raw fix `i` to emitted segment j (or to the first/last point when j is
  /// before the first or at the last), with x distances multiplied by `stretch`.
  @inline(__always)
  private func distanceToBracket(_ i: Int, _ j: Int, stretch: Double) -> Double {
    let r = raw[i]
    let a = emitted[Swift.max(j, 0)]
    let ax = (Double(a.x) - Double(r.x)) * stretch
    let ay = Double(a.y) - Double(r.y)
    guard j >= 0, j + 1 < emitted.count else { return (ax * ax + ay * ay).squareRoot() }
    let b = emitted[j + 1]
    let bx = (Double(b.x) - Double(r.x)) * stretch
    let by = Double(b.y) - Double(r.y)
    return FixFrame.squaredDistanceToSegment(ax, ay, bx, by).squareRoot()
  }

  /// The squared distance from (rx, ry) to emitted segment s, x distances multiplied by `stretch`.
  @inline(__always)
  private func squaredDistance(_ rx: Double, _ ry: Double, stretch: Double, to s: Int) -> Double {
    let a = emitted[s]
    let b = emitted[s + 1]
    return FixFrame.squaredDistanceToSegment(
      (Double(a.x) - rx) * stretch, Double(a.y) - ry, (Double(b.x) - rx) * stretch, Double(b.y) - ry)
  }

  /// The distance from `r` to the nearest segment, searching within √`best2`; stops early at
  /// `below` (negative: never), leaving the segment that ended the search in `search.hint`.
  private func nearest(
    to r: SIMD2<Float>, stretch: Double, best2 start: Double, below: Double, search: inout Search
  ) -> Double {
    let grid = search.grid!
    let rx = Double(r.x)
    let ry = Double(r.y)
    var best2 = start
    let below2 = below < 0 ? -1 : below * below
    let cx = grid.cell(rx)
    let cy = grid.cell(ry)
    let ringGap = grid.cellSize * Swift.min(1, stretch)
    var visited = 0
    let probeLimit = grid.members.count / 4 + 64  // cell probes worth one scan of every segment
    var budget = search.budget
    var hint = search.hint
    defer { (search.budget, search.hint) = (budget, hint) }

    @inline(__always) func test(_ range: Range<Int>) -> Bool {
      for m in range {
        let s = Int(grid.members[m])
        let d2 = squaredDistance(rx, ry, stretch: stretch, to: s)
        if d2 < best2 {
          best2 = d2
          hint = s
          if best2 <= below2 {
            budget -= m - range.lowerBound + 1  // the segments tested
            return true
          }
        }
      }
      budget -= range.count
      return false
    }

    // Rings nearer than the occupied box are empty; the loop ends once a ring can hold nothing
    // closer than the best so far, or the rings so far cover the whole box.
    var k = Swift.max(grid.minX - cx, cx - grid.maxX, grid.minY - cy, cy - grid.maxY, 0)
    while true {
      if k >= 1 {
        let gap = Double(k - 1) * ringGap
        if gap * gap >= best2 { break }
      }
      // The ring's cells clipped to the occupied box: rows cy ± k, then columns cx ± k.
      let x0 = Swift.max(cx - k, grid.minX)
      let x1 = Swift.min(cx + k, grid.maxX)
      let y0 = Swift.max(cy - k + 1, grid.minY)
      let y1 = Swift.min(cy + k - 1, grid.maxY)
      visited += Swift.max(0, x1 - x0 + 1) * 2 + Swift.max(0, y1 - y0 + 1) * 2
      if visited > probeLimit {
        return scanAll(rx, ry, stretch: stretch, best2: best2, below2: below2, budget: &budget, hint: &hint)
      }
      for side in 0..<(k == 0 ? 1 : 2) {
        let y = side == 0 ? cy - k : cy + k
        guard y >= grid.minY, y <= grid.maxY, x0 <= x1 else { continue }
        for x in x0...x1 where test(grid.segments(cellX: x, cellY: y)) { return best2.squareRoot() }
      }
      if k > 0, y0 <= y1 {
        for side in 0..<2 {
          let x = side == 0 ? cx - k : cx + k
          guard x >= grid.minX, x <= grid.maxX else { continue }
          for y in y0...y1 where test(grid.segments(cellX: x, cellY: y)) { return best2.squareRoot() }
        }
      }
      if cx - k <= grid.minX, cx + k >= grid.maxX, cy - k <= grid.minY, cy + k >= grid.maxY { break }
      k += 1
    }
    return best2.squareRoot()
  }

  /// The distance from (rx, ry) to the nearest segment by trying every one, stopping at `below2`.
  private func scanAll(
    _ rx: Double, _ ry: Double, stretch: Double, best2 start: Double, below2: Double,
    budget: inout Int, hint: inout Int
  ) -> Double {
    var best2 = start
    for s in 0..<(emitted.count - 1) {
      let d2 = squaredDistance(rx, ry, stretch: stretch, to: s)
      if d2 < best2 {
        best2 = d2
        hint = s
        if best2 <= below2 {
          budget -= s + 1
          return best2.squareRoot()
        }
      }
    }
    budget -= emitted.count
    return best2.squareRoot()
  }

  /// 4 to 8 times the median non-zero segment length, a power of two (4 m at least; 1 m when every
  /// segment has zero length): a few consecutive segments per cell, so building the grid touches
  /// few cells. Doubled while the segments would cross more than `cellBudget` cells in all (a
  /// few huge jumps among short steps, such as a log that leaps across a continent), so the
  /// grid's time and memory stay bounded by the number of segments.
  private func cellSize() -> Double {
    var histogram = [Int](repeating: 0, count: 64)
    var nonZero = 0
    var crossed = 0.0  // the segments' total |dx| + |dy|, metres: cells crossed × size, about
    for s in 0..<(emitted.count - 1) {
      let d = emitted[s + 1] - emitted[s]
      let length = (Double(d.x) * Double(d.x) + Double(d.y) * Double(d.y)).squareRoot()
      guard length > 0, length.isFinite else { continue }
      histogram[Swift.min(63, Swift.max(0, Int(length.exponent) + 1))] += 1
      nonZero += 1
      crossed += abs(Double(d.x)) + abs(Double(d.y))
    }
    var size = 1.0
    var seen = 0
    for e in histogram.indices {
      seen += histogram[e]
      if seen > 0, seen * 2 >= nonZero {
        size = Double(sign: .plus, exponent: e + 2, significand: 1)
        break
      }
    }
    let budget = Double(Self.cellBudget(segments: emitted.count - 1))
    while crossed / size > budget { size *= 2 }
    return size
  }

  /// The most cells the segments may cross in all: 8 a segment, and 65 536 more.
  static func cellBudget(segments: Int) -> Int { 8 * segments + 65_536 }

  /// Every stored property in declaration order, as the memberwise initializer took them.
  package init(
    raw: [SIMD2<Float>], emitted: [SIMD2<Float>], emittedRawIndex: [Int], projection: TrackProjection,
    stretchBound: Double, stretchRatio: Double
  ) {
    self.raw = raw
    self.emitted = emitted
    self.emittedRawIndex = emittedRawIndex
    self.projection = projection
    self.stretchBound = stretchBound
    self.stretchRatio = stretchRatio
  }
}
