import Testing

@testable import CalmGeoReplay

/// Mutated JSON: every kind of damage must end in a counted skip or a fatal error,
/// never a crash or a fix outside the valid ranges.
struct CalmGeoJSONRobustnessTests {

  @Test func mutatedJSONNeverCrashes() {
    var rng = SplitMix64(seed: 7)
    let original = Array(
      ("[{\"timestamp\":\"2024-05-01T07:03:12.000Z\",\"coords\":{\"latitude\":60.5,"
        + "\"longitude\":5.25,\"speed\":1,\"heading\":-1,\"timestamp\":736239792.5}},\n{\"coords\":{\"latitude\":1,"
        + "\"longitude\":2},\"timestamp\":\"2024-05-01T07:03:13Z\"}]\n{\"a\":\"\\\"]}\"}\n").utf8)
    let specials = Array("[]{}\",:\\\n -.e0".utf8)
    for round in 0..<1500 {
      var bytes = original
      for _ in 0..<(1 + rng.below(4)) {
        let at = rng.below(bytes.count)
        switch rng.below(3) {
        case 0: bytes[at] = specials[rng.below(specials.count)]
        case 1: bytes.insert(specials[rng.below(specials.count)], at: at)
        default: bytes.remove(at: at)
        }
      }
      var parser = CalmGeoJSONParser(file: "x.json", options: ParseOptions())
      var diagnostics = InputDiagnostics()
      do {
        try parser.parse(MemoryByteSource(bytes, maxChunk: 1 + rng.below(50)), diagnostics: &diagnostics) { fix in
          #expect(abs(fix.latitude) <= 90 && abs(fix.longitude) <= 180, "round \(round)")
        }
      } catch {
        #expect(error.isFatal, "round \(round): \(error)")
      }
    }
  }
}
