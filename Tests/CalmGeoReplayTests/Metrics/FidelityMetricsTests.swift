import Testing

@testable import CalmGeoReplay

/// Every expected value is worked out by hand on small tracks near latitude 0, longitude 0,
/// where x metres east and y metres north are exact (cos φ = 1 to 10⁻¹²).
struct FidelityMetricsTests {
  /// Raw fix i at t = i s and (x, y) metres; the fixes listed in `emit` are emitted right after their raw.
  private func stats(_ points: [(Double, Double)], emit: Set<Int>) -> FidelityStats {
    var metrics = FidelityMetrics()
    for (i, p) in points.enumerated() {
      let fix = EquatorTrack.planarFix(t: Double(i), x: p.0, y: p.1)
      metrics.observeRaw(fix)
      if emit.contains(i) { metrics.observeEmitted(fix) }
    }
    return metrics.finish()
  }

  private func fix(_ i: Int, _ p: (Double, Double)) -> Fix { EquatorTrack.planarFix(t: Double(i), x: p.0, y: p.1) }

  /// Within 10⁻⁶ relative (absolute near 0).
  private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * Swift.max(1, abs(b)) }
  /// Within HdrHistogram's 0.1 % (plus the 0.5 mm rounding to millimetres).
  private func percentile(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.001 * abs(b) + 0.0005 }

  private func expectSummary(
    _ s: DistanceSummary, max: Double, mean: Double, p50: Double, p95: Double,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(close(s.max, max), "max \(s.max) != \(max)", sourceLocation: sourceLocation)
    #expect(close(s.mean, mean), "mean \(s.mean) != \(mean)", sourceLocation: sourceLocation)
    #expect(percentile(s.p50, p50), "p50 \(s.p50) != \(p50)", sourceLocation: sourceLocation)
    #expect(percentile(s.p95, p95), "p95 \(s.p95) != \(p95)", sourceLocation: sourceLocation)
  }

  @Test func detourBetweenTwoEmittedPoints() {
    // Emitted (0,0)@0 and (30,0)@3; r1 = (10,6) against P(1) = (10,0): SED 6, PED 6; r2 on the line.
    let s = stats([(0, 0), (10, 6), (20, 0), (30, 0)], emit: [0, 3])
    #expect(s.fixes == 4)
    expectSummary(s.sed, max: 6, mean: 1.5, p50: 0, p95: 6)
    expectSummary(s.ped, max: 6, mean: 1.5, p50: 0, p95: 6)
    #expect(close(s.hausdorff, 6))
    let raw = 2 * 136.0.squareRoot() + 10
    #expect(close(s.rawLengthMetres, raw))
    #expect(close(s.emittedLengthMetres, 30))
    #expect(close(s.lengthLossPercent, 100 * (raw - 30) / raw))
  }

  @Test func lagInTimeIsSEDButNotPED() {
    // r1 at x = 5 while the interpolation says x = 10: SED 5, PED 0 (it lies on the segment).
    let s = stats([(0, 0), (5, 0), (20, 0)], emit: [0, 2])
    expectSummary(s.sed, max: 5, mean: 5.0 / 3, p50: 0, p95: 5)
    expectSummary(s.ped, max: 0, mean: 0, p50: 0, p95: 0)
    #expect(s.hausdorff == 0)
    #expect(close(s.rawLengthMetres, 20))
    #expect(close(s.emittedLengthMetres, 20))
    #expect(abs(s.lengthLossPercent) < 1e-9)
  }

  @Test func fixesAfterTheLastEmittedPointAreMeasuredAgainstTheHeldPoint() {
    // The server holds (10,0): r2 = (10,3) → 3, r3 = (14,3) → 5, r4 = (10,−5) → 5.
    let s = stats([(0, 0), (10, 0), (10, 3), (14, 3), (10, -5)], emit: [0, 1])
    expectSummary(s.sed, max: 5, mean: 13.0 / 5, p50: 3, p95: 5)
    expectSummary(s.ped, max: 5, mean: 13.0 / 5, p50: 3, p95: 5)
    // Nearest points of the one segment (0,0)–(10,0): (10,0) for all three.
    #expect(close(s.hausdorff, 5))
    let raw = 10 + 3 + 4 + 80.0.squareRoot()
    #expect(close(s.rawLengthMetres, raw))
    #expect(close(s.emittedLengthMetres, 10))
    #expect(close(s.lengthLossPercent, 100 * (raw - 10) / raw))
  }

  @Test func anEmittedFixHasZeroDistance() {
    // (10,8) is off the line through its neighbours, but it is emitted.
    let s = stats([(0, 0), (10, 8), (20, 0)], emit: [0, 1, 2])
    #expect(s.sed == .zero)
    #expect(s.ped == .zero)
    #expect(s.hausdorff == 0)
    #expect(close(s.emittedLengthMetres, s.rawLengthMetres))
    #expect(close(s.rawLengthMetres, 2 * 164.0.squareRoot()))
    #expect(abs(s.lengthLossPercent) < 1e-9)
  }

  @Test func fixesBeforeTheFirstEmittedPointAreMeasuredAgainstIt() {
    // r0 against the first emitted (5,0) → 5; r1 emitted → 0; r2 = (5,3) held → 3.
    let s = stats([(0, 0), (5, 0), (5, 3)], emit: [1])
    expectSummary(s.sed, max: 5, mean: 8.0 / 3, p50: 3, p95: 5)
    expectSummary(s.ped, max: 5, mean: 8.0 / 3, p50: 3, p95: 5)
    #expect(close(s.hausdorff, 5))  // one emitted point: the distance to it
    #expect(close(s.rawLengthMetres, 8))
    #expect(s.emittedLengthMetres == 0)
    #expect(close(s.lengthLossPercent, 100))
  }

  @Test func aLateReEmitAndADuplicateEmit() {
    // (10,0) is emitted only after (10,4) was seen, then again at the same time (ignored).
    // r2 = (10,4) and r3 = (13,4) are after the last emitted point: 4 and 5.
    let points: [(Double, Double)] = [(0, 0), (10, 0), (10, 4), (13, 4)]
    var metrics = FidelityMetrics()
    metrics.observeRaw(fix(0, points[0]))
    metrics.observeEmitted(fix(0, points[0]))
    metrics.observeRaw(fix(1, points[1]))
    metrics.observeRaw(fix(2, points[2]))
    metrics.observeEmitted(fix(1, points[1]))
    metrics.observeEmitted(fix(1, points[1]))
    metrics.observeRaw(fix(3, points[3]))
    let s = metrics.finish()
    expectSummary(s.sed, max: 5, mean: 9.0 / 4, p50: 0, p95: 5)
    expectSummary(s.ped, max: 5, mean: 9.0 / 4, p50: 0, p95: 5)
    #expect(close(s.hausdorff, 5))
    #expect(close(s.rawLengthMetres, 17))
    #expect(close(s.emittedLengthMetres, 10))
  }

  @Test func aSecondEmitAtTheSameTimeIsIgnored() {
    let points: [(Double, Double)] = [(0, 0), (10, 6), (20, 0), (30, 0)]
    var metrics = FidelityMetrics()
    for (i, p) in points.enumerated() {
      metrics.observeRaw(fix(i, p))
      if i == 0 || i == 3 {
        metrics.observeEmitted(fix(i, p))
        metrics.observeEmitted(fix(i, p))
      }
    }
    #expect(metrics.finish() == stats(points, emit: [0, 3]))
  }

  @Test func hausdorffFindsASegmentThatDoesNotBracketTheFix() {
    // Out along y = 0, up to (100,50), back west near y = 0 with no emit until (0,50).
    // r3..r5 are bracketed by (100,50)@2–(0,50)@6: SED = PED = 46, 47, 44; but the segment
    // (0,0)–(100,0) is 4, 3 and 6 away, so the Hausdorff distance is 6.
    let s = stats([(0, 0), (100, 0), (100, 50), (75, 4), (50, 3), (25, 6), (0, 50)], emit: [0, 1, 2, 6])
    expectSummary(s.sed, max: 47, mean: 137.0 / 7, p50: 0, p95: 47)
    expectSummary(s.ped, max: 47, mean: 137.0 / 7, p50: 0, p95: 47)
    #expect(close(s.hausdorff, 6))
    let back: [Double] = [625 + 2116, 625 + 1, 625 + 9, 625 + 1936]  // squared legs after (100,50)
    let raw = 150 + back.map { $0.squareRoot() }.reduce(0, +)
    #expect(close(s.rawLengthMetres, raw))
    #expect(close(s.emittedLengthMetres, 250))
    #expect(close(s.lengthLossPercent, 100 * (raw - 250) / raw))
  }

  @Test func hausdorffOverManyGridCells() {
    // Emitted every 10 m from (0,0) to (1000,0), then (1000,500); 99 raw fixes come back west at
    // x = 985, 975, ..., 5 and y = 2...6 with no emit until (0,500). Each is nearest to the
    // outbound leg (y metres), far from its bracketing segment y = 500 (PED 500 − y).
    var points: [(Double, Double)] = (0...100).map { (Double($0) * 10, 0) }
    points.append((1000, 500))
    for i in 0..<99 { points.append((985 - Double(i) * 10, 2 + Double(i % 5))) }
    points.append((0, 500))
    let emit = Set(0...101).union([points.count - 1])
    let s = stats(points, emit: emit)
    #expect(close(s.hausdorff, 6))
    #expect(close(s.ped.max, 498))
  }

  @Test func percentilesOfAHeldStretch() {
    // Emitted (0,0), then raw fixes at x = 1...100 with no emit: SED = PED = 0, 1, ..., 100.
    let s = stats((0...100).map { (Double($0), 0) }, emit: [0])
    expectSummary(s.sed, max: 100, mean: 50, p50: 50, p95: 95)
    expectSummary(s.ped, max: 100, mean: 50, p50: 50, p95: 95)
    #expect(close(s.hausdorff, 100))
    #expect(close(s.rawLengthMetres, 100))
    #expect(s.emittedLengthMetres == 0)
    #expect(close(s.lengthLossPercent, 100))
  }

  @Test func emptyInputGivesZeros() {
    var metrics = FidelityMetrics()
    #expect(
      metrics.finish()
        == FidelityStats(
          fixes: 0, sed: .zero, ped: .zero, hausdorff: 0, rawLengthMetres: 0, emittedLengthMetres: 0,
          lengthLossPercent: 0))
  }

  @Test func finishStartsAfresh() {
    var metrics = FidelityMetrics()
    metrics.observeRaw(fix(0, (0, 0)))
    metrics.observeEmitted(fix(0, (0, 0)))
    metrics.observeRaw(fix(1, (3, 4)))
    #expect(close(metrics.finish().sed.max, 5))
    #expect(metrics.finish().fixes == 0)
  }
}
