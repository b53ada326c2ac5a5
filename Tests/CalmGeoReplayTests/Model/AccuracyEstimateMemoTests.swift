import Testing

@testable import CalmGeoReplay

/// A reader's DOP × UERE estimates through `AccuracyEstimateMemo` (issue 28): the same values and
/// flags as estimating each fix afresh, whether the DOP repeats, changes, or the UERE changes.
struct AccuracyEstimateMemoTests {
  static func fix(hdop: Double?, vdop: Double?) -> Fix {
    var fix = Fix(time: 0, latitude: 1, longitude: 2)
    fix.hdop = hdop
    fix.vdop = vdop
    return fix
  }

  @Test func repeatsChangesAndANewUEREGiveTheDecimalProducts() {
    var memo = AccuracyEstimateMemo()
    // By hand, as decimals: 1.19 × 5 = 5.95 (twice: the second from the memo), 0.4 × 5 = 2,
    // 0.4 × 6 = 2.4 (same DOP, new UERE: a memo keyed on the DOP alone would answer 2), 0.85 × 5 = 4.25.
    let steps: [(hdop: Double?, vdop: Double?, uere: Double, horizontal: Double?, vertical: Double?)] = [
      (1.19, nil, 5, 5.95, nil), (1.19, nil, 5, 5.95, nil), (0.4, nil, 5, 2, nil), (0.4, 0.85, 6, 2.4, 5.1),
      (0.4, 0.85, 5, 2, 4.25), (nil, 0.85, 5, nil, 4.25),
    ]
    for step in steps {
      var fix = Self.fix(hdop: step.hdop, vdop: step.vdop)
      let estimated = fix.estimateMissingAccuracy(uere: step.uere, memo: &memo)
      #expect(fix.horizontalAccuracy == step.horizontal && fix.verticalAccuracy == step.vertical, "\(step)")
      #expect(estimated.horizontal == (step.horizontal != nil) && estimated.vertical == (step.vertical != nil))
    }
  }

  @Test func runsOfRandomDOPsMatchEstimatingEachFixAfresh() {
    var random = SplitMix64(seed: 2030)
    var memo = AccuracyEstimateMemo()
    var mismatches = 0
    var hdop = 1.0
    var vdop = 1.0
    for _ in 0..<20_000 {
      // DOPs that hold for a few fixes then move (two decimals, as logs write them); the UERE changes rarely.
      if random.next() % 4 == 0 { hdop = Double(random.next() % 3000) / 100 }
      if random.next() % 4 == 0 { vdop = Double(random.next() % 3000) / 100 }
      let uere = random.next() % 50 == 0 ? 4.5 : 5
      var remembered = Self.fix(hdop: random.next() % 10 == 0 ? nil : hdop, vdop: vdop)
      var fresh = remembered
      if random.next() % 10 == 0 { remembered.horizontalAccuracy = 3.5 }  // an accuracy of its own: kept
      fresh.horizontalAccuracy = remembered.horizontalAccuracy
      let a = remembered.estimateMissingAccuracy(uere: uere, memo: &memo)
      let b = fresh.estimateMissingAccuracy(uere: uere)
      if a != b || remembered.storedHorizontalAccuracy.bitPattern != fresh.storedHorizontalAccuracy.bitPattern
        || remembered.storedVerticalAccuracy.bitPattern != fresh.storedVerticalAccuracy.bitPattern
        || remembered.flags != fresh.flags
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
  }
}
