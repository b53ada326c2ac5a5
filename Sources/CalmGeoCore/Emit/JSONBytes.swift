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
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      let count = JSONText.writeInt(value, into: buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// A `Double` as `JSONEncoder` writes it: its shortest round-trip text, without `.0`
  /// (`JSONText.write`).
  public mutating func double(_ value: Double) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONText.maxNumberBytes) { buffer in
      let count = JSONText.write(value, into: buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// `double(_:)`'s text as a `String`, written straight into the string's storage (for the
  /// many numbers of a sweep's CSV files).
  package static func text(_ value: Double) -> String {
    String(unsafeUninitializedCapacity: JSONText.maxNumberBytes) { buffer in
      JSONText.write(value, into: buffer.baseAddress!)
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
