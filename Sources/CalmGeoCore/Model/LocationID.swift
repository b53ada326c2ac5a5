/// A UUID-formatted id derived from the run's seed and the emitted fix's time.
///
/// Version-4 layout (the variant and version bits are set) so that servers that
/// validate UUIDs accept it; the bits come from SplitMix64, never from `UUID()`.
/// Replays derive ids from the fix time (plus a counter when the same fix is emitted
/// more than once), so one extra or missing location changes only its own id: a
/// golden diff stays local.
public struct LocationID: Sendable, Hashable, CustomStringConvertible {
  public var high: UInt64
  public var low: UInt64

  /// The id of the `occurrence`-th emit (from 0) of the fix at `time` (ms since 1970)
  /// in a run seeded with `seed`.
  public init(seed: UInt64, time: Int64, occurrence: Int = 0) {
    let key =
      SplitMix64.mix(UInt64(bitPattern: time) ^ 0x6C6F_6361_7469_6F6E) &+ UInt64(truncatingIfNeeded: occurrence)
      &* 0x9E37_79B9_7F4A_7C15
    var generator = SplitMix64(seed: SplitMix64.mix(seed ^ 0x6964_7300) ^ key)
    high = (generator.next() & ~0xF000) | 0x4000  // version 4
    low = (generator.next() & ~(0b11 << 62)) | (0b10 << 62)  // RFC 4122 variant
  }

  /// An id from the seed and an index (tests and tools that number their records).
  public init(seed: UInt64, index: Int) {
    var generator = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    high = (generator.next() & ~0xF000) | 0x4000  // version 4
    low = (generator.next() & ~(0b11 << 62)) | (0b10 << 62)  // RFC 4122 variant
  }

  /// `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, lowercase as `UUID().uuidString.lowercased()`.
  public var description: String {
    var bytes = [UInt8](repeating: 0, count: 36)
    bytes.withUnsafeMutableBufferPointer { write(into: $0.baseAddress!) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the 36 bytes of `description` at `out`, eight hex digits at a step.
  public func write(into out: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(out)
    raw.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), toByteOffset: 0, as: UInt64.self)
    // The 4-digit groups as halves of 8 digits: high's last 32 bits, then low's first 32 (whose
    // second half starts the 12-digit group).
    let middle = Self.hexDigits(UInt32(truncatingIfNeeded: high))
    raw.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
    raw.storeBytes(of: UInt32(truncatingIfNeeded: middle), toByteOffset: 9, as: UInt32.self)
    raw.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
    raw.storeBytes(of: UInt32(truncatingIfNeeded: middle >> 32), toByteOffset: 14, as: UInt32.self)
    raw.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
    let fourth = Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32))
    raw.storeBytes(of: UInt32(truncatingIfNeeded: fourth), toByteOffset: 19, as: UInt32.self)
    raw.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
    raw.storeBytes(of: UInt32(truncatingIfNeeded: fourth >> 32), toByteOffset: 24, as: UInt32.self)
    raw.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low)), toByteOffset: 28, as: UInt64.self)
  }

  /// The 8 lowercase hex digits of `value`, most significant first, as the bytes of a
  /// little-endian word: each nibble spread into a byte, then `0`–`9` or `a`–`f` added to
  /// all eight at once.
  @inline(__always)
  static func hexDigits(_ value: UInt32) -> UInt64 {
    var spread = UInt64(value)
    spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
    spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
    spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
    // Nibble k (from the least significant) is in byte k; the first digit goes in byte 0.
    let nibbles = spread.byteSwapped
    let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
    return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27).littleEndian
  }
}
