#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads decimal numbers from the bytes of a CSV field without building a `String`.
///
/// `double` is correctly rounded: decimal digits are gathered in a `UInt64`, and when
/// they make at most 2^53 and the power of ten is at most 22, the result is one
/// IEEE multiplication or division of two exactly representable doubles (Clinger's fast
/// path), hence a single rounding. Anything longer or larger (rare in GNSS logs: a
/// coordinate with 17 significant digits, `1e300`) falls back to C's `strtod`, which
/// is correctly rounded too.
enum CSVNumberParser {
  /// The powers of ten that a `Double` holds exactly.
  @usableFromInline static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The value of `[+-]digits[.digits][e[+-]digits]`, or `nil` when the bytes are not
  /// such a number or the value is not finite.
  ///
  /// With `decimalComma`, a `,` may stand for the decimal point (semicolon- and
  /// tab-separated files from European locales).
  @inlinable
  static func double(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
    let n = text.count
    var i = 0
    var negative = false
    if i < n, text[i] == 0x2D || text[i] == 0x2B {
      negative = text[i] == 0x2D
      i += 1
    }
    // Every digit goes into `mantissa`; more than 19 of them could overflow it, and such
    // numbers take the slow path.
    var mantissa: UInt64 = 0
    let integerStart = i
    while i < n {
      let d = text[i] &- 48
      guard d < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(d)
      i += 1
    }
    var digitCount = i - integerStart
    var exponent = 0
    if i < n, text[i] == 0x2E || (decimalComma && text[i] == 0x2C) {
      i += 1
      let fractionStart = i
      while i < n {
        let d = text[i] &- 48
        guard d < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(d)
        i += 1
      }
      exponent = fractionStart - i
      digitCount -= exponent
    }
    guard digitCount > 0 else { return nil }
    if i < n, text[i] | 0x20 == 0x65 {  // e or E
      i += 1
      var exponentNegative = false
      if i < n, text[i] == 0x2D || text[i] == 0x2B {
        exponentNegative = text[i] == 0x2D
        i += 1
      }
      var written = 0
      let exponentStart = i
      while i < n {
        let d = text[i] &- 48
        guard d < 10 else { break }
        if written < 100_000 { written = written * 10 + Int(d) }
        i += 1
      }
      guard i > exponentStart else { return nil }
      exponent += exponentNegative ? -written : written
    }
    guard i == n else { return nil }
    if digitCount <= 19 {
      if mantissa == 0 { return negative ? -0.0 : 0.0 }
      if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
        let value = Double(mantissa)
        let scaled = exponent < 0 ? value / powerOfTen(-exponent) : value * powerOfTen(exponent)
        return negative ? -scaled : scaled
      }
    }
    return slowDouble(text, decimalComma: decimalComma)
  }

  /// 10^`k` for `k` in 0...22, exactly.
  @inlinable @inline(__always)
  static func powerOfTen(_ k: Int) -> Double {
    exactPowersOfTen.withUnsafeBufferPointer { $0[k] }
  }

  /// Converts with `strtod` (C locale) for inputs outside the fast path.
  @usableFromInline
  static func slowDouble(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
      for k in 0..<text.count {
        let byte = text[k]
        buffer[k] = CChar(bitPattern: decimalComma && byte == 0x2C ? 0x2E : byte)
      }
      buffer[text.count] = 0
      var end: UnsafeMutablePointer<CChar>? = nil
      let value = strtod(buffer.baseAddress!, &end)
      guard let end, end - buffer.baseAddress! == text.count, value.isFinite else { return nil }
      return value
    }
  }

  /// The integer that the field starts with (`12` in `12(15)` or `12/15`), or `nil`
  /// when it does not start with a digit.
  @inlinable
  static func leadingInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
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
  static func fixedPoint(_ text: UnsafeBufferPointer<UInt8>, scale: Int) -> Int64? {
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
