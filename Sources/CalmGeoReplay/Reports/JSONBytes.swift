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
    bytes.append(contentsOf: String(value).utf8)
  }

  public mutating func double(_ value: Double) {
    number(value.description)
  }

  public mutating func float(_ value: Float) {
    number(value.description)
  }

  private mutating func number(_ text: String) {
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
