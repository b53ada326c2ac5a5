/// The NMEA 0183 checksum: the XOR of every byte between `$` (or `!`) and `*`,
/// written after `*` as two hexadecimal digits (either case is accepted).
package enum NMEAChecksum {
  /// The value of one hexadecimal digit, or `nil`.
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }

  /// Reads the two digits at `p` (with `available` bytes left on the line).
  @inline(__always)
  static func read(_ p: UnsafePointer<UInt8>, available: Int) -> UInt8? {
    guard available >= 2, let high = hexValue(p[0]), let low = hexValue(p[1]) else { return nil }
    // A third hex digit means the field is not a two-digit checksum.
    if available > 2, hexValue(p[2]) != nil { return nil }
    return high << 4 | low
  }

  /// `*4A`: how a checksum is written in a sentence (upper-case hex).
  package static func text(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [0x2A, digits[Int(value >> 4)], digits[Int(value & 15)]], as: UTF8.self)
  }

  /// XOR of `bytes`; for tests and fixtures.
  package static func compute<S: Sequence>(_ bytes: S) -> UInt8 where S.Element == UInt8 {
    bytes.reduce(0, ^)
  }
}
