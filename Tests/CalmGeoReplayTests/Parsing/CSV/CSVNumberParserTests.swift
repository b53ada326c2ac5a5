import Testing

@testable import CalmGeoReplay

struct CSVNumberParserTests {
  private func double(_ text: String, decimalComma: Bool = false) -> Double? {
    var copy = text
    return copy.withUTF8 { CSVNumberParser.double($0, decimalComma: decimalComma) }
  }

  @Test(arguments: [
    ("0", 0.0 as Double?),
    ("60.385390", 60.385390),
    ("-122.0941320350", -122.0941320350),
    ("+5.5", 5.5),
    ("007", 7),
    (".5", 0.5),
    ("5.", 5),
    ("7.76122581087713E-06", 7.76122581087713e-06),
    ("1e3", 1000),
    ("1E+3", 1000),
    ("2.5e-3", 0.0025),
    ("0.000000000000000000000000001", 1e-27),  // 28 digits: the standard library's parser
    ("12345678901234567890123", 12345678901234567890123.0),  // 23 digits: likewise
    ("0.12345678901234567", 0.12345678901234567),  // 17 significant digits, > 2^53: exact quotient
    ("", nil), ("-", nil), (".", nil), ("e5", nil), ("1e", nil), ("1e+", nil), ("1.2.3", nil),
    // White space around a number is ignored (the shared DecimalText reader); inside, it is not.
    ("12 ", 12), (" 12", 12), ("1 2", nil),
    ("abc", nil), ("1,5", nil), ("nan", nil), ("inf", nil), ("1e400", nil),
    ("0x10", nil), ("49.0733336N", nil), ("035.206901E", nil),
  ])
  func parsesDecimalText(text: String, expected: Double?) {
    let parsed = double(text)
    #expect(parsed == expected)
    if let parsed, let expected { #expect(parsed.bitPattern == expected.bitPattern) }
  }

  @Test func negativeZeroKeepsItsSign() {
    #expect(double("-0.0")?.sign == .minus)
  }

  @Test func decimalCommaOnlyWhenAsked() {
    #expect(double("52,5", decimalComma: true) == 52.5)
    #expect(double("52,5", decimalComma: false) == nil)
    // The slow path honours it too (20 digits).
    #expect(double("0,12345678901234567890", decimalComma: true) == 0.12345678901234567890)
  }

  /// A random decimal like the ones in logs, and some that are not: 1–20 digits with the
  /// point anywhere, leading zeros, a sign, and sometimes an exponent.
  private static func randomDecimal(_ rng: inout SplitMix64) -> String {
    var text = ""
    switch rng.below(4) {
    case 0: text = "-"
    case 1: text = rng.below(4) == 0 ? "+" : ""
    default: break
    }
    let digits = 1 + rng.below(20)
    let point = rng.below(digits + 1)
    for k in 0..<digits {
      if k == point && k > 0 { text += "." }
      text += String(rng.below(10))
    }
    if rng.below(5) == 0 {
      text += rng.below(2) == 0 ? "e" : "E"
      text += ["", "-", "+"][rng.below(3)] + String(rng.below(40))
    }
    return text
  }

  /// Property: for every input that `Double(String)` (the standard library, correctly
  /// rounded) reads as a finite number, the hand-written parser gives the same bits.
  @Test func agreesWithStandardLibraryOnRandomDecimals() {
    var rng = SplitMix64(seed: 20_240_501)
    var compared = 0
    var fastPath = 0
    for _ in 0..<200_000 {
      let text = Self.randomDecimal(&rng)
      guard let reference = Double(text), reference.isFinite else { continue }
      compared += 1
      let parsed = double(text)
      if parsed?.bitPattern != reference.bitPattern {
        Issue.record("'\(text)': parsed \(String(describing: parsed)), Double(String) gives \(reference)")
        return
      }
      if text.filter(\.isNumber).count <= 15 { fastPath += 1 }
    }
    #expect(compared > 150_000)
    #expect(fastPath > 50_000)
  }

  /// Property: coordinates as loggers print them (up to 17 significant digits) round-trip
  /// through their shortest representation.
  @Test func readsBackShortestRepresentations() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<50_000 {
      let value = (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 360
      let text = "\(value)"
      #expect(double(text)?.bitPattern == value.bitPattern, "\(text)")
    }
  }

  @Test(arguments: [
    ("7", 7 as Int?), ("12(15)", 12), ("8/12", 8), ("0", 0), ("", nil), ("x7", nil), ("-3", nil),
  ])
  func readsLeadingInteger(text: String, expected: Int?) {
    var copy = text
    #expect(copy.withUTF8 { CSVNumberParser.leadingInteger($0) } == expected)
  }

  @Test(arguments: [
    // 126641.499999971 s → 126641499.999971 ms → rounds to 126641500.
    ("126641.499999971", 3, 126_641_500 as Int64?),
    ("126641.4994", 3, 126_641_499),
    ("126641.4995", 3, 126_641_500),
    ("-1.0005", 3, -1_001),
    ("1273529463442", 0, 1_273_529_463_442),
    ("1900", 0, 1_900),
    ("1.5", 0, 2),
    (".25", 3, 250),
    ("", 3, nil), (".", 3, nil), ("1e3", 3, nil), ("12a", 0, nil),
    ("1234567890123456789", 0, nil),  // 19 digits: more than the 18 allowed
  ])
  func readsFixedPoint(text: String, scale: Int, expected: Int64?) {
    var copy = text
    #expect(copy.withUTF8 { CSVNumberParser.fixedPoint($0, scale: scale) } == expected)
  }
}
