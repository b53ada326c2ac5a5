/// Transcodes a UTF-16 stream (little- or big-endian, with or without a byte
/// order mark) to UTF-8, chunk by chunk.
///
/// The byte order comes from the BOM, else from where the zero bytes of the
/// first two ASCII characters are (`$\0G\0` is little-endian). The BOM is not
/// passed on; an unpaired surrogate becomes U+FFFD. Memory is one fixed buffer.
public final class UTF16ByteSource: ByteSource {
  public var name: String { upstream.name }
  private let upstream: any ByteSource
  private let bigEndian: Bool
  private let input: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0
  private var upstreamEnded = false
  private var skipBOM: Bool
  /// A high surrogate waiting for its low half.
  private var pendingHigh: UInt32? = nil

  /// Wraps `upstream`, whose bytes are UTF-16 in the given byte order.
  public init(upstream: any ByteSource, bigEndian: Bool, chunkSize: Int = 1 << 16) {
    self.upstream = upstream
    self.bigEndian = bigEndian
    input = .allocate(byteCount: max(16, chunkSize), alignment: 2)
    skipBOM = true
  }

  deinit { input.deallocate() }

  /// The order of the two bytes of a code unit.
  public enum ByteOrder: Sendable { case littleEndian, bigEndian }

  /// The byte order of UTF-16 text starting with `prefix`, or `nil` when the
  /// text does not look like UTF-16.
  public static func byteOrder(of prefix: [UInt8]) -> ByteOrder? {
    guard prefix.count >= 2 else { return nil }
    if prefix[0] == 0xFF && prefix[1] == 0xFE { return .littleEndian }
    if prefix[0] == 0xFE && prefix[1] == 0xFF { return .bigEndian }
    guard prefix.count >= 4 else { return nil }
    if prefix[0] != 0 && prefix[1] == 0 && prefix[2] != 0 && prefix[3] == 0 { return .littleEndian }
    if prefix[0] == 0 && prefix[1] != 0 && prefix[2] == 0 && prefix[3] != 0 { return .bigEndian }
    return nil
  }

  /// `source` itself, or a transcoding wrapper when it holds UTF-16.
  public static func decodingIfUTF16(_ source: any ByteSource) throws(ParseError) -> any ByteSource {
    let peeked = try PeekableByteSource(source, peekSize: 4)
    guard let order = byteOrder(of: peeked.prefix) else { return peeked }
    return UTF16ByteSource(upstream: peeked, bigEndian: order == .bigEndian)
  }

  /// The next code unit, or `nil` at the end (a trailing odd byte is dropped).
  private func nextUnit() throws(ParseError) -> UInt32? {
    if end - start < 2 {
      if start > 0 {
        let rest = end - start
        if rest > 0 { input.baseAddress!.copyMemory(from: input.baseAddress! + start, byteCount: rest) }
        start = 0
        end = rest
      }
      while end < 2 && !upstreamEnded {
        let count = try upstream.read(into: UnsafeMutableRawBufferPointer(rebasing: input[end...]))
        if count == 0 { upstreamEnded = true } else { end += count }
      }
      if end - start < 2 { return nil }
    }
    let a = UInt32(input[start])
    let b = UInt32(input[start + 1])
    start += 2
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    var written = 0
    while buffer.count - written >= 4 {
      guard let unit = try nextUnit() else {
        if pendingHigh != nil {
          pendingHigh = nil
          written += encode(0xFFFD, into: buffer, at: written)
        }
        break
      }
      if skipBOM {
        skipBOM = false
        if unit == 0xFEFF { continue }
      }
      var scalar = unit
      if let high = pendingHigh {
        pendingHigh = nil
        if unit >= 0xDC00 && unit <= 0xDFFF {
          scalar = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
        } else {
          written += encode(0xFFFD, into: buffer, at: written)
          if buffer.count - written < 4 {
            start -= 2  // read this unit again next time
            break
          }
        }
      }
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        pendingHigh = scalar
        continue
      }
      if scalar >= 0xDC00 && scalar <= 0xDFFF { scalar = 0xFFFD }
      written += encode(scalar, into: buffer, at: written)
    }
    return written
  }

  private func encode(_ scalar: UInt32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
    switch scalar {
    case 0..<0x80:
      buffer[offset] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      buffer[offset] = UInt8(0xC0 | scalar >> 6)
      buffer[offset + 1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      buffer[offset] = UInt8(0xE0 | scalar >> 12)
      buffer[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      buffer[offset + 2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      buffer[offset] = UInt8(0xF0 | scalar >> 18)
      buffer[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      buffer[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      buffer[offset + 3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }
}
