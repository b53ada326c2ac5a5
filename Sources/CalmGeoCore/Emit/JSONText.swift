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

  /// A stored value, or -1 (Core Location's "unknown") when absent (NaN): `double(known(value))`
  /// without converting the -1.
  @inline(__always) mutating func known(_ value: Double) {
    if value.isNaN { raw("-1") } else { double(value) }
  }

  /// The `count` bytes written from offset `start` once more (a value a record repeats).
  @inline(__always) mutating func repeatWritten(from start: Int, count bytes: Int) {
    position.update(from: base + start, count: bytes)
    count += bytes
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

  /// How many bytes `write(value, into:)` writes, worked out without writing them (the same
  /// cases in the same order; the rare `description` case is written into stack memory).
  static func length(_ value: Double) -> Int {
    let sign = value.sign == .minus ? 1 : 0
    if value.magnitude < 9_007_199_254_740_992, value == Double(Int64(value)) {
      return sign + digitCount(UInt64(value.magnitude))
    }
    if let shortest = ShortestDecimal.of(value) {
      // `writeDecimal`'s length: the digits and the point, or "0." and the zeros before the digits.
      let count = digitCount(shortest.digits)
      let wholeDigits = count + shortest.exponent
      return (value < 0 ? 1 : 0) + (wholeDigits > 0 ? count + 1 : 2 - wholeDigits + count)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxNumberBytes) { buffer in
      write(value, into: buffer.baseAddress!)
    }
  }

  /// How many bytes `known(value)` writes: `-1` for NaN, else `length(value)`.
  @inline(__always)
  static func knownLength(_ value: Double) -> Int {
    value.isNaN ? 2 : length(value)
  }

  /// Writes an integer's decimal digits at `out`; returns how many (1 to 20).
  static func writeInt(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
    guard value < 0 else { return writeDigits(UInt64(value), into: out) }
    out[0] = 45
    return 1 + writeDigits(UInt64(value.magnitude), into: out + 1)
  }

  /// How many decimal digits `value` has (1 to 20), without a loop: the bit length times
  /// log10(2) (1233 / 4096) is the count or one less, and one comparison with a power of ten
  /// settles which. (`value | 1` has as many digits as `value`, as no power of ten is odd but 1,
  /// and makes 0 count as one digit.)
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    let odd = value | 1
    let guess = ((64 &- odd.leadingZeroBitCount) &* 1233) &>> 12
    return guess &+ (odd >= ShortestDecimal.powerOfTen(guess) ? 1 : 0)
  }

  /// The decimal digits of `value` at `out`; returns how many. May change the bytes after them
  /// up to `out + 8`.
  @inline(__always)
  static func writeDigits(_ value: UInt64, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = digitCount(value)
    writeDigits(value, count: count, into: out)
    return count
  }

  /// The `count` decimal digits of `value` at `out`, eight at a step from the last, each eight as
  /// one word (`eightDigits`). The leading (at most eight) digits are stored first as a whole
  /// word, so the bytes after `count` up to `out + 8` may change (callers have the room: a number
  /// takes at most `maxNumberBytes`).
  @inline(__always)
  static func writeDigits(_ value: UInt64, count: Int, into out: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(out)
    if count <= 8 {
      raw.storeBytes(of: (eightDigits(value) &>> (8 &* (8 &- count))).littleEndian, as: UInt64.self)
      return
    }
    let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
    if count <= 16 {
      raw.storeBytes(of: (eightDigits(high) &>> (8 &* (16 &- count))).littleEndian, as: UInt64.self)
    } else {
      let (top, middle) = high.quotientAndRemainder(dividingBy: 100_000_000)
      raw.storeBytes(of: (eightDigits(top) &>> (8 &* (24 &- count))).littleEndian, as: UInt64.self)
      raw.storeBytes(of: eightDigits(middle).littleEndian, toByteOffset: count &- 16, as: UInt64.self)
    }
    raw.storeBytes(of: eightDigits(low).littleEndian, toByteOffset: count &- 8, as: UInt64.self)
  }

  /// The eight decimal digits of `value` (below 10^8, leading zeros included) as ASCII in one
  /// word, the first digit in the lowest byte, with no loop and no division: `abcdefgh` splits
  /// into the 32-bit halves `abcd` and `efgh`, each of those into the 16-bit quarters `ab`, `cd`,
  /// and each of those into bytes, every split for all parts at once by a multiplication that
  /// divides by 100 (or 10) exactly in this range (10486 / 2^20, 103 / 2^10) without carrying
  /// from one part into the next.
  @inline(__always)
  static func eightDigits(_ value: UInt64) -> UInt64 {
    let high = value / 10_000
    let fours = high | ((value &- high &* 10_000) &<< 32)  // abcd, efgh
    let hundreds = ((fours &* 10_486) &>> 20) & 0x0000_007F_0000_007F
    let twos = hundreds | ((fours &- hundreds &* 100) &<< 16)  // ab, cd, ef, gh
    let tens = ((twos &* 103) &>> 10) & 0x000F_000F_000F_000F
    let ones = tens | ((twos &- tens &* 10) &<< 8)
    return ones | 0x3030_3030_3030_3030
  }

  /// `digits × 10^exponent` (`digits` without trailing zeros, at most 17 of them, `exponent` < 0,
  /// at least 0.001) as `description` writes it in decimal notation (`12.5`, `0.0125`) at `out`;
  /// returns the bytes written.
  @inline(__always)
  static func writeDecimal(_ digits: UInt64, exponent: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
    let count = digitCount(digits)
    let wholeDigits = count + exponent
    if wholeDigits > 0 {
      // The digits one byte to the right, then the whole ones moved left to open the point, a
      // byte at a time (a word loaded across the words just stored would wait for them).
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
