import RealModule

/// Walks the shortcuts i→i+1, i→i+2, … from one anchor i and says which are feasible (`SEDTrack`'s
/// predicate), without testing every point between for every target.
///
/// In velocity space the shortcut i→j is feasible exactly when v = (p_j − p_i)/(t_j − t_i) lies in every
/// disk of centre c_k = (p_k − p_i)/(t_k − t_i) and radius ε/(t_k − t_i), i < k < j (CISED, Lin et al.
/// 2019): the feasible velocities from i are a running intersection of disks that only shrinks.
///
/// **Exactness.** The verdict is the predicate itself, evaluated on every point that could fail it:
/// - The box is the intersection of the disks' bounding squares, each disk grown by δ = 1 µm (radius
///   (ε + δ)/dt). A target whose v falls outside it is infeasible; once the box is empty, no later
///   target is (it only shrinks). Both are sound because the predicate's rounding is far below δ.
/// - A disk is dropped for good once it holds the whole outer polygon (the box clipped by the disks'
///   supporting lines in 12 more directions) with its radius shrunk by δ ((ε − δ)/dt): every later v
///   inside the box is then within ε − δ of it, so it passes. Below ε = 2δ nothing is dropped.
/// - A target inside the box is tested with the predicate against every disk still held (the greedy),
///   or against every point between (the optimum: it needs verdicts only for targets not yet reached).
/// The rounding assumption (the predicate's and the geometry's absolute error stay under 1 µm) holds
/// for planar coordinates within 10 000 km of the first fix; `MinSEDTests` checks verdicts against
/// the predicate on every pair.
///
/// **Cost.** One box update per point passed; per verdict, the predicate per held disk (with a polygon
/// pass whenever the held disks double, amortized O(1) a disk), or per point between (a feasible
/// verdict reaches its target, which happens once per target in the whole search; a failing one
/// usually stops at the first point tested). A scan runs until the box empties: past a turn, a few
/// dozen points; through a straight or stationary run of L fixes all of it, so the anchors inside
/// such a run cost O(L²) box updates in all (about 2 ns each).
package struct SEDShortcutScanner {
  /// Absolute margin of the exactness argument, metres.
  static let delta = 1e-6
  /// Directions of the polygon's extra supporting lines (the axes are the box's).
  static let directions: [(Double, Double)] = (0..<16).compactMap { m in
    m % 4 == 0 ? nil : (Double.cos(Double(m) * Double.pi / 8), Double.sin(Double(m) * Double.pi / 8))
  }

  let x: UnsafeBufferPointer<Double>
  let y: UnsafeBufferPointer<Double>
  let t: UnsafeBufferPointer<Int64>
  let e2: Double
  /// ε + δ and (ε − δ)² (negative when ε ≤ 2δ: no disk is dropped).
  private let grown: Double
  private let shrunk2: Double

  private(set) var anchor = 0
  /// The current target.
  package private(set) var j = 0
  /// Box updates and predicate evaluations so far (the work budget's unit).
  private(set) var work = 0
  private var exhausted = false
  private var minX = -Double.infinity, maxX = Double.infinity
  private var minY = -Double.infinity, maxY = Double.infinity
  private var held: [Int] = []
  private var pruneAt = 32
  private var polygon: [(Double, Double)] = []
  private var clipped: [(Double, Double)] = []

  /// Whether the disks are held for verdicts (the greedy, which needs a verdict at every target);
  /// without, a verdict tests the points between directly (the optimum, which needs few).
  let holdsDisks: Bool
  /// Without held disks: the point that failed the last verdict, tested first.
  private var lastFailure = -1

  package init(
    x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, t: UnsafeBufferPointer<Int64>, e2: Double,
    holdsDisks: Bool
  ) {
    self.x = x
    self.y = y
    self.t = t
    self.e2 = e2
    self.holdsDisks = holdsDisks
    let epsilon = e2.squareRoot()
    grown = epsilon + Self.delta
    shrunk2 = epsilon > 2 * Self.delta ? (epsilon - Self.delta) * (epsilon - Self.delta) : -1
    held.reserveCapacity(64)
  }

  /// Starts the scan from anchor `i`; `advance()` then moves to i+1.
  package mutating func start(_ i: Int) {
    anchor = i
    j = i
    exhausted = false
    minX = -.infinity
    maxX = .infinity
    minY = -.infinity
    maxY = .infinity
    held.removeAll(keepingCapacity: true)
    pruneAt = 32
    lastFailure = -1
  }

  /// Moves to the next target; false at the end of the track or when no later target can be feasible.
  @inline(__always)
  package mutating func advance() -> Bool {
    if j > anchor { addDisk(j) }
    j += 1
    return j < t.count && !exhausted
  }

  /// Whether the shortcut from the anchor to the current target is feasible (the predicate, exactly).
  @inline(__always)
  package mutating func isFeasible() -> Bool {
    let i = anchor
    if j == i + 1 { return true }
    let dt = Double(t[j] - t[i])
    let vx = (x[j] - x[i]) / dt
    let vy = (y[j] - y[i]) / dt
    if !(vx >= minX && vx <= maxX && vy >= minY && vy <= maxY) { return false }
    let xi = x[i]
    let yi = y[i]
    let xj = x[j]
    let yj = y[j]
    let ti = t[i]
    let span = Double(t[j] - ti)
    guard holdsDisks else { return coversEveryPoint(xi, yi, xj, yj, ti, span) }
    work += held.count
    for h in held.indices {
      let k = held[h]
      let f = Double(t[k] - ti) / span
      let ex = (xi + (xj - xi) * f) - x[k]
      let ey = (yi + (yj - yi) * f) - y[k]
      if !(ex * ex + ey * ey <= e2) {
        if h > 0 { held.swapAt(h, 0) }  // the likeliest to fail the next target: test it first
        return false
      }
    }
    return true
  }

  /// The predicate on every point between the anchor and the target: the last failure first, then
  /// from the target backwards (a failure is usually near the target).
  private mutating func coversEveryPoint(
    _ xi: Double, _ yi: Double, _ xj: Double, _ yj: Double, _ ti: Int64,
    _ span: Double
  ) -> Bool {
    @inline(__always) func covers(_ k: Int) -> Bool {
      let f = Double(t[k] - ti) / span
      let ex = (xi + (xj - xi) * f) - x[k]
      let ey = (yi + (yj - yi) * f) - y[k]
      return ex * ex + ey * ey <= e2
    }
    if lastFailure > anchor && lastFailure < j {
      work += 1
      if !covers(lastFailure) { return false }
    }
    var k = j - 1
    while k > anchor {
      if !covers(k) {
        work += j - k
        lastFailure = k
        return false
      }
      k -= 1
    }
    work += j - anchor - 1
    return true
  }

  @inline(__always)
  private mutating func addDisk(_ k: Int) {
    let i = anchor
    let inverse = 1 / Double(t[k] - t[i])
    let cx = (x[k] - x[i]) * inverse
    let cy = (y[k] - y[i]) * inverse
    let r = grown * inverse
    minX = Swift.max(minX, cx - r)
    maxX = Swift.min(maxX, cx + r)
    minY = Swift.max(minY, cy - r)
    maxY = Swift.min(maxY, cy + r)
    work += 1
    if !(minX <= maxX && minY <= maxY) {
      exhausted = true
      return
    }
    guard holdsDisks else { return }
    held.append(k)
    if held.count >= pruneAt {
      prune()
      pruneAt = Swift.max(32, 2 * held.count)
    }
  }

  /// Clips the box by the held disks' supporting lines; empties the scan when nothing is left, else
  /// drops the disks that hold the whole polygon (shrunk by δ).
  private mutating func prune() {
    let i = anchor
    polygon.removeAll(keepingCapacity: true)
    polygon.append((minX, minY))
    polygon.append((maxX, minY))
    polygon.append((maxX, maxY))
    polygon.append((minX, maxY))
    for (ux, uy) in Self.directions {
      var support = Double.infinity
      for k in held {
        let dt = Double(t[k] - t[i])
        let s = ((x[k] - x[i]) / dt) * ux + ((y[k] - y[i]) / dt) * uy + grown / dt
        if s < support { support = s }
      }
      clip(ux, uy, support)
      if polygon.isEmpty {
        exhausted = true
        return
      }
    }
    work += held.count * (Self.directions.count + polygon.count)
    guard shrunk2 >= 0 else { return }
    var kept = 0
    for h in held.indices {
      let k = held[h]
      let dt = Double(t[k] - t[i])
      let cx = (x[k] - x[i]) / dt
      let cy = (y[k] - y[i]) / dt
      let limit = shrunk2 / (dt * dt)
      var holds = true
      for (px, py) in polygon where (px - cx) * (px - cx) + (py - cy) * (py - cy) > limit {
        holds = false
        break
      }
      if !holds {
        held[kept] = k
        kept += 1
      }
    }
    held.removeSubrange(kept...)
  }

  /// Sutherland–Hodgman: keeps the part of the convex polygon where ux·px + uy·py ≤ support.
  private mutating func clip(_ ux: Double, _ uy: Double, _ support: Double) {
    clipped.removeAll(keepingCapacity: true)
    let count = polygon.count
    for a in 0..<count {
      let p = polygon[a]
      let q = polygon[(a + 1) % count]
      let dp = p.0 * ux + p.1 * uy - support
      let dq = q.0 * ux + q.1 * uy - support
      if dp <= 0 { clipped.append(p) }
      if (dp < 0 && dq > 0) || (dp > 0 && dq < 0) {
        let s = dp / (dp - dq)
        clipped.append((p.0 + (q.0 - p.0) * s, p.1 + (q.1 - p.1) * s))
      }
    }
    swap(&polygon, &clipped)
  }
}
