import Testing

@testable import CalmGeoReplay

/// `ShortestDecimal.search` settles the decimal exponent once and reads powers of ten from a
/// table (issue 28); these compare it with the search it replaced, which checked the exponent at
/// every precision (`PreviousShortestDecimal`, kept here verbatim as the reference), answers
/// and `nil`s alike.
struct ShortestDecimalSearchTests {
  static func same(_ a: (digits: UInt64, exponent: Int)?, _ b: (digits: UInt64, exponent: Int)?) -> Bool {
    a?.digits == b?.digits && a?.exponent == b?.exponent
  }

  @Test(
    arguments: [
      // 2^-10 ≤ 0.0015 < 2^-9: the guess floor(-10 × log10 2) = -4 asks for 10^20 at 17 digits,
      // past a UInt64; one up (-3), and the 15-digit rounding 150000000000000 less 13 zeros.
      (0.0015, 15, -4),
      // The Double below 0.01 prints 0.009999999999999998: 16 digits, none at 15 inside the interval.
      (0.01.nextDown, 9_999_999_999_999_998, -18),
      // 15 digits 123456000000000: 9 zeros dropped (8, then 1).
      (123.456, 123_456, -3),
      // 15 digits 100000000000000: 14 zeros dropped (8, 4, 2).
      (0.001, 1, -3),
      // 64 + 2^-46 prints 64.00000000000001: 16 digits.
      (64.0.nextUp, 6_400_000_000_000_001, -14),
      // 12 + 2^-49 prints 12.000000000000002: 17 digits (16 would read back as 12).
      (12.000000000000002, 12_000_000_000_000_002, -15),
      // 100 - 2^-46 prints 99.99999999999999: the guess (1) is right, 16 digits.
      (100.0.nextDown, 9_999_999_999_999_999, -14),
    ] as [(Double, UInt64, Int)])
  func findsTheDigitsOfEdgeValues(value: Double, digits: UInt64, exponent: Int) throws {
    let found = try #require(ShortestDecimal.of(value))
    #expect(found.digits == digits && found.exponent == exponent)
    #expect(Self.same(found, PreviousShortestDecimal.of(value)))
  }

  @Test func floatEdgesAnswerAsBefore() throws {
    // 999999.94 prints with 8 digits; 1234567.5 is past 10^6, where 6 digits have no scale: nil.
    let found = try #require(ShortestDecimal.of(Float(999_999.94)))
    #expect(found.digits == 99_999_994 && found.exponent == -2)
    #expect(ShortestDecimal.of(Float(1_234_567.5)) == nil)
    #expect(PreviousShortestDecimal.of(Float(1_234_567.5)) == nil)
  }

  @Test func randomValuesAnswerAsTheThreeProductSearch() {
    var random = SplitMix64(seed: 2028)
    var mismatches: [String] = []
    func compare(_ value: Double) {
      let new = ShortestDecimal.of(value)
      let old = PreviousShortestDecimal.of(value)
      if !Self.same(new, old) { mismatches.append("\(value): \(String(describing: new)) ≠ \(String(describing: old))") }
    }
    func compare(_ value: Float) {
      let new = ShortestDecimal.of(value)
      let old = PreviousShortestDecimal.of(value)
      if !Self.same(new, old) { mismatches.append("\(value): \(String(describing: new)) ≠ \(String(describing: old))") }
    }
    for _ in 0..<100_000 {
      // Any bits from 2^-11 to 2^50; [0.001, 0.01), where the exponent guess is low; short decimals;
      // NMEA degrees + minutes / 60; any Double bits; Floats: any bits, DOPs, 2^-11 to 2^24.
      compare(Double(sign: .plus, exponent: Int(random.next() % 62) - 11, significand: 1 + random.nextUnit()))
      compare(0.001 + random.nextUnit() * 0.009)
      compare(Double(random.next() % 1_000_000_000) / [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e9][Int(random.next() % 8)])
      compare(-(Double(random.next() % 180) + Double(random.next() % 60_000_000) / 1_000_000 / 60))
      compare(Double(bitPattern: random.next()))
      compare(Float(bitPattern: UInt32(truncatingIfNeeded: random.next())))
      compare(Float(Double(random.next() % 10_000) / 100))
      compare(Float(sign: .plus, exponent: Int(random.next() % 36) - 11, significand: 1 + Float(random.nextUnit())))
    }
    // Around powers of ten and two, and the ends of the covered ranges.
    for base in [0.001, 0.01, 0.1, 1, 10, 100, 1e6, 1e14, 1e15, 16_777_216, 0.5, 1024] {
      var down = base
      var up = base
      for _ in 0..<100 {
        compare(down)
        compare(up)
        compare(Float(down))
        compare(Float(up))
        down = down.nextDown
        up = up.nextUp
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}

/// The search `ShortestDecimal` made before it settled the exponent once: the
/// nearest 15-, 16-, then 17-digit decimal (6 to 9 for a `Float`), one 128-bit product each.
private enum PreviousShortestDecimal {
  static func powerOfTen(_ k: Int) -> UInt64 {
    var power: UInt64 = 1
    for _ in 0..<k { power &*= 10 }
    return power
  }

  static func of(_ value: Double) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 1e15, magnitude.significandBitPattern != 0 else { return nil }
    let significand = magnitude.significandBitPattern | (1 << 52)
    return search(
      significand, binaryExponent: Int(magnitude.exponent) - 52, shortestPrecision: 15, longestPrecision: 17)
  }

  static func of(_ value: Float) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 16_777_216, magnitude.significandBitPattern != 0 else { return nil }
    let significand = UInt64(magnitude.significandBitPattern | (1 << 23))
    return search(significand, binaryExponent: Int(magnitude.exponent) - 23, shortestPrecision: 6, longestPrecision: 9)
  }

  static func search(
    _ significand: UInt64, binaryExponent: Int, shortestPrecision: Int, longestPrecision: Int
  ) -> (digits: UInt64, exponent: Int)? {
    let shift = -binaryExponent
    guard shift >= 1, shift <= 63 else { return nil }
    let topBit = 63 - significand.leadingZeroBitCount - shift
    var decimalExponent = (topBit * 78913) >> 18
    var precision = shortestPrecision
    var corrections = 0
    while precision <= longestPrecision {
      let scale = precision - 1 - decimalExponent
      guard scale >= 0, scale <= 19 else { return nil }
      let power = powerOfTen(scale)
      let exact = significand.multipliedFullWidth(by: power)
      let whole = exact.high >> shift == 0 ? (exact.high << (64 - shift)) | (exact.low >> shift) : .max
      if whole >= powerOfTen(precision) || whole < powerOfTen(precision - 1) {
        corrections += 1
        guard corrections <= 2 else { return nil }
        decimalExponent += whole >= powerOfTen(precision) ? 1 : -1
        continue
      }
      let remainder = exact.low & ((1 << shift) - 1)
      let half: UInt64 = 1 << (shift - 1)
      if remainder == half { return nil }
      let roundsUp = remainder > half
      let distance = roundsUp ? (1 << shift) - remainder : remainder
      let twice = distance << 1
      if twice == power { return nil }
      if twice < power {
        var digits = roundsUp ? whole + 1 : whole
        var exponent = -scale
        while digits % 10 == 0 {
          digits /= 10
          exponent += 1
        }
        return (digits, exponent)
      }
      precision += 1
    }
    return nil
  }
}
