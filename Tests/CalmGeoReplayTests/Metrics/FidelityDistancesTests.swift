import Testing

@testable import CalmGeoReplay

/// `FidelityDistances.segment` works four raw fixes at a step; each lane must give the double the
/// one-fix reference (`segmentOne`, the arithmetic the metrics always used) gives.
struct FidelityDistancesTests {
  static func frame(_ fix: Fix) -> TimedFrame { TimedFrame(time: fix.time, frame: FixFrame(GeoMath.Anchor(fix))) }

  /// The first raw fix (by index) whose SED or PED differs from the reference, or nil. Every run
  /// length from 0 to 9 covers the four-lane steps and every remainder.
  static func difference(_ raw: [TimedFrame], from a: Fix, to b: Fix) -> Int? {
    let inverseSpan = 1 / Double(b.time - a.time)
    var sed = [Double](repeating: .nan, count: raw.count)
    var ped = [Double](repeating: .nan, count: raw.count)
    raw.withUnsafeBufferPointer { raw in
      sed.withUnsafeMutableBufferPointer { sed in
        ped.withUnsafeMutableBufferPointer { ped in
          FidelityDistances.segment(
            raw, from: GeoMath.Anchor(a), at: a.time, to: GeoMath.Anchor(b), at: b.time, sed: sed, ped: ped)
        }
      }
    }
    for (index, point) in raw.enumerated() {
      let one = FidelityDistances.segmentOne(
        point, from: GeoMath.Anchor(a), at: a.time, to: GeoMath.Anchor(b), inverseSpan: inverseSpan)
      if one.sed.bitPattern != sed[index].bitPattern || one.ped.bitPattern != ped[index].bitPattern { return index }
    }
    return nil
  }

  /// Hand-made: a segment 100 m east along the equator with fixes 3 m north of it (PED 3 m,
  /// SED 3 m where the time matches the position), one across the antimeridian, a zero-length
  /// segment (every PED is the distance to its point), and fixes before the segment's start
  /// (the time fraction clamps to 0) and past its end (the foot clamps to the end).
  @Test func handMadeSegmentsGiveTheReferenceDoubles() {
    let metre = 1 / (GeoMath.earthRadius * .pi / 180)
    let a = EquatorTrack.fix(t: 0, x: 0)
    let b = EquatorTrack.fix(t: 100, x: 100)
    let beside = (1...9).map { t -> TimedFrame in
      var fix = EquatorTrack.fix(t: Double(t) * 10, x: Double(t) * 10)
      fix.latitude = 3 * metre
      return Self.frame(fix)
    }
    for count in 0...9 { #expect(Self.difference(Array(beside.prefix(count)), from: a, to: b) == nil) }
    // SED and PED of the first fix: 3 m within a micrometre (the frame's arithmetic).
    var sed = [0.0]
    var ped = [0.0]
    [beside[0]].withUnsafeBufferPointer { raw in
      sed.withUnsafeMutableBufferPointer { sed in
        ped.withUnsafeMutableBufferPointer { ped in
          FidelityDistances.segment(
            raw, from: GeoMath.Anchor(a), at: a.time, to: GeoMath.Anchor(b), at: b.time, sed: sed, ped: ped)
        }
      }
    }
    #expect(abs(sed[0] - 3) < 1e-6 && abs(ped[0] - 3) < 1e-6)

    let west = Fix(time: 0, latitude: 10, longitude: 179.9995)
    let east = Fix(time: 10_000, latitude: 10, longitude: -179.9995)
    let across = (1...9).map {
      Self.frame(Fix(time: Int64($0) * 1000, latitude: 10.00001, longitude: $0 < 5 ? 179.9999 : -179.9999))
    }
    #expect(Self.difference(across, from: west, to: east) == nil)
    #expect(Self.difference(across, from: west, to: Fix(time: 10_000, latitude: 10, longitude: 179.9995)) == nil)
    let outside = (0..<9).map { Self.frame(EquatorTrack.fix(t: Double($0) * 20 - 40, x: Double($0) * 30 - 60)) }
    #expect(Self.difference(outside, from: a, to: b) == nil)
  }

  /// Every corpus log: segments between fixes 1 to 40 apart, as the metrics would meet them.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusLogGivesTheReferenceDoubles() {
    let compared = Corpus.forEachTrack { file, track in
      let fixes = track.fixes
      let frames = fixes.map(Self.frame)
      var start = 0
      var gap = 2
      while start + gap < fixes.count {
        let raw = Array(frames[(start + 1)..<(start + gap)])
        #expect(Self.difference(raw, from: fixes[start], to: fixes[start + gap]) == nil, "\(file) at \(start)")
        start += gap
        gap = gap % 40 + 2
      }
    }
    #expect(compared >= 100)
  }
}
