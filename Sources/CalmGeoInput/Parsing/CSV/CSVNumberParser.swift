/// Reads numbers from the bytes of a CSV field without building a `String`.
///
/// Decimals go through `DecimalText`, the reader GPX uses too (correctly rounded, with
/// a decimal comma for European exports); this adds the CSV-only shapes.
package enum CSVNumberParser {
  /// The value of `[+-]digits[.digits][e[+-]digits]`, or `nil` when the bytes are not
  /// such a number or the value is not finite. With `decimalComma`, a `,` may stand for
  /// the decimal point (semicolon- and tab-separated files from European locales).
  @inline(__always)
  package static func double(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
    // Digit by digit: in CSV's tight loop the predictor is warm, and this beats the
    // word-at-a-time path (see `DecimalText.parse`).
    DecimalText.parseDigitByDigit(text, decimalComma: decimalComma)
  }

  /// The integer that the field starts with (`12` in `12(15)` or `12/15`), or `nil`
  /// when it does not start with a digit.
  @inlinable
  package static func leadingInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var value = 0
    var i = 0
    while i < text.count, i < 18 {
      let d = text[i] &- 48
      guard d < 10 else { break }
      value = value * 10 + Int(d)
      i += 1
    }
    return i == 0 ? nil : value
  }

  /// `[+-]digits[.digits]` scaled by 10^`scale` and rounded half away from zero, exactly
  /// (no floating point): `126641.4999999` with scale 3 is 126641500.
  ///
  /// Returns `nil` for anything else, or when the integer part has more than 18 digits.
  @inlinable
  package static func fixedPoint(_ text: UnsafeBufferPointer<UInt8>, scale: Int) -> Int64? {
    let n = text.count
    var i = 0
    var negative = false
    if i < n, text[i] == 0x2D || text[i] == 0x2B {
      negative = text[i] == 0x2D
      i += 1
    }
    var whole: Int64 = 0
    var wholeDigits = 0
    while i < n {
      let d = text[i] &- 48
      guard d < 10 else { break }
      guard wholeDigits < 18 else { return nil }
      whole = whole * 10 + Int64(d)
      wholeDigits += 1
      i += 1
    }
    var fraction: Int64 = 0
    var fractionDigits = 0
    var roundUp = false
    if i < n, text[i] == 0x2E {
      i += 1
      while i < n {
        let d = text[i] &- 48
        guard d < 10 else { break }
        if fractionDigits < scale {
          fraction = fraction * 10 + Int64(d)
        } else if fractionDigits == scale {
          roundUp = d >= 5
        }
        fractionDigits += 1
        i += 1
      }
    }
    guard i == n, wholeDigits + fractionDigits > 0, wholeDigits + scale <= 18 else { return nil }
    var scaled = whole
    for _ in 0..<scale { scaled *= 10 }
    var fractionScaled = fraction
    for _ in min(fractionDigits, scale)..<scale { fractionScaled *= 10 }
    scaled += fractionScaled + (roundUp ? 1 : 0)
    return negative ? -scaled : scaled
  }
}
