import Testing

@testable import CalmGeoReplay

/// Ids written eight hex digits at a step (issue 28): the same text as digit by digit.
struct LocationIDHexTests {
  static func id(high: UInt64, low: UInt64) -> String {
    var id = LocationID(seed: 0, index: 0)
    id.high = high
    id.low = low
    return id.description
  }

  @Test func writesIdsEightHexDigitsAtAStep() {
    // Worked by hand: the 32 digits of high then low, split 8-4-4-4-12; digits 0-9 and a-f.
    #expect(
      Self.id(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89ab-cdef-fedc-ba9876543210")
    #expect(Self.id(high: 0, low: 0) == "00000000-0000-0000-0000-000000000000")
    #expect(Self.id(high: .max, low: .max) == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    #expect(Self.id(high: 0x9A00_0000_0000_00A9, low: 1) == "9a000000-0000-00a9-0000-000000000001")
    var random = SplitMix64(seed: 2031)
    var mismatches = 0
    for _ in 0..<20_000 {
      let high = random.next()
      let low = random.next()
      // The reference: each word's 16 hex digits from the standard library, zero-padded, then split.
      let digits = [high, low].map { word in
        let text = String(word, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
      }.joined()
      let characters = Array(digits)
      let split = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
      if Self.id(high: high, low: low) != split.joined(separator: "-") { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }
}
