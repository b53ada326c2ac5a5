/// Byte-level readers for the numbers, times and dates of NMEA 0183 fields.
///
/// They read ASCII bytes in place (no `String` per field) and return `nil` for
/// text that is not what the field must hold. Decimals are correctly rounded:
/// a field is read as an integer mantissa and a power of ten, both exact in a
/// `Double`, and divided once (IEEE division rounds correctly), so `4807.038`
/// minutes become exactly the `Double` nearest to 48 + 7.038 / 60.
package enum NMEAFieldReader {
  /// Powers of ten exactly representable as `Double` (10^0 ... 10^22); written
  /// out so that the table is static data, not initialised on first use.
  static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Integer powers of ten (10^0 ... 10^18).
  static let integerPowersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    1_000_000_000, 10_000_000_000, 100_000_000_000, 1_000_000_000_000,
    10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
  ]

  /// A decimal as an exact mantissa and a count of fraction digits.
  package struct Decimal {
    package var mantissa: UInt64
    package var fractionDigits: Int
    var negative: Bool

    /// The nearest `Double`; exact-input division, so correctly rounded for
    /// mantissas below 2^53 (every NMEA field in practice).
    @inline(__always) package var value: Double {
      let magnitude = Double(mantissa) / NMEAFieldReader.powersOfTen[min(fractionDigits, 22)]
      return negative ? -magnitude : magnitude
    }
  }

  /// Reads `[+-]digits[.digits]` (a leading or trailing dot allowed, at least
  /// one digit). Digits beyond 18 significant ones are dropped from the fraction.
  @inline(__always)
  package static func decimal(_ p: UnsafePointer<UInt8>, _ count: Int) -> Decimal? {
    // Fast path: up to 18 digits, so none is dropped and the mantissa is all of them.
    var i = 0
    var negative = false
    if count > 0 && (p[0] == 0x2D || p[0] == 0x2B) {
      negative = p[0] == 0x2D
      i = 1
    }
    let first = i
    var mantissa: UInt64 = 0
    while i < count {
      let digit = p[i] &- 0x30
      guard digit < 10 else { break }
      mantissa = mantissa &* 10 &+ UInt64(digit)
      i += 1
    }
    let integerDigits = i - first
    var fractionDigits = 0
    if i < count {
      guard p[i] == 0x2E else { return nil }
      i += 1
      while i < count {
        let digit = p[i] &- 0x30
        guard digit < 10 else { return nil }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        i += 1
      }
      fractionDigits = count - integerDigits - first - 1
    }
    guard integerDigits + fractionDigits > 0 else { return nil }
    guard integerDigits + fractionDigits <= 18 else { return longDecimal(p, count) }
    return Decimal(mantissa: mantissa, fractionDigits: fractionDigits, negative: negative)
  }

  /// `decimal` for more than 18 digits.
  @inline(never)
  static func longDecimal(_ p: UnsafePointer<UInt8>, _ count: Int) -> Decimal? {
    var i = 0
    var negative = false
    if count > 0 && (p[0] == 0x2D || p[0] == 0x2B) {
      negative = p[0] == 0x2D
      i = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var significant = 0
    var fractionDigits = 0
    var seenDot = false
    while i < count {
      let byte = p[i]
      let digit = byte &- 0x30
      if digit < 10 {
        digits += 1
        if significant < 18 {
          mantissa = mantissa &* 10 &+ UInt64(digit)
          if mantissa != 0 { significant += 1 }
          if seenDot { fractionDigits += 1 }
        } else if !seenDot {
          return nil  // an integer part this long is not an NMEA value
        }
      } else if byte == 0x2E && !seenDot {
        seenDot = true
      } else {
        return nil
      }
      i += 1
    }
    guard digits > 0 else { return nil }
    return Decimal(mantissa: mantissa, fractionDigits: fractionDigits, negative: negative)
  }

  /// Reads an unsigned integer (`08`, `12`); a fraction of zeros is tolerated (`8.0`).
  @inline(__always)
  static func integer(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    guard let d = decimal(p, count), !d.negative else { return nil }
    if d.fractionDigits == 0 { return d.mantissa <= UInt64(Int32.max) ? Int(d.mantissa) : nil }
    let scale = integerPowersOfTen[min(d.fractionDigits, 18)]
    guard d.mantissa % scale == 0 else { return nil }
    return Int(d.mantissa / scale)
  }

  /// Reads `dddmm.mmmm` (degrees then minutes) as unsigned degrees; `nil` when the
  /// minutes are 60 or more or the degrees exceed `maxDegrees`.
  ///
  /// The result is the correctly rounded value of `degrees + minutes / 60`: the
  /// whole angle is formed as the exact fraction `(d·60·10^k + m) / (60·10^k)`,
  /// with `m` the minutes' mantissa and `k` their fraction digits.
  @inline(__always)
  package static func angle(_ p: UnsafePointer<UInt8>, _ count: Int, maxDegrees: UInt64) -> Double? {
    angleAndDigits(p, count, maxDegrees: maxDegrees)?.degrees
  }

  /// `angle`, with the number of digits after the dot (the angle's precision).
  @inline(__always)
  static func angleAndDigits(
    _ p: UnsafePointer<UInt8>, _ count: Int, maxDegrees: UInt64
  ) -> (degrees: Double, digits: Int)? {
    // Fast path: digits, a dot, digits (18 at most, 12 after the dot); the
    // integer and fraction parts are read apart, so no power of ten is looked up.
    var i = 0
    var whole: UInt64 = 0
    while i < count {
      let digit = p[i] &- 0x30
      guard digit < 10 else { break }
      whole = whole &* 10 &+ UInt64(digit)
      i += 1
    }
    guard i > 0, i < count, p[i] == 0x2E, count - 1 <= 18, count - 1 - i <= 12 else {
      return slowAngleAndDigits(p, count, maxDegrees: maxDegrees)
    }
    var fraction: UInt64 = 0
    var scale: UInt64 = 1
    var j = i + 1
    while j < count {
      let digit = p[j] &- 0x30
      guard digit < 10 else { return nil }
      fraction = fraction &* 10 &+ UInt64(digit)
      scale &*= 10
      j += 1
    }
    let degrees = whole / 100
    let minutes = (whole - degrees * 100) * scale + fraction
    let sixty = 60 * scale
    guard minutes < sixty, degrees < maxDegrees || (degrees == maxDegrees && minutes == 0) else { return nil }
    return (ratio(degrees: degrees, minutes: minutes, sixty: sixty), count - 1 - i)
  }

  /// `degrees + minutes / sixty`, correctly rounded when exact in a `Double`.
  @inline(__always)
  private static func ratio(degrees: UInt64, minutes: UInt64, sixty: UInt64) -> Double {
    let numerator = degrees * sixty + minutes
    if numerator < (1 << 53) && sixty < (1 << 53) {
      return Double(numerator) / Double(sixty)
    }
    return Double(degrees) + Double(minutes) / Double(sixty)
  }

  /// `angleAndDigits` for any other text `decimal` accepts.
  @inline(never)
  static func slowAngleAndDigits(
    _ p: UnsafePointer<UInt8>, _ count: Int, maxDegrees: UInt64
  ) -> (degrees: Double, digits: Int)? {
    guard let d = decimal(p, count), d.fractionDigits <= 12 else { return nil }
    let scale = integerPowersOfTen[d.fractionDigits]
    let hundred = 100 * scale
    let degrees = d.mantissa / hundred
    let minutes = d.mantissa - degrees * hundred
    let sixty = 60 * scale
    guard minutes < sixty, degrees < maxDegrees || (degrees == maxDegrees && minutes == 0) else { return nil }
    var digits = 0
    if let dot = UnsafeBufferPointer(start: p, count: count).firstIndex(of: 0x2E) { digits = count - dot - 1 }
    return (ratio(degrees: degrees, minutes: minutes, sixty: sixty), digits)
  }

  /// Reads `hhmmss[.sss…]` as milliseconds since midnight, rounded to the nearest
  /// millisecond (`.0005` and up round up). Any number of fraction digits,
  /// including none and a bare trailing dot, is accepted.
  @inline(__always)
  package static func timeOfDay(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    guard count >= 6 else { return nil }
    var whole = 0
    for i in 0..<6 {
      let digit = p[i] &- 0x30
      guard digit < 10 else { return nil }
      whole = whole * 10 + Int(digit)
    }
    let hours = whole / 10000
    let minutes = whole / 100 % 100
    let seconds = whole % 100
    guard hours < 24, minutes < 60, seconds <= 60 else { return nil }
    var tenThousandths = 0
    if count > 6 {
      guard p[6] == 0x2E else { return nil }
      var scale = 1000
      var i = 7
      while i < count {
        let digit = p[i] &- 0x30
        guard digit < 10 else { return nil }
        // Digits past the fourth cannot change the rounding to milliseconds.
        tenThousandths += Int(digit) * scale
        scale /= 10
        i += 1
      }
    }
    let millis = (tenThousandths + 5) / 10
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
  }

  /// Reads RMC's `ddmmyy` as days since 1970-01-01; two-digit years 80–99 are
  /// 1980–1999 and 00–79 are 2000–2079 (GPS began in 1980).
  @inline(__always)
  package static func date(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    guard count == 6 else { return nil }
    var value = 0
    for i in 0..<6 {
      let digit = p[i] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    let day = value / 10000
    let month = value / 100 % 100
    let twoDigitYear = value % 100
    return days(year: twoDigitYear < 80 ? 2000 + twoDigitYear : 1900 + twoDigitYear, month: month, day: day)
  }

  /// Days since 1970 of a checked calendar date; `nil` for an impossible one.
  static func days(year: Int, month: Int, day: Int) -> Int? {
    guard (1...12).contains(month), day >= 1, day <= UTCTime.daysInMonth(year: year, month: month) else {
      return nil
    }
    return UTCTime.days(year: year, month: month, day: day)
  }
}
