import Foundation
import Testing

@testable import CalmGeoReplay

/// `ShortestDecimal` and the fast paths built on it (`JSONBytes.double`, `DecimalProduct.parts`,
/// `Fix.decimal`) against the `description` they replace: hand-worked values, a seeded random
/// comparison, and every wire value of the corpus.
struct ShortestDecimalTests {
  /// The text the writer produced before the fast path: `description` less a trailing `.0`,
  /// whole numbers below 2^53 as integers.
  static func described(_ value: Double) -> String {
    if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
      return (value == 0 && value.sign == .minus ? "-" : "") + String(Int(value))
    }
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  static func written(_ value: Double) -> String {
    var json = JSONBytes()
    json.double(value)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// Everything the fast paths decide for `value`, compared with the paths they replace.
  static func mismatches(_ value: Double) -> [String] {
    var found: [String] = []
    if written(value) != described(value) { found.append("json \(value): \(written(value)) ≠ \(described(value))") }
    let fast = DecimalProduct.parts(value)
    let text = DecimalProduct.textParts(value)
    if fast?.digits != text?.digits || fast?.exponent != text?.exponent {
      found.append("parts \(value): \(String(describing: fast)) ≠ \(String(describing: text))")
    }
    return found
  }

  static func floatMismatch(_ value: Float) -> String? {
    let fast = Fix.decimal(value)
    let text = Double(value.description) ?? Double(value)
    return fast.bitPattern == text.bitPattern || (fast.isNaN && text.isNaN)
      ? nil : "decimal \(value): \(fast) ≠ \(text)"
  }

  @Test(
    arguments: [
      // Short decimals: the nearest 15-digit decimal, less its zeros (5.95 is 595 × 10^-2).
      (5.95, 595, -2), (0.1, 1, -1), (0.001, 1, -3), (-122.030237, 122_030_237, -6), (0.0125, 125, -4),
      // 1/3 and 2/3 need 16 digits (0.3333333333333333, 0.6666666666666666: 17 would be past the nearest).
      (1.0 / 3, 3_333_333_333_333_333, -16), (2.0 / 3, 6_666_666_666_666_666, -16),
      // 0.1 + 0.2 is the Double after 0.3's: 0.30000000000000004, 17 digits.
      (0.1 + 0.2, 30_000_000_000_000_004, -17),
      // An NMEA latitude, 3725.590397 minutes: 37 + 25.590397 / 60 = 37.426506616666664 (17 digits).
      (37 + 25.590397 / 60, 37_426_506_616_666_664, -15),
      // Whole numbers are digits × 10^k.
      (1200.0, 12, 2),
    ] as [(Double, UInt64, Int)])
  func findsTheShortestDigits(value: Double, digits: UInt64, exponent: Int) throws {
    let found = try #require(ShortestDecimal.of(value))
    #expect(found.digits == digits && found.exponent == exponent)
  }

  @Test(arguments: [0.5, 0.25, 2.0, 0.0009, 1e15, 1e300, 0, -0.0, .nan, .infinity, .leastNonzeroMagnitude])
  func leavesOtherValuesToDescription(value: Double) {
    // Powers of two (their interval is lopsided), below 0.001, from 10^15, zero, NaN, infinities, subnormals.
    #expect(ShortestDecimal.of(value) == nil)
    #expect(Self.mismatches(value).isEmpty)
  }

  @Test(
    arguments: [
      (Float(1.19), 119, -2), (Float(0.1), 1, -1), (Float(0.67), 67, -2), (Float(1) / 3, 33_333_334, -8),
    ] as [(Float, UInt64, Int)])
  func findsAFloatsShortestDigits(value: Float, digits: UInt64, exponent: Int) throws {
    // Float(1) / 3 prints 0.33333334 (8 digits); the DOPs print as written.
    let found = try #require(ShortestDecimal.of(value))
    #expect(found.digits == digits && found.exponent == exponent)
  }

  @Test func writesDecimalNotationAsDescriptionDoes() {
    // Worked by hand from description: whole digits, the point, the rest; "0." and zeros below 1.
    #expect(Self.written(123_456.789) == "123456.789")
    #expect(Self.written(0.0125) == "0.0125")
    #expect(Self.written(-0.001) == "-0.001")
    #expect(Self.written(0.000_01) == "1e-05")  // description's exponent form, through the old path
    #expect(Self.written(-0.5) == "-0.5")  // a power of two, through the old path
    #expect(Self.written(37 + 25.590397 / 60) == "37.426506616666664")
  }

  @Test func decimalPartsKeepTheTextsDigits() throws {
    // description writes 5.0 (50 × 10^-1), 0.0125 ("0.0125": 125 × 10^-4) and 1e-05 (1 × 10^-5).
    for (value, digits, exponent) in [(5.0, 50, -1), (0.0125, 125, -4), (-12.5, -125, -1), (1e-5, 1, -5)]
      as [(
        Double, Int64, Int
      )]
    {
      let parts = try #require(DecimalProduct.parts(value))
      #expect(parts.digits == digits && parts.exponent == exponent, "\(value)")
    }
  }

  @Test func randomValuesMatchDescription() {
    var random = SplitMix64(seed: 28)
    var mismatches: [String] = []
    for _ in 0..<100_000 {
      // Any bits between 2^-12 and 2^52; short decimals; NMEA-style degrees + minutes / 60.
      let exponent = Int(random.next() % 65) - 12
      let bits = Double(
        sign: random.next() & 1 == 0 ? .plus : .minus, exponent: exponent, significand: 1 + random.nextUnit())
      let short =
        Double(random.next() % 1_000_000_000) / [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e9][Int(random.next() % 8)]
      let nmea = Double(random.next() % 180) + Double(random.next() % 60_000_000) / 1_000_000 / 60
      for value in [bits, short, -nmea] { mismatches += Self.mismatches(value) }
      let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
      let dop = Float(Double(random.next() % 10_000) / 100)
      for value in [float, dop] { if let mismatch = Self.floatMismatch(value) { mismatches.append(mismatch) } }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusWireValueMatchesDescription() throws {
    var mismatches: [String] = []
    var values = 0
    for folder in ["csv", "nmea", "gpx"] {
      for file in Corpus.files(in: folder) {
        guard let track = try? TrackReader.load(path: Corpus.path(file)) else { continue }
        for fix in track.fixes {
          let wire = [
            fix.latitude, fix.longitude, fix.storedAltitude, fix.storedSpeed, fix.storedCourse,
            fix.storedHorizontalAccuracy, fix.storedVerticalAccuracy, fix.storedSpeedAccuracy,
          ]
          for value in wire where !value.isNaN {
            values += 1
            mismatches += Self.mismatches(value)
          }
          for dop in [fix.storedHDOP, fix.storedVDOP, fix.storedPDOP, fix.storedGeoidSeparation] {
            if let mismatch = Self.floatMismatch(dop) { mismatches.append(mismatch) }
          }
        }
      }
    }
    #expect(values > 10_000)  // the corpus has tens of thousands of fixes: the loop must have read them
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
