import Foundation
import Testing

@testable import CalmGeoReplay

/// `StopDetector` settles "within the radius" with the bounds of
/// `GeoMath.Anchor.settledComparison(to:with:)` and computes the haversine only where they leave
/// it open: the runs are those of the plain rule, `distance(centroid, fix) <= radius`, written
/// here again as the reference.
struct StopDetectorBoundsTests {
  /// The plain rule, as the detector decided it before the bounds: a run's first and last fix,
  /// its count and the sums of its coordinates.
  struct ReferenceDetector {
    struct Run: Equatable {
      var start: Int64
      var end: Int64
      var count: Int
      var latitudeSum: Double
      var longitudeSum: Double
    }
    let radius: Double
    var run: Run?

    mutating func observe(_ fix: Fix) -> Run? {
      let alone = Run(start: fix.time, end: fix.time, count: 1, latitudeSum: fix.latitude, longitudeSum: fix.longitude)
      guard var current = run else {
        run = alone
        return nil
      }
      let latitude = current.latitudeSum / Double(current.count)
      let longitude = current.longitudeSum / Double(current.count)
      if GeoMath.distance(lat1: latitude, lon1: longitude, lat2: fix.latitude, lon2: fix.longitude) <= radius {
        current.end = fix.time
        current.count += 1
        current.latitudeSum += fix.latitude
        current.longitudeSum += fix.longitude
        run = current
        return nil
      }
      run = alone
      return current
    }
  }

  /// Whether the detector's run is the reference's (the centroid from the same sums).
  static func same(_ run: StopDetector.Run?, _ reference: ReferenceDetector.Run?) -> Bool {
    guard let run, let reference else { return run == nil && reference == nil }
    return run.start == reference.start && run.end == reference.end && run.count == reference.count
      && run.latitude == reference.latitudeSum / Double(reference.count)
      && run.longitude == reference.longitudeSum / Double(reference.count)
  }

  /// The runs ended, fix by fix, and the last one, by the detector (with the fixes' cosines, as
  /// the metrics hand them, or without) and by the reference; nil when all three agree.
  static func difference(_ fixes: [Fix], radius: Double) -> String? {
    var detector = StopDetector(radius: radius)
    var withCosines = StopDetector(radius: radius)
    var reference = ReferenceDetector(radius: radius)
    for (index, fix) in fixes.enumerated() {
      let expected = reference.observe(fix)
      if !same(detector.observe(fix), expected) { return "fix \(index)" }
      let cosine = cos(fix.latitude * (Double.pi / 180))
      if !same(withCosines.observe(fix, cosLatitude: cosine), expected) { return "fix \(index) with its cosine" }
    }
    if !same(detector.run, reference.run) || !same(withCosines.run, reference.run) { return "last run" }
    return nil
  }

  /// Radii from under a millimetre (the bounds decline, every fix goes to the haversine) to wide.
  static let radii = [0.0005, 0.5, 5, 25, 60, 500]

  /// A fix exactly at the radius joins (the rule is inclusive), one a hair beyond does not: the
  /// comparisons within the bounds' margin are the haversine's.
  @Test func aFixExactlyAtTheRadiusJoinsAndOneBeyondItDoesNot() {
    let centre = EquatorTrack.fix(t: 0, x: 0)
    let edge = EquatorTrack.fix(t: 1, x: 25)
    let distance = GeoMath.distance(centre, edge)  // 25 m within rounding
    #expect(abs(distance - 25) < 1e-9)
    var atRadius = StopDetector(radius: distance)
    _ = atRadius.observe(centre)
    #expect(atRadius.observe(edge) == nil)
    #expect(atRadius.run?.count == 2)
    var belowRadius = StopDetector(radius: distance.nextDown)
    _ = belowRadius.observe(centre)
    #expect(belowRadius.observe(edge)?.count == 1)
    #expect(belowRadius.run?.count == 1)
  }

  /// The worked example's walk, stand and walk on, and a zig-zag that keeps crossing 25 m of its
  /// centroid by a few micrometres (hand-made), at every radius.
  @Test(arguments: radii)
  func handMadeWalksRunAlike(radius: Double) {
    #expect(Self.difference(EquatorTrack.workedExample, radius: radius) == nil)
    let zigzag = (0..<400).map { (t: Int) -> Fix in
      let side: Double = t % 2 == 0 ? 0 : 25
      let wobble = Double(t % 7) * 1e-6 - 3e-6
      return EquatorTrack.fix(t: Double(t), x: side + wobble)
    }
    #expect(Self.difference(zigzag, radius: 25 / 2) == nil)
    #expect(Self.difference(zigzag, radius: radius) == nil)
  }

  /// The point `metres` from (`latitude`, `longitude`) on `bearing` (radians), by the
  /// great-circle destination formula: its haversine distance back is `metres` within rounding.
  static func destination(latitude: Double, longitude: Double, metres: Double, bearing: Double) -> Fix {
    let phi1 = latitude * Double.pi / 180
    let delta = metres / GeoMath.earthRadius
    let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(bearing))
    let lambda = atan2(sin(bearing) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
    return Fix(time: 0, latitude: phi2 * 180 / Double.pi, longitude: longitude + lambda * 180 / Double.pi)
  }

  /// The run keeps its centroid's cosine until the centroid drifts 10⁻⁷ rad, and widens its
  /// bounds by the drift: a run creeping north at 60° (where the cosine changes fastest that
  /// matters), probed on eight bearings at the radius times 1 ± 2·10⁻⁹ to 3·10⁻⁷ (between the
  /// bounds' own margin and the drift) after every fix, decides as the haversine does.
  @Test(arguments: [25.0, 500])
  func aDriftingCentroidDecidesAsTheHaversine(radius: Double) {
    var run = StopDetector.Run(Fix(time: 0, latitude: 60, longitude: 10))
    let offsets = [2e-9, 5e-9, 1e-8, 3e-8, 1e-7, 3e-7].flatMap { [1 + $0, 1 - $0] }
    var probes = 0
    for step in 1...300 {
      // 0.5 m north a fix with a wobble east and west: the centroid's latitude crosses the
      // refresh distance again and again.
      let north = Double(step) * 0.5 / GeoMath.earthRadius * 180 / Double.pi
      let east = Double(step % 5 - 2) * 1e-6
      let fix = Fix(time: Int64(step) * 1000, latitude: 60 + north, longitude: 10 + east)
      #expect(run.reaches(fix, within: radius, cosLatitude: nil) == (run.distance(to: fix) <= radius))
      run.append(fix)
      for octant in 0..<8 {
        let bearing = Double(octant) * Double.pi / 4 + 0.3
        for factor in offsets {
          let probe = Self.destination(
            latitude: run.latitude, longitude: run.longitude, metres: radius * factor, bearing: bearing)
          let cosine = cos(probe.latitude * (Double.pi / 180))
          #expect(
            run.reaches(probe, within: radius, cosLatitude: cosine) == (run.distance(to: probe) <= radius),
            "fix \(step), bearing \(bearing), factor \(factor)")
          probes += 1
        }
      }
    }
    #expect(probes == 300 * 8 * 12)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusLogRunsAlike() {
    let compared = Corpus.forEachTrack { file, track in
      for radius in Self.radii {
        #expect(Self.difference(track.fixes, radius: radius) == nil, "\(file) at \(radius) m")
      }
    }
    #expect(compared >= 100)
  }
}
