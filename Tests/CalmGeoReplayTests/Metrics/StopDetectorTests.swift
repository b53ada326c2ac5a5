import Testing

@testable import CalmGeoReplay

/// `StopDetector`'s rule on equator fixes (x metres east, t seconds).
struct StopDetectorTests {
  private func fix(_ t: Double, _ x: Double) -> Fix { EquatorTrack.fix(t: t, x: x) }

  @Test func aFixBeyondTheRadiusEndsTheRunAndStartsTheNextAlone() {
    var detector = StopDetector()
    #expect(detector.observe(fix(0, 0)) == nil)
    #expect(detector.observe(fix(1, 24.9)) == nil)  // 24.9 m from x = 0: joins
    // The mean is now 12.45: x = 37.4 is 24.95 m away (joins), x = 37.5 would be 25.05.
    #expect(detector.observe(fix(2, 37.4)) == nil)
    // Mean (0 + 24.9 + 37.4) / 3 = 20.7667: x = 45.8 is 25.03 m away, ending the run.
    let ended = detector.observe(fix(3, 45.8))
    #expect(ended?.count == 3)
    #expect(ended.map { EquatorTrack.seconds($0.end) } == 2)
    #expect(detector.run?.count == 1)  // the new run holds only the leaving fix
    #expect(detector.run.map { EquatorTrack.seconds($0.start) } == 3)
  }

  @Test(arguments: [(119.999, false), (120, true)])
  func aStopLastsAtLeastMinDuration(lastSecond: Double, isStop: Bool) {
    var detector = StopDetector()
    _ = detector.observe(fix(0, 0))
    _ = detector.observe(fix(lastSecond, 3))
    let ended = detector.observe(fix(lastSecond + 1, 100))
    #expect(ended.map(detector.isStop) == isStop)
  }
}
