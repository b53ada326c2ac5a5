/// What the comparison finds for each gpsd log, and why.
extension NMEAGpsdComparisonTests {
  struct Expectation {
    var outcome: Outcome
    var why: String
  }

  static let expectations: [String: Expectation] = [:]
}
