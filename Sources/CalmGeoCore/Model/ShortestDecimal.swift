/// The digits `description` prints for a `Double` or a `Float` (the shortest decimal that reads
/// back as the same value, the closest to it when several are as short), found with integer
/// arithmetic instead of through a `String`: wire values and decimal products need millions.
///
/// Covers the values logs hold, positive or negative magnitudes in [0.001, 10^15) that are not
/// powers of two; everything else (and the rare cases named below) answers `nil`, and callers
/// take `description`.
///
/// Why the nearest decimal is the answer: with `p` significant digits, the decimals that read
/// back as `v` are those inside `v`'s rounding interval, which (away from powers of two) is
/// symmetric about `v`, so some `p`-digit decimal is inside it exactly when the nearest one
/// is. Trying p = 15, 16, 17 (6 to 9 for a `Float`) in turn, the first nearest decimal inside
/// the interval is the answer: at 15 (6 for a `Float`) no two decimals of that length read as
/// the same value (`DBL_DIG`, `FLT_DIG`), so the one found, less its trailing zeros, is the
/// only and therefore the shortest; at 16 and 17 (7 to 9) it is the closest among the
/// shortest. Both the rounding to `p` digits and the interval test are exact (128-bit
/// integers); a decimal exactly halfway between two candidates, or on the interval's edge,
/// answers `nil` rather than decide a tie.
package enum ShortestDecimal {
  /// 10^k for 0 ≤ k ≤ 19, the powers of ten a `UInt64` holds.
  @usableFromInline @inline(__always)
  static func powerOfTen(_ k: Int) -> UInt64 {
    switch k {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// `|value|` as `digits × 10^exponent`, `digits` without trailing zeros, or `nil` outside
  /// the covered values.
  @inlinable
  package static func of(_ value: Double) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 1e15, magnitude.significandBitPattern != 0 else { return nil }
    let significand = magnitude.significandBitPattern | (1 << 52)
    return search(
      significand, binaryExponent: Int(magnitude.exponent) - 52, shortestPrecision: 15, longestPrecision: 17)
  }

  /// The same for a `Float` (the digits `Float.description` prints), magnitudes in
  /// [0.001, 2^24).
  @inlinable
  package static func of(_ value: Float) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 16_777_216, magnitude.significandBitPattern != 0 else { return nil }
    let significand = UInt64(magnitude.significandBitPattern | (1 << 23))
    return search(significand, binaryExponent: Int(magnitude.exponent) - 23, shortestPrecision: 6, longestPrecision: 9)
  }

  /// The shortest decimal inside the rounding interval of `significand × 2^binaryExponent`
  /// (a normal value, not a power of two, below 2^60, with 1 ≤ −`binaryExponent` ≤ 63),
  /// trying each precision.
  ///
  /// With `scale` = the precision − 1 − the decimal exponent, `value × 10^scale` is
  /// `exact / 2^shift`, `exact` = significand × 10^scale in 128 bits; its integer part, the
  /// remainder and the distance to the nearest integer all fit in 64 bits, and that nearest
  /// integer is inside the interval when twice the distance is below 10^scale (half a unit
  /// in the last place, `2^(shift−1)` in these units, times 10^scale / 2^shift).
  @inlinable
  static func search(
    _ significand: UInt64, binaryExponent: Int, shortestPrecision: Int, longestPrecision: Int
  ) -> (digits: UInt64, exponent: Int)? {
    let shift = -binaryExponent
    guard shift >= 1, shift <= 63 else { return nil }
    // floor(log10(value)), or one less: log10(2) ≈ 78913 / 2^18 on the top bit's exponent.
    let topBit = 63 - significand.leadingZeroBitCount - shift
    var decimalExponent = (topBit * 78913) >> 18
    var precision = shortestPrecision
    var corrections = 0
    while precision <= longestPrecision {
      let scale = precision - 1 - decimalExponent
      guard scale >= 0, scale <= 19 else { return nil }
      let power = powerOfTen(scale)
      let exact = significand.multipliedFullWidth(by: power)
      // exact >> shift, when it fits in 64 bits (it does unless the exponent guess is low).
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
