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
  /// 10^k for 0 ≤ k ≤ 19, the powers of ten a `UInt64` holds: a load from a table (a
  /// `switch` compiled to an indirect jump each, most of them mispredicted).
  @usableFromInline @inline(__always)
  static func powerOfTen(_ k: Int) -> UInt64 {
    shortestDecimalPowersOfTen.withUnsafeBufferPointer { $0[k] }
  }

  /// `|value|` as `digits × 10^exponent`, `digits` without trailing zeros, or `nil` outside
  /// the covered values.
  @inlinable
  package static func of(_ value: Double) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 1e15, magnitude.significandBitPattern != 0 else { return nil }
    let significand = magnitude.significandBitPattern | (1 << 52)
    return search(
      significand, binaryExponent: Int(magnitude.exponentBitPattern) - 1075, shortestPrecision: 15, longestPrecision: 17
    )
  }

  /// The same for a `Float` (the digits `Float.description` prints), magnitudes in
  /// [0.001, 2^24).
  @inlinable
  package static func of(_ value: Float) -> (digits: UInt64, exponent: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 0.001, magnitude < 16_777_216, magnitude.significandBitPattern != 0 else { return nil }
    let significand = UInt64(magnitude.significandBitPattern | (1 << 23))
    return search(
      significand, binaryExponent: Int(magnitude.exponentBitPattern) - 150, shortestPrecision: 6, longestPrecision: 9)
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
  ///
  /// The decimal exponent is settled once, at the shortest precision: once the integer part
  /// has `shortestPrecision` digits there, it has one more at each scale up, so the longer
  /// precisions need neither the check nor a correction (the 17-digit values of NMEA angles
  /// try three precisions: checks and corrections at each were most of the mispredicted
  /// branches of the search).
  @inlinable
  static func search(
    _ significand: UInt64, binaryExponent: Int, shortestPrecision: Int, longestPrecision: Int
  ) -> (digits: UInt64, exponent: Int)? {
    let shift = -binaryExponent
    guard shift >= 1, shift <= 63 else { return nil }
    // floor(log10(value)), or one less: log10(2) ≈ 78913 / 2^18 on the top bit's exponent.
    let topBit = 63 - significand.leadingZeroBitCount - shift
    var scale = shortestPrecision - 1 - (topBit * 78913) >> 18
    guard scale >= 0, scale <= 19 else { return nil }
    var (exact, whole) = scaled(significand, scale: scale, shift: shift)
    let lowest = powerOfTen(shortestPrecision - 1)
    let highest = powerOfTen(shortestPrecision)
    // One decade off: the next scale must put the digits in range, or the value is not covered.
    if whole >= highest {
      scale -= 1
      guard scale >= 0 else { return nil }
      (exact, whole) = scaled(significand, scale: scale, shift: shift)
      guard whole < highest, whole >= lowest else { return nil }
    } else if whole < lowest {
      scale += 1
      guard scale <= 19 else { return nil }
      (exact, whole) = scaled(significand, scale: scale, shift: shift)
      guard whole < highest, whole >= lowest else { return nil }
    }
    let mask: UInt64 = (1 &<< shift) - 1
    let half: UInt64 = 1 &<< (shift - 1)
    var precision = shortestPrecision
    while true {
      let power = powerOfTen(scale)
      let remainder = exact.low & mask
      if remainder == half { return nil }
      let roundsUp = remainder > half
      let twice = (roundsUp ? (1 &<< shift) - remainder : remainder) << 1
      if twice == power { return nil }
      if twice < power { return strippingZeros(roundsUp ? whole + 1 : whole, exponent: -scale) }
      precision += 1
      guard precision <= longestPrecision, scale < 19 else { return nil }
      scale += 1
      // In range at the shorter precision, so in range here: the integer part fits.
      exact = significand.multipliedFullWidth(by: powerOfTen(scale))
      whole = (exact.high &<< (64 - shift)) | (exact.low &>> shift)
    }
  }

  /// `significand × 10^scale` in 128 bits, and its integer part after `shift` (1 to 63)
  /// fraction bits (`UInt64.max` when that does not fit: a scale one too high).
  @inlinable @inline(__always)
  static func scaled(
    _ significand: UInt64, scale: Int, shift: Int
  ) -> (exact: (high: UInt64, low: UInt64), whole: UInt64) {
    let exact = significand.multipliedFullWidth(by: powerOfTen(scale))
    let whole = exact.high &>> shift == 0 ? (exact.high &<< (64 - shift)) | (exact.low &>> shift) : .max
    return (exact, whole)
  }

  /// `digits × 10^exponent` (`digits` > 0) without trailing zeros in `digits`: eight, four,
  /// two and one at a step rather than one (the 15-digit rounding of `51.5074` ends in 9 zeros).
  @inlinable @inline(__always)
  static func strippingZeros(_ digits: UInt64, exponent: Int) -> (digits: UInt64, exponent: Int) {
    var digits = digits
    var exponent = exponent
    while digits % 100_000_000 == 0 {
      digits /= 100_000_000
      exponent += 8
    }
    if digits % 10_000 == 0 {
      digits /= 10_000
      exponent += 4
    }
    if digits % 100 == 0 {
      digits /= 100
      exponent += 2
    }
    if digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    return (digits, exponent)
  }
}

/// 10^0 … 10^19 for `ShortestDecimal.powerOfTen` (a global of literals: static data).
@usableFromInline let shortestDecimalPowersOfTen: [UInt64] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
  100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
  10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
