/// A write position in a scratch buffer, for JSON text assembled in raw memory and appended to
/// a `JSONBytes` at once: one append for a record's head and coords instead of one per key and
/// number (each append checks the array's uniqueness and capacity).
///
/// The caller sizes the buffer for the most it writes: a number takes at most
/// `JSONText.maxNumberBytes`.
struct JSONText {
  /// The buffer's start.
  let base: UnsafeMutablePointer<UInt8>
  /// Bytes written so far.
  private(set) var count = 0

  init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

  /// Where the next byte goes.
  @inline(__always) var position: UnsafeMutablePointer<UInt8> { base + count }

  /// The bytes written.
  var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Counts `bytes` written at `position` by someone else (a location id, a time).
  @inline(__always) mutating func advance(by bytes: Int) { count += bytes }

  @inline(__always) mutating func raw(_ text: StaticString) {
    position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    count += text.utf8CodeUnitCount
  }

  /// A `Double` as `JSONBytes.double` writes it.
  @inline(__always) mutating func double(_ value: Double) {
    count += JSONText.write(value, into: position)
  }
}

extension JSONText {
  /// The longest text `write(_:into:)` produces: `description`'s 24 bytes at most
  /// (`-2.2250738585072014e-308`), 22 for a decimal (`-0.0010000000000000002`).
  static var maxNumberBytes: Int { 32 }

  /// Writes a `Double` as `JSONEncoder` writes it (its shortest round-trip text, without
  /// `.0`) at `out`, and returns the bytes written (at most `maxNumberBytes`).
  static func write(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
    // Whole numbers below 2^53 print as integers (`description` would add `.0`, which
    // JSONEncoder strips); -0.0 prints as "-0". Below 2^53 the conversion to Int64 is exact,
    // so the comparison is `value == value.rounded(.towardZero)` without a call to trunc.
    if value.magnitude < 9_007_199_254_740_992, value == Double(Int64(value)) {
      let negative = value.sign == .minus
      if negative { out[0] = 45 }
      return (negative ? 1 : 0) + writeDigits(UInt64(value.magnitude), into: out + (negative ? 1 : 0))
    }
    if let shortest = ShortestDecimal.of(value) {
      let negative = value < 0
      if negative { out[0] = 45 }
      let start = negative ? 1 : 0
      return start + writeDecimal(shortest.digits, exponent: shortest.exponent, into: out + start)
    }
    // Rare: description's exponent form, powers of two, NaN and infinities.
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    var count = 0
    for byte in text.utf8 where count < maxNumberBytes {
      out[count] = byte
      count += 1
    }
    return count
  }

  /// Writes an integer's decimal digits at `out`; returns how many (1 to 20).
  static func writeInt(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
    guard value < 0 else { return writeDigits(UInt64(value), into: out) }
    out[0] = 45
    return 1 + writeDigits(UInt64(value.magnitude), into: out + 1)
  }

  /// How many decimal digits `value` has (1 to 20).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var count = 1
    var power: UInt64 = 10
    while count < 20, value >= power {
      count += 1
      power = power &* 10
    }
    return count
  }

  /// The decimal digits of `value` at `out`; returns how many.
  @inline(__always)
  static func writeDigits(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = digitCount(value)
    writeDigits(value, count: count, into: out)
    return count
  }

  /// The `count` decimal digits of `value` at `out`, two at a step from the last.
  @inline(__always)
  static func writeDigits(_ value: UInt64, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    var rest = value
    var index = count
    while rest >= 100 {
      let pair = rest % 100
      rest /= 100
      index -= 2
      out[index] = UInt8(truncatingIfNeeded: 48 &+ pair / 10)
      out[index + 1] = UInt8(truncatingIfNeeded: 48 &+ pair % 10)
    }
    if rest >= 10 {
      out[0] = UInt8(truncatingIfNeeded: 48 &+ rest / 10)
      out[1] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
    } else {
      out[0] = UInt8(truncatingIfNeeded: 48 &+ rest)
    }
  }

  /// `digits × 10^exponent` (`digits` without trailing zeros, at most 17 of them, `exponent` < 0,
  /// at least 0.001) as `description` writes it in decimal notation (`12.5`, `0.0125`) at `out`;
  /// returns the bytes written.
  @inline(__always)
  static func writeDecimal(_ digits: UInt64, exponent: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = digitCount(digits)
    let wholeDigits = count + exponent
    if wholeDigits > 0 {
      // The digits one byte to the right, then the whole ones moved left to open the point.
      writeDigits(digits, count: count, into: out + 1)
      for index in 0..<wholeDigits { out[index] = out[index + 1] }
      out[wholeDigits] = 46
      return count + 1
    }
    // "0.", the zeros after the point, then the digits.
    let zeros = -wholeDigits
    out[0] = 48
    out[1] = 46
    for index in 0..<zeros { out[2 + index] = 48 }
    writeDigits(digits, count: count, into: out + 2 + zeros)
    return 2 + zeros + count
  }
}
