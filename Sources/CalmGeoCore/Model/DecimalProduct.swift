/// The product of two numbers as decimals: each `Double` read as its shortest decimal text
/// (the number a log or a configuration wrote), multiplied exactly, rounded once to the
/// nearest `Double`. `of(1.19, 5)` is 5.95, where `1.19 * 5` is 5.949999999999999.
///
/// Exact whenever both texts have few enough digits that the product of their digits fits
/// in 53 bits and the power of ten in 10^±22 (then one IEEE multiplication or division of
/// exact operands rounds the exact product); otherwise the binary product.
public enum DecimalProduct {
  /// 10^0 … 10^22: exactly representable as `Double`s.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// 10^`exponent` for 0 ≤ `exponent` ≤ 22, exact.
  @inline(__always)
  static func exactPowerOfTen(_ exponent: Int) -> Double { powersOfTen[exponent] }

  /// `a × b` in decimal, as the nearest `Double`.
  public static func of(_ a: Double, _ b: Double) -> Double {
    guard a.isFinite, b.isFinite, let x = parts(a), let y = parts(b) else { return a * b }
    let (product, overflow) = x.digits.multipliedReportingOverflow(by: y.digits)
    guard !overflow, product.magnitude < 1 << 53 else { return a * b }
    var digits = product
    var exponent = x.exponent + y.exponent
    while exponent < 0 && digits != 0 && digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    guard abs(exponent) <= 22 else { return a * b }
    return exponent >= 0 ? Double(digits) * powersOfTen[exponent] : Double(digits) / powersOfTen[-exponent]
  }

  /// A number's shortest text (`1.19`, `5.0`, `1e-05`) as digits × 10^exponent.
  package static func parts(_ value: Double) -> (digits: Int64, exponent: Int)? {
    if let parts = fastParts(value) { return parts }
    return textParts(value)
  }

  /// `parts` without the text, for the values `description` writes in decimal notation:
  /// a whole number below 10^15 as its digits and one `0` (`5.0` is 50 × 10^-1), others as
  /// `ShortestDecimal` finds them; the leading `0` and zeros of `0.0125` count towards the 17
  /// digits as they do in the text. `nil` where `textParts` decides.
  @inline(__always)
  package static func fastParts(_ value: Double) -> (digits: Int64, exponent: Int)? {
    let magnitude = value.magnitude
    var digits: Int64
    var exponent: Int
    if magnitude < 1e15, magnitude >= 1, magnitude == magnitude.rounded(.towardZero) {
      digits = Int64(magnitude) * 10
      exponent = -1
      guard digits < 100_000_000_000_000_000 else { return nil }
    } else if let shortest = ShortestDecimal.of(magnitude), shortest.exponent < 0 {
      var count = 1
      var rest = shortest.digits
      while rest >= 10 {
        rest /= 10
        count += 1
      }
      // Digits written: all of them when some are whole, else "0", the zeros after the point, the digits.
      let written = count + shortest.exponent > 0 ? count : 1 - shortest.exponent
      guard written <= 17 else { return nil }
      digits = Int64(shortest.digits)
      exponent = shortest.exponent
    } else {
      return nil
    }
    return (value < 0 ? -digits : digits, exponent)
  }

  /// `parts` read from `description`.
  package static func textParts(_ value: Double) -> (digits: Int64, exponent: Int)? {
    var digits: Int64 = 0
    var exponent = 0
    var count = 0
    var afterPoint = false
    let text = value.description.utf8
    var index = text.startIndex
    var negative = false
    if text[index] == UInt8(ascii: "-") {
      negative = true
      index = text.index(after: index)
    }
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
      index = text.index(after: index)
      if byte == UInt8(ascii: ".") {
        afterPoint = true
        continue
      }
      guard byte >= 48 && byte <= 57, count < 17 else { return nil }
      digits = digits * 10 + Int64(byte - 48)
      count += 1
      if afterPoint { exponent -= 1 }
    }
    if index < text.endIndex {
      guard let power = Int(String(decoding: text[text.index(after: index)...], as: UTF8.self)) else { return nil }
      exponent += power
    }
    return (negative ? -digits : digits, exponent)
  }
}
