/// Reads decimal numbers from bytes without allocating, correctly rounded.
///
/// Accepts an optional sign, digits with an optional `.`, and an optional
/// exponent (`12`, `-0.5`, `.5`, `5.`, `+1e3`); XML whitespace around the number
/// is ignored. Rejects everything else (`1,5`, `NaN`, `inf`, `0x10`, empty text).
/// Values of at most 15 significant digits, the usual case, are converted exactly
/// (Clinger's fast path: an exact integer divided or multiplied by an exact power
/// of ten); longer ones go through the standard library's correctly rounded parser.
enum DecimalText {
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The finite value of `text`, or `nil` when it is not a decimal number.
  @inline(__always)
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var start = 0
    var end = text.count
    while start < end, isSpace(text[start]) { start += 1 }
    while end > start, isSpace(text[end - 1]) { end -= 1 }
    guard start < end else { return nil }
    var i = start
    var negative = false
    if text[i] == 45 || text[i] == 43 {  // - +
      negative = text[i] == 45
      i += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits held in mantissa
    var dropped = false  // non-zero digits that did not fit
    var exponent = 0
    var sawDigit = false
    while i < end, text[i] &- 48 < 10 {
      sawDigit = true
      accumulate(text[i] &- 48, into: &mantissa, digits: &digits, dropped: &dropped, exponent: &exponent)
      i += 1
    }
    if i < end, text[i] == 46 {  // .
      i += 1
      while i < end, text[i] &- 48 < 10 {
        sawDigit = true
        accumulate(text[i] &- 48, into: &mantissa, digits: &digits, dropped: &dropped, exponent: &exponent)
        exponent -= 1
        i += 1
      }
    }
    guard sawDigit else { return nil }
    if i < end, text[i] == 101 || text[i] == 69 {  // e E
      i += 1
      var negativeExponent = false
      if i < end, text[i] == 45 || text[i] == 43 {
        negativeExponent = text[i] == 45
        i += 1
      }
      var value = 0
      var any = false
      while i < end, text[i] &- 48 < 10 {
        value = min(value * 10 + Int(text[i] &- 48), 100_000)
        any = true
        i += 1
      }
      guard any else { return nil }
      exponent += negativeExponent ? -value : value
    }
    guard i == end else { return nil }
    if !dropped, mantissa <= 1 << 53, (-22...22).contains(exponent) {
      var value = Double(mantissa)
      if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
      return negative ? -value : value
    }
    // Rare: too many digits for the exact path. The syntax is checked above, so
    // the standard parser sees only plain decimals (never `nan`, `inf` or hex).
    let slow = Double(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
    guard let slow, slow.isFinite else { return nil }
    return slow
  }

  @inline(__always)
  private static func accumulate(
    _ digit: UInt8, into mantissa: inout UInt64, digits: inout Int, dropped: inout Bool, exponent: inout Int
  ) {
    if digits < 19 {
      mantissa = mantissa &* 10 &+ UInt64(digit)
      if mantissa > 0 { digits += 1 }
    } else {
      exponent += 1
      if digit != 0 { dropped = true }
    }
  }

  /// XML whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 }
}
