/// A raw track as the min-# problem sees it: planar metres and integer times, strictly increasing.
///
/// **Frame.** x = R·Δλ·cos φ0, y = R·Δφ around the first fix (`FixFrame`, Δλ wrapped to ±180°): one
/// equirectangular frame for the whole track, so every shortcut is measured in the same coordinates.
///
/// **Equal timestamps.** A fix whose time is not after the previous fix kept here is left out of the
/// problem (the first fix at an instant stands): a kept track passes one point at an instant, and the
/// engine never receives such fixes anyway (the normalizer drops them). `sourceIndex` maps back.
///
/// **The predicate** (the one definition every algorithm here and every test uses): the shortcut i→j
/// covers k (i < k < j) at squared tolerance e2 when, in IEEE-754 double arithmetic,
/// `f = Double(t[k] − t[i]) / Double(t[j] − t[i])`, `ex = (x[i] + (x[j] − x[i])·f) − x[k]`,
/// `ey = (y[i] + (y[j] − y[i])·f) − y[k]` and `ex·ex + ey·ey ≤ e2`: the synchronized Euclidean
/// distance of k to the segment, squared. A shortcut is feasible when it covers every k between.
public struct SEDTrack: Sendable {
  public private(set) var x: [Double] = []
  public private(set) var y: [Double] = []
  /// Milliseconds, strictly increasing.
  public private(set) var t: [Int64] = []
  /// Per point, the index of the fix it came from in the input.
  public private(set) var sourceIndex: [Int] = []

  /// The track of `fixes` (time order; a fix at or before the previous kept time is left out).
  public init(_ fixes: [Fix]) {
    guard let first = fixes.first else { return }
    let frame = FixFrame(GeoMath.Anchor(first))
    reserve(fixes.count)
    for (index, fix) in fixes.enumerated() {
      append(x: frame.x(longitude: fix.longitude), y: frame.y(latitude: fix.latitude), t: fix.time, source: index)
    }
  }

  /// A track of planar points (metres) and times (ms); a point not after the previous kept time is left out.
  public init(x: [Double], y: [Double], t: [Int64]) {
    reserve(t.count)
    for i in t.indices { append(x: x[i], y: y[i], t: t[i], source: i) }
  }

  /// An empty track to append to.
  init() {}

  mutating func reserve(_ count: Int) {
    x.reserveCapacity(count)
    y.reserveCapacity(count)
    t.reserveCapacity(count)
    sourceIndex.reserveCapacity(count)
  }

  /// Appends a point unless its time is at or before the last point's.
  mutating func append(x px: Double, y py: Double, t pt: Int64, source: Int) {
    if let last = t.last, pt <= last { return }
    x.append(px)
    y.append(py)
    t.append(pt)
    sourceIndex.append(source)
  }

  public var count: Int { t.count }

  /// The squared SED of k against the shortcut i→j, computed exactly as the type's doc states.
  @inline(__always)
  public func squaredSED(_ i: Int, _ j: Int, _ k: Int) -> Double {
    let f = Double(t[k] - t[i]) / Double(t[j] - t[i])
    let ex = (x[i] + (x[j] - x[i]) * f) - x[k]
    let ey = (y[i] + (y[j] - y[i]) * f) - y[k]
    return ex * ex + ey * ey
  }

  /// Whether i→j covers every point between at squared tolerance `e2` (checks each: the reference).
  public func isFeasible(_ i: Int, _ j: Int, e2: Double) -> Bool {
    var k = i + 1
    while k < j {
      if !(squaredSED(i, j, k) <= e2) { return false }
      k += 1
    }
    return true
  }

  /// The largest squared SED of any point against the kept path (indices, increasing, first 0, last count−1).
  public func squaredError(of path: [Int]) -> Double {
    var worst = 0.0
    for (a, b) in zip(path, path.dropFirst()) {
      var k = a + 1
      while k < b {
        let d = squaredSED(a, b, k)
        if d > worst { worst = d }
        k += 1
      }
    }
    return worst
  }
}
