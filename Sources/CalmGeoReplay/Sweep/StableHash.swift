/// A 64-bit FNV-1a hash of bytes, the same in every process and on every machine
/// (unlike `Hasher`, which is seeded per process); for keying sweep rows to their spec.
package enum StableHash {
  /// The hash of `text`'s UTF-8 bytes as 16 lowercase hex digits.
  package static func hex(_ text: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
