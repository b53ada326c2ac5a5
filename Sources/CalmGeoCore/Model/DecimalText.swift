/// Reads decimal numbers from bytes without allocating, correctly rounded.
///
/// The one decimal reader for GPX and CSV fields. Accepts an optional sign, digits
/// with an optional `.` (or `,` when `decimalComma`, for European CSV exports), and an
/// optional exponent (`12`, `-0.5`, `.5`, `5.`, `+1e3`); whitespace around the number
/// is ignored. Rejects everything else (`1,5` by default, `NaN`, `inf`, `0x10`, empty text).
/// Values of at most 15 significant digits, the usual case, are converted exactly
/// (Clinger's fast path: an exact integer divided or multiplied by an exact power
/// of ten); decimal fractions of up to 19 digits are rounded by an exact integer
/// comparison (`roundedQuotient`); the rest go through the standard library's
/// correctly rounded parser.
package enum DecimalText {
  /// 10^k for 0 ≤ k ≤ 22, the powers of ten that a `Double` holds exactly.
  @inline(__always)
  private static func exactPowerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// The finite value of `text`, or `nil` when it is not a decimal number.
  ///
  /// A plain decimal of 8 to 17 bytes is read a few words at a time (`parsePlain`),
  /// with no branch per digit; everything else digit by digit (`parseDigitByDigit`).
  @inline(__always)
  package static func parse(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
    guard let base = text.baseAddress else { return nil }
    if text.count >= 8, text.count <= 18, let value = parsePlain(base, text.count) { return value }
    return parseAny(text, decimalComma: decimalComma)
  }

  /// The value of `text` when it is a plain decimal of 8 to 17 bytes after an optional
  /// sign: 1 to 7 digits, a `.`, then 1 to 14 digits, 15 digits at most in all, nothing
  /// else (no whitespace, no exponent). `nil` when it is not of that shape, which says
  /// nothing about whether it is a number: `parseDigitByDigit` decides.
  ///
  /// Coordinates and elevations (`48.2805591`, `-122.030237`, `258.7319336`) are of this
  /// shape. The point is found in the first word; the integer digits are moved to the
  /// top of that word, the last fraction digits are read as the word that ends the
  /// text, and the first ones (past 8) as the word that follows the point, each padded
  /// with "0"s, checked and combined at once. Every load stays inside the text, and no
  /// shift crosses a 64-bit word.
  @inline(__always)
  package static func parsePlain(_ base: UnsafePointer<UInt8>, _ count: Int) -> Double? {
    let first = base[0]
    let signed = first == 45 || first == 43  // - +
    let start = signed ? 1 : 0
    let length = count &- start
    guard length >= 8, length <= 17 else { return nil }
    let bytes = UnsafeRawPointer(base + start)
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let head = bytes.loadUnaligned(as: UInt64.self).littleEndian
    // The first `.`: the lowest zero byte of `head ^ "........"`.
    let points = head ^ 0x2E2E_2E2E_2E2E_2E2E
    let pointBits = (points &- 0x0101_0101_0101_0101) & ~points & 0x8080_8080_8080_8080
    let point = pointBits.trailingZeroBitCount &>> 3  // 8 when there is none
    let fractionDigits = length &- point &- 1
    guard point >= 1, point <= 7, fractionDigits >= 1, point &+ fractionDigits <= 15 else { return nil }
    // The integer digits at the top of a word, "0"s below them.
    let integerWord = (head &<< (8 &* (8 &- point))) | (zeros &>> (8 &* point))
    // The last fraction digits, from the word that ends the text.
    let tail = bytes.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self).littleEndian
    let lastDigits = min(fractionDigits, 8)
    let kept = UInt64.max &<< (8 &* (8 &- lastDigits))
    let lastWord = (tail & kept) | (zeros & ~kept)
    // The first fraction digits past the last 8 (none when there are 8 or fewer): the
    // bytes right after the point, "0"s when there are none. (With none, the word
    // loaded is not used, and is loaded from where it stays inside the text.)
    let firstDigits = fractionDigits &- lastDigits  // 0...6
    let afterPoint = bytes.loadUnaligned(fromByteOffset: min(point &+ 1, length &- 8), as: UInt64.self).littleEndian
    let firstWord =
      firstDigits == 0 ? zeros : (afterPoint &<< (8 &* (8 &- firstDigits))) | (zeros &>> (8 &* firstDigits))
    guard DigitWord.isAllDigits(integerWord), DigitWord.isAllDigits(lastWord), DigitWord.isAllDigits(firstWord)
    else { return nil }
    let fraction = eightDigitsValue(firstWord) &* 100_000_000 &+ eightDigitsValue(lastWord)
    let scale = exactPowerOfTen(fractionDigits)
    let mantissa = eightDigitsValue(integerWord) &* UInt64(Int64(scale)) &+ fraction
    // Exact: mantissa < 10^15 < 2^53 and 10^fractionDigits is a Double (Clinger's fast path).
    let value = Double(Int64(bitPattern: mantissa)) / scale
    return first == 45 ? -value : value
  }

  /// `parseDigitByDigit`, out of line: inlined in `parse`, the rare general case made the
  /// common one slower.
  @inline(never)
  static func parseAny(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool) -> Double? {
    parseDigitByDigit(text, decimalComma: decimalComma)
  }

  /// The same numbers as `parse`, read digit by digit (eight or four at a step where it
  /// can). For tight loops such as CSV's, where the branch predictor is warm: there this
  /// is faster than `parsePlain` (CSV parse took 16 % longer through `parse`).
  @inline(__always)
  package static func parseDigitByDigit(_ text: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
    guard let base = text.baseAddress else { return nil }
    var start = 0
    var end = text.count
    while start < end, isSpace(base[start]) { start += 1 }
    while end > start, isSpace(base[end - 1]) { end -= 1 }
    guard start < end else { return nil }
    var i = start
    let negative = base[i] == 45  // -
    if negative || base[i] == 43 { i += 1 }  // +
    // Up to 19 digits fit in a UInt64; longer numbers take the slow path below.
    var mantissa: UInt64 = 0
    let integerStart = i
    accumulateDigits(base, &i, end, into: &mantissa)
    var digits = i - integerStart
    var exponent = 0
    if i < end, base[i] == 46 || (decimalComma && base[i] == 44) {  // . (or ,)
      i += 1
      let fractionStart = i
      accumulateDigits(base, &i, end, into: &mantissa)
      exponent = fractionStart - i
      digits += i - fractionStart
    }
    guard digits > 0 else { return nil }
    if i < end, base[i] == 101 || base[i] == 69 {  // e E
      i += 1
      var negativeExponent = false
      if i < end, base[i] == 45 || base[i] == 43 {
        negativeExponent = base[i] == 45
        i += 1
      }
      var value = 0
      let exponentStart = i
      while i < end, base[i] &- 48 < 10 {
        value = min(value * 10 + Int(base[i] &- 48), 100_000)
        i += 1
      }
      guard i > exponentStart else { return nil }
      exponent += negativeExponent ? -value : value
    }
    guard i == end else { return nil }
    if digits <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      if exponent < 0 { value /= exactPowerOfTen(-exponent) } else { value *= exactPowerOfTen(exponent) }
      return negative ? -value : value
    }
    if digits <= 19, exponent >= -19, exponent < 0, let value = roundedQuotient(mantissa, -exponent) {
      return negative ? -value : value
    }
    // Rare: too many digits for the exact path. The syntax is checked above, so
    // the standard parser sees only plain decimals (never `nan`, `inf` or hex).
    var digitsText = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    if decimalComma { digitsText = String(digitsText.map { $0 == "," ? "." : $0 }) }
    let slow = Double(digitsText)
    guard let slow, slow.isFinite else { return nil }
    return slow
  }

  /// Appends the run of ASCII digits at `i` (before `end`) to `mantissa`, eight at a
  /// time where it can, and moves `i` past it. Digits past 19 wrap; callers check.
  @inline(__always)
  private static func accumulateDigits(
    _ base: UnsafePointer<UInt8>, _ i: inout Int, _ end: Int, into mantissa: inout UInt64
  ) {
    while end - i >= 8, let chunk = eightDigits(base + i) {
      mantissa = mantissa &* 100_000_000 &+ chunk
      i += 8
    }
    // GPX writes 7-digit fractions (`48.2805591`): four at once, then the rest.
    if end - i >= 4, let chunk = fourDigits(base + i) {
      mantissa = mantissa &* 10_000 &+ chunk
      i += 4
    }
    while i < end {
      let digit = base[i] &- 48
      if digit >= 10 { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
  }

  /// The value of the 8 bytes at `p` when all are ASCII digits, else `nil`.
  ///
  /// Reads them as one little-endian word and combines the digits in three
  /// multiplications (the SWAR method of Lemire's fast_float), so a 17-digit
  /// coordinate costs two of these and a few single digits instead of a chain
  /// of 17 multiply-adds. Digits past 19 wrap around exactly as the digit loop
  /// does, and such numbers take the slow path anyway.
  @inline(__always)
  private static func eightDigits(_ p: UnsafePointer<UInt8>) -> UInt64? {
    let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian
    guard DigitWord.isAllDigits(word) else { return nil }
    return eightDigitsValue(word)
  }

  /// The value of 8 ASCII digits read as one little-endian word (first digit in
  /// the lowest byte), not checked.
  @inline(__always)
  private static func eightDigitsValue(_ word: UInt64) -> UInt64 {
    let value = DigitWord.pairs(word)
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    return ((value & mask) &* (100 + 1_000_000 << 32) &+ ((value >> 16) & mask) &* (1 + 10_000 << 32)) >> 32
  }

  /// The value of the 4 bytes at `p` when all are ASCII digits, else `nil`: the
  /// same method as `eightDigits`, on one 32-bit word.
  @inline(__always)
  private static func fourDigits(_ p: UnsafePointer<UInt8>) -> UInt64? {
    let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self).littleEndian
    guard ((word &+ 0x4646_4646) | (word &- 0x3030_3030)) & 0x8080_8080 == 0 else { return nil }
    let digits = word &- 0x3030_3030
    let pairs = digits &* 10 &+ (digits >> 8)  // bytes 0 and 2: the first and second pair
    return UInt64((pairs & 0xFF) &* 100 &+ ((pairs >> 16) & 0xFF))
  }

  /// `w / 10^k` correctly rounded (to nearest, ties to even), for `w` of up to
  /// 19 digits and 1 ≤ `k` ≤ 19, or `nil` when the exact comparison below would
  /// not fit in 128 bits (very small or very large quotients).
  ///
  /// The coordinates loggers write with 17 significant digits (GPSLogger's
  /// `60.348371666666665`) are beyond Clinger's fast path, and the standard
  /// library's parser needs a `String`. Here `Double(w) / 10^k` is within two
  /// units in the last place of the quotient (two correctly rounded operations),
  /// and the nearest `Double` is found by comparing `w / 10^k` with the
  /// midpoints between neighbouring candidates exactly, in integers.
  @inline(__always)
  private static func roundedQuotient(_ w: UInt64, _ k: Int) -> Double? {
    let powerOfTen = UInt64(exactPowerOfTen(k))  // exact: 10^19 < 2^64
    var candidate = Double(w) / exactPowerOfTen(k)
    // At most a few steps: the first guess is within two units of the answer.
    for _ in 0..<4 {
      guard candidate.isNormal, candidate > 0 else { return nil }
      guard let above = compareToUpperMidpoint(w, powerOfTen, candidate) else { return nil }
      if above > 0 {
        candidate = candidate.nextUp
        continue
      }
      if above == 0 { return evenOf(candidate, candidate.nextUp) }
      let below = candidate.nextDown
      guard below.isNormal, let aboveBelow = compareToUpperMidpoint(w, powerOfTen, below) else { return nil }
      if aboveBelow < 0 {
        candidate = below
        continue
      }
      if aboveBelow == 0 { return evenOf(below, candidate) }
      return candidate
    }
    return nil
  }

  /// Of two neighbouring `Double`s, the one whose significand is even.
  @inline(__always)
  private static func evenOf(_ a: Double, _ b: Double) -> Double {
    a.significandBitPattern & 1 == 0 ? a : b
  }

  /// The sign of `w / tenToK − m`, where `m` is the midpoint between the positive
  /// normal `candidate` and the next `Double` up; `nil` when that does not fit
  /// in 128 bits.
  ///
  /// With `candidate = M·2^E` (`M` the 53-bit significand), `m = (2M+1)·2^(E−1)`,
  /// and the comparison is that of `w·2^(1−E)` with `(2M+1)·tenToK`.
  @inline(__always)
  private static func compareToUpperMidpoint(_ w: UInt64, _ tenToK: UInt64, _ candidate: Double) -> Int? {
    let significand = candidate.significandBitPattern | (1 << 52)
    let shift = 1 - (Int(candidate.exponent) - 52)
    // w·2^shift must fit in 128 bits, and shift ≥ 0 (the quotient is below 2^54).
    guard shift >= 0, shift <= 64 + w.leadingZeroBitCount else { return nil }
    let left: (high: UInt64, low: UInt64) =
      shift == 0 ? (0, w) : shift < 64 ? (w >> (64 - shift), w << shift) : (w << (shift - 64), 0)
    let right = (2 * significand + 1).multipliedFullWidth(by: tenToK)
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
  }

  /// XML whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  package static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 }
}
