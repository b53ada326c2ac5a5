/// Low-level JSON text written into a byte buffer, formatted exactly as Foundation's
/// `JSONEncoder` formats the same values (numbers via `description` without a
/// trailing `.0`, `/` escaped as `\/`).
public struct JSONBytes: Sendable {
  public var bytes: [UInt8] = []
  /// Escape `/` as `\/` like `JSONEncoder` (on for CalmGeo records, off for reports).
  public var escapesSlashes = true

  public init(reservingCapacity capacity: Int = 0, escapesSlashes: Bool = true) {
    bytes.reserveCapacity(capacity)
    self.escapesSlashes = escapesSlashes
  }

  @inline(__always) public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// A key with its colon: `"key":`.
  @inline(__always) public mutating func key(_ name: StaticString) {
    bytes.append(34)
    raw(name)
    bytes.append(34)
    bytes.append(58)
  }

  public mutating func bool(_ value: Bool) {
    value ? raw("true") : raw("false")
  }

  public mutating func int(_ value: Int) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(45) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      repeat {
        digits[count] = UInt8(48 + magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[index]) }
    }
  }

  /// A `Double` as `JSONEncoder` writes it: its shortest round-trip text, without `.0`.
  public mutating func double(_ value: Double) {
    // Whole numbers below 2^53 print as integers (`description` would add `.0`, which
    // JSONEncoder strips); -0.0 prints as "-0".
    if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
      if value == 0 && value.sign == .minus { bytes.append(45) }
      int(Int(value))
    } else if let shortest = ShortestDecimal.of(value) {
      if value < 0 { bytes.append(45) }
      appendDecimal(shortest.digits, exponent: shortest.exponent)
    } else {
      appendStrippingPointZero(value.description)
    }
  }

  /// `digits × 10^exponent` (`digits` without trailing zeros, at most 17 of them, `exponent` < 0,
  /// at least 0.001) as `description` writes it in decimal notation: `12.5`, `0.0125`.
  private mutating func appendDecimal(_ digits: UInt64, exponent: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      let text = buffer.baseAddress!
      // The digits right-aligned in text[4..<24], then the point and any zeros put before them.
      var end = 24
      var rest = digits
      var count = 0
      repeat {
        end -= 1
        text[end] = UInt8(truncatingIfNeeded: 48 &+ rest % 10)
        rest /= 10
        count += 1
      } while rest > 0
      let start = end
      end = 24
      let wholeDigits = count + exponent
      var first: Int
      if wholeDigits > 0 {
        // Shift the whole digits left by one to open the point.
        first = start - 1
        for index in first..<(first + wholeDigits) { text[index] = text[index + 1] }
        text[first + wholeDigits] = 46
      } else {
        first = start
        for _ in 0..<(-wholeDigits) {
          first -= 1
          text[first] = 48
        }
        text[first - 1] = 46
        text[first - 2] = 48
        first -= 2
      }
      bytes.append(contentsOf: UnsafeBufferPointer(start: text + first, count: end - first))
    }
  }

  /// A `Float` as `JSONEncoder` writes it (shortest text for a `Float`, without `.0`).
  public mutating func float(_ value: Float) {
    if value == value.rounded(.towardZero), abs(value) < 16_777_216 {
      if value == 0 && value.sign == .minus { bytes.append(45) }
      int(Int(value))
    } else {
      appendStrippingPointZero(value.description)
    }
  }

  /// A time as ISO 8601 UTC with milliseconds (`2024-05-01T07:03:12.000Z`), without quotes
  /// (JSON wraps it in a string, GPX in an element), and without building a `String`.
  public mutating func iso8601(_ millis: Int64) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      UTCTime.writeISO8601(millis, into: buffer.baseAddress!)
      bytes.append(contentsOf: buffer)
    }
  }

  /// A finite number rounded to `decimals` places (at most 9; |value| < 9e9), trailing
  /// zeros trimmed, without building a `String` (traces: millions of numbers).
  public mutating func fixed(_ value: Double, decimals: Int) {
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    var units = Int64((abs(value) * Double(scale)).rounded())
    if value < 0 && units != 0 { bytes.append(45) }
    let whole = units / scale
    units %= scale
    int(Int(whole))
    guard units != 0 else { return }
    bytes.append(46)
    var digits = decimals
    while units % 10 == 0 {
      units /= 10
      digits -= 1
    }
    var divisor: Int64 = 1
    for _ in 1..<digits { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(48 + units / divisor % 10))
      divisor /= 10
    }
  }

  /// Appends a number's text without a trailing `.0` (as JSONEncoder does).
  private mutating func appendStrippingPointZero(_ text: String) {
    var text = text
    if text.hasSuffix(".0") { text.removeLast(2) }
    bytes.append(contentsOf: text.utf8)
  }

  /// A string literal with JSONEncoder's escapes.
  public mutating func string(_ value: String) {
    bytes.append(34)
    for byte in value.utf8 {
      switch byte {
      case 34: raw("\\\"")
      case 92: raw("\\\\")
      case 47: if escapesSlashes { raw("\\/") } else { bytes.append(47) }
      case 8: raw("\\b")
      case 12: raw("\\f")
      case 10: raw("\\n")
      case 13: raw("\\r")
      case 9: raw("\\t")
      case 0..<32:
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        raw("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(34)
  }
}
