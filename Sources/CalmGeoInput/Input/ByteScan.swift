/// Byte tests on eight bytes at once (SWAR): each returns a word whose byte `k`
/// has its high bit set exactly when byte `k` of `word` passes the test, and
/// every other bit clear.
///
/// Words are read little-endian (`load`), so the first byte in memory is the
/// lowest: `mask.trailingZeroBitCount / 8` is the offset of the first byte that
/// passed. Unlike the classic "has zero byte" test, these are exact for every
/// byte, not only the first.
package enum ByteScan {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Bytes below `limit` (at most 0x80).
  @inline(__always)
  package static func less(_ word: UInt64, than limit: UInt8) -> UInt64 {
    // Bytes under 0x80 plus (0x80 - limit) reach 0x80 exactly when >= limit,
    // and never carry into the next byte.
    let sum = (word & lows) &+ ones &* UInt64(0x80 &- limit)
    return ~(sum | word) & highs
  }

  /// Bytes equal to `byte`.
  @inline(__always)
  package static func equal(_ word: UInt64, to byte: UInt8) -> UInt64 {
    let diff = word ^ (ones &* UInt64(byte))
    return ~(((diff & lows) &+ lows) | diff) & highs
  }

  /// The eight bytes at `p`, first byte lowest.
  @inline(__always)
  package static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
  }
}
