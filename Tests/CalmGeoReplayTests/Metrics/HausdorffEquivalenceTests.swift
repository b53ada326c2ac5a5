import Testing

@testable import CalmGeoReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The early-break Hausdorff search (issue 28) against the search it replaced
/// (`HausdorffBaseline`) and against a brute force that tries every segment for every fix:
/// wherever the old search was exact, the new one gives the same Double bit for bit; where
/// the old one ran out of work (revisited routes), the new one is exact and equals the brute
/// force. Every value compared is computed, none written by hand: the expectation is
/// equality with an independent computation of the same definition (HausdorffDistance's doc).
struct HausdorffEquivalenceTests {
  /// Raw fixes and the fixes a distance filter of `filter` metres emits from them (the first
  /// fix, then each fix at least `filter` m from the last emitted one, and the last fix).
  static func metrics(_ raw: [Fix], filter: Double) -> FidelityMetrics {
    var metrics = FidelityMetrics()
    var last: GeoMath.Anchor?
    for (i, fix) in raw.enumerated() {
      metrics.observeRaw(fix)
      let anchor = GeoMath.Anchor(fix)
      if last == nil || last!.distance(to: anchor) >= filter || i == raw.count - 1 {
        metrics.observeEmitted(fix)
        last = anchor
      }
    }
    return metrics
  }

  /// The new and the old search on the same input.
  static func both(_ metrics: FidelityMetrics) -> (new: (Double, Bool), old: (Double, Bool))? {
    guard let (search, first) = metrics.hausdorffSearch() else { return nil }
    let old = HausdorffBaseline(
      raw: search.raw, emitted: search.emitted, emittedRawIndex: search.emittedRawIndex,
      projection: search.projection, stretchBound: search.stretchBound, stretchRatio: search.stretchRatio)
    let new = search.compute(first: first)
    return ((new.metres, new.isExact), old.compute(first: first))
  }

  /// max over raw fixes of √min(bracket², every segment²), in the same arithmetic as the
  /// search (Float32 projected points, x distances times the fix's stretch): O(raw × emitted).
  static func bruteForce(_ search: HausdorffDistance) -> Double {
    let raw = search.raw
    let emitted = search.emitted
    guard !raw.isEmpty, !emitted.isEmpty else { return 0 }
    var maximum = 0.0
    var j = -1
    for i in raw.indices {
      while j + 1 < search.emittedRawIndex.count, search.emittedRawIndex[j + 1] <= i { j += 1 }
      let r = raw[i]
      let stretch = search.projection.xStretch(at: r)
      func d2(_ s: Int) -> Double {
        let a = emitted[s]
        let b = emitted[s + 1]
        return FixFrame.squaredDistanceToSegment(
          (Double(a.x) - Double(r.x)) * stretch, Double(a.y) - Double(r.y),
          (Double(b.x) - Double(r.x)) * stretch, Double(b.y) - Double(r.y))
      }
      var bracket: Double
      if j >= 0, j + 1 < emitted.count {
        bracket = d2(j).squareRoot()
      } else {
        let a = emitted[Swift.max(j, 0)]
        let ax = (Double(a.x) - Double(r.x)) * stretch
        let ay = Double(a.y) - Double(r.y)
        bracket = (ax * ax + ay * ay).squareRoot()
      }
      if emitted.count > 1 {
        var best2 = bracket * bracket
        for s in 0..<(emitted.count - 1) { best2 = Swift.min(best2, d2(s)) }
        bracket = best2.squareRoot()
      }
      maximum = Swift.max(maximum, bracket)
    }
    return maximum
  }

  /// Checks one input: equal to the old search's bits where it was exact, never above it
  /// where it was not; exact, and equal to the brute force when `brute` (small inputs).
  static func check(_ metrics: FidelityMetrics, _ label: String, brute: Bool) {
    guard let (new, old) = both(metrics) else { return }
    #expect(new.1, "\(label): not exact")
    if old.1 {
      #expect(new.0.bitPattern == old.0.bitPattern, "\(label): \(new.0) vs old \(old.0)")
    } else {
      #expect(new.0 <= old.0, "\(label): \(new.0) above the old upper bound \(old.0)")
    }
    if brute, let (search, _) = metrics.hausdorffSearch() {
      let expected = bruteForce(search)
      #expect(new.0.bitPattern == expected.bitPattern, "\(label): \(new.0) vs brute force \(expected)")
    }
  }

  static let filters: [Double] = [3, 15, 40, 150]

  static var corpusLogs: [String] {
    ["csv", "gpx", "nmea", "other"].flatMap { Corpus.files(in: $0, excluding: [".chk", ".md"]) }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusLogGivesTheOldValue() throws {
    var compared = 0
    for log in Self.corpusLogs {
      guard let fixes = try? TrackReader.load(path: Corpus.path(log)).fixes, fixes.count > 1 else { continue }
      for filter in Self.filters {
        Self.check(Self.metrics(fixes, filter: filter), "\(log) at \(filter) m", brute: fixes.count <= 6_000)
        compared += 1
      }
    }
    #expect(compared >= 100, "only \(compared) corpus cases")
  }

  /// A seeded walk that wanders within ~300 m of a point at 47.3° N, crossing itself often.
  static func walk(seed: UInt64, count: Int) -> [Fix] {
    var random = SplitMix64(seed: seed)
    var x = 0.0
    var y = 0.0
    var heading = 0.0
    let metresPerDegree = FixFrame.metresPerDegree
    return (0..<count).map { i in
      heading += (random.nextUnit() - 0.5) * 0.8
      if (x * x + y * y).squareRoot() > 300 { heading = atan2(-y, -x) + (random.nextUnit() - 0.5) }
      let step = random.nextUnit() * 8
      x += step * cos(heading)
      y += step * sin(heading)
      return Fix(
        time: Int64(i) * 1000, latitude: 47.3 + y / metresPerDegree,
        longitude: 8.5 + x / (metresPerDegree * cos(47.3 * Double.pi / 180)))
    }
  }

  @Test func randomWalksGiveTheOldValue() {
    for seed in UInt64(1)...12 {
      let fixes = Self.walk(seed: seed, count: 1_000 + Int(seed) * 400)
      for filter in Self.filters {
        Self.check(Self.metrics(fixes, filter: filter), "walk \(seed) at \(filter) m", brute: true)
      }
    }
  }

  /// A real commute (the corpus's 36-minute ride, 197 fixes) ridden `rides` times, there and
  /// back, each ride with its own seeded noise of up to ±2 m: every grid cell of the emitted
  /// track holds one segment or more per ride.
  static func commute(rides: Int) throws -> [Fix] {
    let route = try TrackReader.load(path: Corpus.path("csv/dat100__20170814.csv")).fixes
    var random = SplitMix64(seed: 28)
    var fixes: [Fix] = []
    var time: Int64 = 0
    for ride in 0..<rides {
      for fix in ride % 2 == 0 ? route : route.reversed() {
        time += 1000
        fixes.append(
          Fix(
            time: time, latitude: fix.latitude + (random.nextUnit() - 0.5) * 4e-5,
            longitude: fix.longitude + (random.nextUnit() - 0.5) * 8e-5))
      }
    }
    return fixes
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func aRevisitedCommuteIsExactAndEqualsTheBruteForce() throws {
    let fixes = try Self.commute(rides: 60)
    for filter in [15.0, 40] {
      Self.check(Self.metrics(fixes, filter: filter), "commute at \(filter) m", brute: true)
    }
  }
}
