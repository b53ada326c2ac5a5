import Testing

@testable import CalmGeoReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Hausdorff search (grid, rings, pruning) against brute force on a seeded random walk.
extension FidelityMetricsTests {
  private static let metresPerDegree = GeoMath.earthRadius * Double.pi / 180

  /// Fixes at 1 s, steps of 3–7 m with a wandering heading, kept within ~1.5 km of a centre at
  /// 47.3° N so that the track crosses itself often. Emitted: the first fix, then any fix 40 m
  /// from the last emitted one, except in "monitoring" stretches of 100–400 fixes (1 fix in
  /// 10 000 starts one); 1 emit in 20 arrives one fix late and is repeated (the repeat is ignored).
  private struct Walk {
    var raw: [Fix] = []
    var emitted: [Fix] = []

    init(seed: UInt64, count: Int) {
      var random = SplitMix64(seed: seed)
      var x = 0.0
      var y = 0.0
      var heading = 0.0
      var quiet = 0
      var last = (x: 0.0, y: 0.0)
      var late: Fix?
      for i in 0..<count {
        let fix = Fix(
          time: Int64(i) * 1000, latitude: 47.3 + y / metresPerDegree,
          longitude: 8.5 + x / (metresPerDegree * cos(47.3 * Double.pi / 180)))
        raw.append(fix)
        if let held = late {
          emitted.append(held)
          late = nil
        }
        quiet = random.next() % 10_000 == 0 ? 100 + Int(random.next() % 300) : Swift.max(0, quiet - 1)
        let moved = ((x - last.x) * (x - last.x) + (y - last.y) * (y - last.y)).squareRoot()
        if i == 0 || (quiet == 0 && moved >= 40) {
          last = (x, y)
          if random.next() % 20 == 0 && i + 1 < count { late = fix } else { emitted.append(fix) }
        }
        heading += (random.nextUnit() - 0.5) * 0.6
        if (x * x + y * y).squareRoot() > 1500 { heading = atan2(-y, -x) + (random.nextUnit() - 0.5) }
        let step = 3 + 4 * random.nextUnit()
        x += step * cos(heading)
        y += step * sin(heading)
      }
    }

    /// The metrics, feeding late emits after the next raw fix and repeating them.
    func stats() -> FidelityStats {
      var metrics = FidelityMetrics()
      var e = 0
      for fix in raw {
        metrics.observeRaw(fix)
        while e < emitted.count, emitted[e].time <= fix.time {
          metrics.observeEmitted(emitted[e])
          if emitted[e].time < fix.time { metrics.observeEmitted(emitted[e]) }
          e += 1
        }
      }
      return metrics.finish()
    }
  }

  /// The distance from the origin to segment AB, planar metres, written out independently.
  private static func distance(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let dx = bx - ax
    let dy = by - ay
    let t = dx == 0 && dy == 0 ? 0 : Swift.min(1, Swift.max(0, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
    return ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
  }

  /// max over raw fixes of the distance to the nearest emitted segment, with no spatial index:
  /// fixes in decreasing order of the distance to their bracketing segment (an upper bound), each
  /// against every segment from its bracket outwards in time, until that bound cannot beat the
  /// maximum; a fix is dropped as soon as one segment is no farther than the maximum. Distances
  /// are in the frame centred on the raw fix: x = R·Δλ·cos φr, y = R·Δφ.
  private static func bruteForceHausdorff(_ walk: Walk) -> (value: Double, fixesTried: Int) {
    let lat = walk.emitted.map(\.latitude)
    let lon = walk.emitted.map(\.longitude)
    let m = lat.count
    func h(_ i: Int, from j: Int, below best: Double, start: Double) -> Double {
      let r = walk.raw[i]
      let xScale = metresPerDegree * cos(r.latitude * Double.pi / 180)
      return lat.withUnsafeBufferPointer { lat in
        lon.withUnsafeBufferPointer { lon in
          var h = start
          for step in 0..<(2 * m) {
            let s = step % 2 == 0 ? j + step / 2 : j - (step + 1) / 2
            guard s >= 0, s + 1 < m else { continue }
            h = Swift.min(
              h,
              distance(
                (lon[s] - r.longitude) * xScale, (lat[s] - r.latitude) * metresPerDegree,
                (lon[s + 1] - r.longitude) * xScale, (lat[s + 1] - r.latitude) * metresPerDegree))
            if h <= best { break }
          }
          return h
        }
      }
    }
    var bounds: [(bound: Double, raw: Int, bracket: Int)] = []
    var j = 0
    for (i, r) in walk.raw.enumerated() {
      while j + 1 < m, walk.emitted[j + 1].time <= r.time { j += 1 }
      bounds.append((h(i, from: Swift.min(j, m - 2), below: .infinity, start: .infinity), i, Swift.min(j, m - 2)))
    }
    bounds.sort { $0.bound > $1.bound }
    var best = 0.0
    var tried = 0
    for (bound, i, j) in bounds {
      if bound <= best { break }
      tried += 1
      best = Swift.max(best, h(i, from: j, below: best, start: bound))
    }
    return (best, tried)
  }

  @Test func hausdorffMatchesBruteForceOnARandomWalk() {
    let walk = Walk(seed: 2024, count: 100_000)
    let stats = walk.stats()
    let brute = Self.bruteForceHausdorff(walk)
    #expect(walk.emitted.count > 1000)
    #expect(brute.value > 10)
    // The metric works on Float32 metres from the first fix (≤ 2 km here: 0.1 mm).
    #expect(abs(stats.hausdorff - brute.value) < 1e-3, "\(stats.hausdorff) vs \(brute)")
    #expect(stats.fixes == 100_000)
    #expect(stats.ped.max >= stats.hausdorff)
    #expect(stats.sed.max >= stats.ped.max)
  }

  @Test func nearestSegmentMatchesBruteForceAtRandomPoints() {
    // One raw point at a time, bracketed by the last emitted point only: the grid search must
    // still find the nearest segment anywhere on the track.
    let walk = Walk(seed: 7, count: 20_000)
    let projection = TrackProjection(GeoMath.Anchor(walk.raw[0]))
    let emitted = walk.emitted.map { projection.point(latitude: $0.latitude, longitude: $0.longitude) }
    var random = SplitMix64(seed: 99)
    for _ in 0..<250 {
      let q = SIMD2<Float>(Float(random.nextUnit() * 4000 - 2000), Float(random.nextUnit() * 4000 - 2000))
      let stretch = projection.xStretch(at: q)
      let search = HausdorffDistance(
        raw: [q], emitted: emitted, emittedRawIndex: [Int](repeating: -1, count: emitted.count),
        projection: projection, stretchBound: Swift.max(1, stretch) * (1 + 1e-6), stretchRatio: 1)
      var brute = Double.infinity
      for s in 0..<(emitted.count - 1) {
        let a = emitted[s]
        let b = emitted[s + 1]
        brute = Swift.min(
          brute,
          FixFrame.squaredDistanceToSegment(
            (Double(a.x) - Double(q.x)) * stretch, Double(a.y) - Double(q.y),
            (Double(b.x) - Double(q.x)) * stretch, Double(b.y) - Double(q.y)
          ).squareRoot())
      }
      let (found, exact) = search.compute(first: nil)
      #expect(exact)
      #expect(abs(found - brute) <= 1e-9 * Swift.max(1, brute), "\(q): \(found) vs \(brute)")
    }
  }
}
