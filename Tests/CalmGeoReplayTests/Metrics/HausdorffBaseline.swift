@testable import CalmGeoReplay

// The Hausdorff search as it was before issue 28 (commit dea4496), kept unchanged below this
// comment as the oracle of `HausdorffEquivalenceTests`: wherever it is exact, the early-break
// search must give the same Double, bit for bit. Only the type's name differs.

/// The Hausdorff distance from the raw polyline to the emitted polyline, computed once at the end.
///
/// h(r) = min over every emitted segment of the distance from raw fix r to it, in the `FixFrame`
/// centred on r (the only emitted point when there is no segment); the result is max over r of
/// h(r). Exact, with three shortcuts that never change the result:
/// - h(r) is at most the distance to r's time-bracketing segment (its PED), and at most
///   h(r′) + |r − r′| for the last searched fix r′ (scaled for the frames' cos φ); a fix whose
///   bound is at most the running maximum is skipped, and the fix with the largest PED is done
///   first to raise that maximum early;
/// - a search stops as soon as a segment within half the running maximum is found;
/// - the search visits the `SegmentGrid` cells ring by ring around r and stops when a ring cannot
///   hold anything closer than the best so far (or scans every segment once the rings would cost
///   more than that); the grid is only built if some fix needs a search.
/// Positions are the `TrackProjection` Float32 points, so an emitted fix is exactly on its raw fix.
///
/// Work is bounded: a track that revisits the same place thousands of times (a daily commute
/// over months) puts thousands of segments in one cell. After `testsPerFix` segment tests per
/// raw fix on average, the remaining fixes count with their upper bound instead of a search,
/// so the result is an upper bound of the exact distance (`isExact` false), in linear time.
struct HausdorffBaseline {
  /// Segment tests allowed per raw fix, on average over the track.
  static let testsPerFix = 256
  /// Raw fixes in time order.
  let raw: [SIMD2<Float>]
  /// Emitted points in time order.
  let emitted: [SIMD2<Float>]
  /// For each emitted point, the index in `raw` of the last raw fix at or before its time (-1: none).
  let emittedRawIndex: [Int]
  /// The projection of `raw` and `emitted`.
  let projection: TrackProjection
  /// An upper bound of `projection.xStretch` over the raw fixes (≥ 1).
  let stretchBound: Double
  /// An upper bound of the ratio of two raw fixes' `projection.xStretch` (≥ 1).
  let stretchRatio: Double

  /// The distance in metres (0 when nothing was emitted), and whether it is exact rather than
  /// an upper bound (see the work bound above). `first` is a raw index to evaluate first.
  func compute(first: Int?) -> (metres: Double, isExact: Bool) {
    guard !emitted.isEmpty, !raw.isEmpty else { return (0, true) }
    var grid: SegmentGrid?  // built when the first search needs it
    var maximum = 0.0
    var budget = raw.count * Self.testsPerFix + 1_000_000
    if let first, raw.indices.contains(first) {
      maximum = distance(from: first, bracket: bracket(of: first), grid: &grid, below: -1, budget: &budget)
    }
    var j = -1
    var searched = (x: 0.0, y: 0.0, bound: Double.infinity)  // the last searched fix, h ≤ bound
    for i in raw.indices {
      while j + 1 < emittedRawIndex.count, emittedRawIndex[j + 1] <= i { j += 1 }
      let r = raw[i]
      let dx = Double(r.x) - searched.x
      let dy = Double(r.y) - searched.y
      let nearby = searched.bound * stretchRatio + (dx * dx + dy * dy).squareRoot() * stretchBound
      let bound = Swift.min(nearby, distanceToBracket(i, j, stretch: 1) * stretchBound)
      if bound <= maximum { continue }
      if budget <= 0 {
        maximum = bound  // out of work: the fix's upper bound stands in for its distance
        continue
      }
      let h = distance(from: i, bracket: j, grid: &grid, below: maximum / 2, budget: &budget)
      searched = (Double(r.x), Double(r.y), h)
      maximum = Swift.max(maximum, h)
    }
    return (maximum, budget > 0)
  }

  /// h(raw[i]), or an upper bound of it at most `below` once it is known to be at most `below`.
  private func distance(
    from i: Int, bracket j: Int, grid: inout SegmentGrid?, below: Double, budget: inout Int
  ) -> Double {
    let stretch = projection.xStretch(at: raw[i])
    let bound = distanceToBracket(i, j, stretch: stretch)
    guard bound > Swift.max(below, 0), emitted.count > 1 else { return bound }
    if grid == nil { grid = SegmentGrid(vertices: emitted, cellSize: cellSize()) }
    return nearest(to: raw[i], stretch: stretch, bound: bound, below: below, grid: grid!, budget: &budget)
  }

  /// The last emitted index whose raw index is at most `i` (-1 when none), by bisection.
  private func bracket(of i: Int) -> Int {
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

  /// The distance from `r` to the nearest segment, searching within `bound`; stops early at `below`.
  private func nearest(
    to r: SIMD2<Float>, stretch: Double, bound: Double, below: Double, grid: SegmentGrid, budget: inout Int
  ) -> Double {
    let rx = Double(r.x)
    let ry = Double(r.y)
    var best2 = bound * bound
    let below2 = below < 0 ? -1 : below * below
    let cx = grid.cell(rx)
    let cy = grid.cell(ry)
    let ringGap = grid.cellSize * Swift.min(1, stretch)
    var visited = 0
    let probeLimit = grid.members.count / 4 + 64  // cell probes worth one scan of every segment

    @inline(__always) func test(_ range: Range<Int>) -> Bool {
      budget -= range.count
      for m in range {
        let s = Int(grid.members[m])
        let a = emitted[s]
        let b = emitted[s + 1]
        let d2 = FixFrame.squaredDistanceToSegment(
          (Double(a.x) - rx) * stretch, Double(a.y) - ry, (Double(b.x) - rx) * stretch, Double(b.y) - ry)
        if d2 < best2 {
          best2 = d2
          if best2 <= below2 { return true }
        }
      }
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
        budget -= emitted.count
        return scanAll(rx, ry, stretch: stretch, best2: best2)
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

  /// The distance from (rx, ry) to the nearest segment by trying every one.
  private func scanAll(_ rx: Double, _ ry: Double, stretch: Double, best2 start: Double) -> Double {
    var best2 = start
    for s in 0..<(emitted.count - 1) {
      let a = emitted[s]
      let b = emitted[s + 1]
      best2 = Swift.min(
        best2,
        FixFrame.squaredDistanceToSegment(
          (Double(a.x) - rx) * stretch, Double(a.y) - ry, (Double(b.x) - rx) * stretch, Double(b.y) - ry))
    }
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
}
