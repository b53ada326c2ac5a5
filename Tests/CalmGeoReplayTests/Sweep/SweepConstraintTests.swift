import Testing

@testable import CalmGeoReplay

/// Constraint text and evaluation on row values.
struct SweepConstraintTests {
  @Test(arguments: [
    ("fidelity.sed.p95 <= 20", SweepConstraint("fidelity.sed.p95", .lessOrEqual, 20)),
    ("stops.missed==0", SweepConstraint("stops.missed", .equal, 0)),
    ("uploads.requests < 1e3", SweepConstraint("uploads.requests", .less, 1000)),
    ("engine.keptRatio >= 0.05", SweepConstraint("engine.keptRatio", .greaterOrEqual, 0.05)),
    ("energy.percentPerHour > -1", SweepConstraint("energy.percentPerHour", .greater, -1)),
    ("accounting.expired != 0", SweepConstraint("accounting.expired", .notEqual, 0)),
  ])
  func parses(text: String, expected: SweepConstraint) {
    #expect(SweepConstraint(text) == expected)
    #expect(SweepConstraint(expected.description) == expected)
  }

  @Test func refusesOtherText() {
    for text in ["stops.missed = 0", "stops.missed", "<= 3", "a.b <= x", "a.b <= ", "a b <= 3", "a.b <= nan"] {
      #expect(SweepConstraint(text) == nil, "\(text)")
    }
  }

  @Test func evaluatesRowValues() {
    let atMost20 = SweepConstraint("fidelity.sed.p95", .lessOrEqual, 20)
    #expect(atMost20.isMet(by: 20) && atMost20.isMet(by: 3) && !atMost20.isMet(by: 20.5))
    #expect(!atMost20.isMet(by: nil) && !atMost20.isMet(by: .nan))  // a missing value fails
    #expect(SweepConstraint("a.b", .less, 1).isMet(by: 0.999) && !SweepConstraint("a.b", .less, 1).isMet(by: 1))
    #expect(SweepConstraint("a.b", .greater, 1).isMet(by: 2) && !SweepConstraint("a.b", .greater, 1).isMet(by: 1))
    #expect(SweepConstraint("a.b", .equal, 0).isMet(by: 0) && !SweepConstraint("a.b", .equal, 0).isMet(by: 1))
    #expect(SweepConstraint("a.b", .notEqual, 0).isMet(by: 1) && !SweepConstraint("a.b", .notEqual, 0).isMet(by: 0))
    // Excess is relative to the bound (or to 1 for bounds under 1).
    #expect(atMost20.excess(30) == 0.5 && atMost20.excess(10) == 0 && atMost20.excess(nil) == 1)
    #expect(SweepConstraint("a.b", .equal, 0).excess(3) == 3)
    #expect(SweepConstraint("a.b", .notEqual, 0).excess(0) == 1)
  }
}
