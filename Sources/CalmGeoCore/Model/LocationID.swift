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

  /// Writes the 36 bytes of `description` at `out`.
  public func write(into out: UnsafeMutablePointer<UInt8>) {
    let hex: StaticString = "0123456789abcdef"
    var position = 0
    func put(_ value: UInt64, nibbles: Int) {
      for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
        out[position] = hex.utf8Start[Int((value >> UInt64(shift)) & 0xF)]
        position += 1
      }
    }
    put(high >> 32, nibbles: 8)
    out[position] = 45
    position += 1
    put(high >> 16, nibbles: 4)
    out[position] = 45
    position += 1
    put(high, nibbles: 4)
    out[position] = 45
    position += 1
    put(low >> 48, nibbles: 4)
    out[position] = 45
    position += 1
    put(low, nibbles: 12)
  }
}
