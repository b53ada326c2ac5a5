import Testing
@testable import CalmGeoReplay

/// Mutated JSON: every kind of damage must end in a counted skip or a fatal error,
/// never a crash or a fix outside the valid ranges.
struct CalmGeoJSONRobustnessTests {
  /// Deterministic generator (SplitMix64).
  private struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  @Test func mutatedJSONNeverCrashes() {
    var rng = SplitMix64(state: 7)
    let original = Array(("[{\"timestamp\":\"2024-05-01T07:03:12.000Z\",\"coords\":{\"latitude\":60.5,"
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
