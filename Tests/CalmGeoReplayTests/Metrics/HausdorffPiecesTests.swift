import Foundation
import Testing

@testable import CalmGeoReplay

/// A long track's Hausdorff search in pieces (`HausdorffDistance.compute(first:parallel:)`,
/// what a replay's metrics run, on two threads in the CLI) gives the single search's Double and
/// exactness, whether the pieces run one after the other or at once.
struct HausdorffPiecesTests {
  /// The single search, the pieces in turn and the pieces on Dispatch's threads.
  static func three(_ metrics: FidelityMetrics) -> [(metres: Double, isExact: Bool)] {
    let (search, first) = metrics.hausdorffSearch()!
    return [
      search.compute(first: first), search.compute(first: first, parallel: .serial),
      search.compute(first: first, parallel: .threads),
    ]
  }

  /// 2 000 laps of a noisy 40-point loop (80 000 fixes, past the threshold), every 4th emitted:
  /// the route driven again and again, where the pieces start from spread fixes' distances.
  @Test func aRevisitedLoopGivesTheSameDistanceInPieces() {
    let results = Self.three(FidelityRevisitTests.loopDriven(laps: 2_000, seed: 7))
    #expect(results[0].isExact && results[0].metres > 0)
    for result in results.dropFirst() {
      #expect(result.metres == results[0].metres && result.isExact == results[0].isExact)
    }
  }

  /// A straight walk of 70 000 fixes zigzagging ±0.5 m, emitted every 50th (even fixes: the
  /// emitted line is y = 0.5), with one 40 m sidestep in the second half (fix 60 002, between emits,
  /// at y = 40.5). By hand: its distance to the emitted line, 40 m, is the track's (every other fix
  /// is within a metre of the line), found in the second half of the track.
  @Test func theFarthestFixInTheSecondHalfIsFound() {
    var metrics = FidelityMetrics()
    for i in 0..<70_000 {
      let sidestep = i == 60_002 ? 40.0 : 0
      let fix = EquatorTrack.planarFix(t: Double(i), x: Double(i) * 1.0, y: sidestep + (i % 2 == 0 ? 0.5 : -0.5))
      metrics.observeRaw(fix)
      if i % 50 == 0 || i == 69_999 { metrics.observeEmitted(fix) }
    }
    let results = Self.three(metrics)
    #expect(abs(results[0].metres - 40) < 0.01, "\(results[0].metres)")
    for result in results.dropFirst() {
      #expect(result.metres == results[0].metres && result.isExact == results[0].isExact)
    }
  }

  /// Below the threshold the track is not cut into pieces: the single search, whatever runs it.
  @Test func aShortTrackIsSearchedWhole() {
    var metrics = FidelityMetrics()
    for i in 0..<1_000 {
      let fix = EquatorTrack.planarFix(t: Double(i), x: Double(i), y: i % 7 == 3 ? 2 : 0)
      metrics.observeRaw(fix)
      if i % 10 == 0 || i == 999 { metrics.observeEmitted(fix) }
    }
    #expect(HausdorffDistance.partThreshold > 1_000)
    let results = Self.three(metrics)
    #expect(results[1].metres == results[0].metres && results[2].metres == results[0].metres)
  }
}
