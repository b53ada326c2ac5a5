/// The SED and PED of raw fixes against one segment of the emitted track, each measured in the
/// fix's own frame (`FixFrame`): the arithmetic of `FidelityMetrics`, four fixes at a step.
///
/// Four lanes do exactly what the one-fix path (`segmentOne`) does, in the same order: additions,
/// multiplications, divisions and square roots are correctly rounded in every lane, and each
/// comparison picks what the one-fix path picks, so every distance is the same double.
package enum FidelityDistances {
  /// Writes the SED and PED of each raw fix (times strictly between `aTime` and `bTime`) against
  /// the segment from `a` (at `aTime`) to `b` (at `bTime`).
  @inline(__always)
  package static func segment(
    _ raw: UnsafeBufferPointer<TimedFrame>, from a: GeoMath.Anchor, at aTime: Int64, to b: GeoMath.Anchor,
    at bTime: Int64, sed: UnsafeMutableBufferPointer<Double>, ped: UnsafeMutableBufferPointer<Double>
  ) {
    let inverseSpan = 1 / Double(bTime - aTime)
    var k = 0
    while k + 4 <= raw.count {
      let f0 = raw[k].frame
      let f1 = raw[k + 1].frame
      let f2 = raw[k + 2].frame
      let f3 = raw[k + 3].frame
      let latitudes = SIMD4(f0.latitude, f1.latitude, f2.latitude, f3.latitude)
      let longitudes = SIMD4(f0.longitude, f1.longitude, f2.longitude, f3.longitude)
      let xScales = SIMD4(f0.xScale, f1.xScale, f2.xScale, f3.xScale)
      let ax = wrapped(SIMD4(repeating: a.longitude) - longitudes) * xScales
      let ay = (SIMD4(repeating: a.latitude) - latitudes) * FixFrame.metresPerDegree
      let bx = wrapped(SIMD4(repeating: b.longitude) - longitudes) * xScales
      let by = (SIMD4(repeating: b.latitude) - latitudes) * FixFrame.metresPerDegree
      var f =
        SIMD4(
          Double(raw[k].time - aTime), Double(raw[k + 1].time - aTime), Double(raw[k + 2].time - aTime),
          Double(raw[k + 3].time - aTime)) * inverseSpan
      f.replace(with: 0, where: f .< 0)
      let px = ax + (bx - ax) * f
      let py = ay + (by - ay) * f
      let seds = (px * px + py * py).squareRoot()
      let peds = squaredDistanceToSegment(ax, ay, bx, by).squareRoot()
      for lane in 0..<4 {
        sed[k + lane] = seds[lane]
        ped[k + lane] = peds[lane]
      }
      k += 4
    }
    while k < raw.count {
      (sed[k], ped[k]) = segmentOne(raw[k], from: a, at: aTime, to: b, inverseSpan: inverseSpan)
      k += 1
    }
  }

  /// One raw fix's SED and PED: the reference the four lanes follow. `inverseSpan` is
  /// 1 / (bTime − aTime).
  @inline(__always)
  package static func segmentOne(
    _ raw: TimedFrame, from a: GeoMath.Anchor, at aTime: Int64, to b: GeoMath.Anchor, inverseSpan: Double
  ) -> (sed: Double, ped: Double) {
    let frame = raw.frame
    let ax = frame.x(longitude: a.longitude)
    let ay = frame.y(latitude: a.latitude)
    let bx = frame.x(longitude: b.longitude)
    let by = frame.y(latitude: b.latitude)
    var f = Double(raw.time - aTime) * inverseSpan
    f = f < 0 ? 0 : f
    let px = ax + (bx - ax) * f
    let py = ay + (by - ay) * f
    return ((px * px + py * py).squareRoot(), FixFrame.squaredDistanceToSegment(ax, ay, bx, by).squareRoot())
  }

  /// `FixFrame.wrapped` in four lanes.
  @inline(__always)
  static func wrapped(_ degrees: SIMD4<Double>) -> SIMD4<Double> {
    var wrapped = degrees
    wrapped.replace(with: degrees + 360, where: degrees .< -180)
    wrapped.replace(with: degrees - 360, where: degrees .> 180)
    return wrapped
  }

  /// `FixFrame.squaredDistanceToSegment` in four lanes.
  @inline(__always)
  static func squaredDistanceToSegment(
    _ ax: SIMD4<Double>, _ ay: SIMD4<Double>, _ bx: SIMD4<Double>, _ by: SIMD4<Double>
  ) -> SIMD4<Double> {
    let dx = bx - ax
    let dy = by - ay
    let length2 = dx * dx + dy * dy
    var u = -(ax * dx + ay * dy) / length2
    u.replace(with: 0, where: u .< 0)
    u.replace(with: 1, where: u .> 1)
    // A zero-length segment (or a NaN length) is its point: u = 0, as the one-lane path leaves it.
    u.replace(with: 0, where: .!(length2 .> 0))
    let qx = ax + dx * u
    let qy = ay + dy * u
    return qx * qx + qy * qy
  }
}
