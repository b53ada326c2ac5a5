/// Copies of a few bytes without a call to `memmove`: the texts of GPX fields and XML
/// attribute values are mostly 8 to 32 bytes, for which the call (through the dynamic
/// linker, and `memmove`'s own size dispatch) costs more than the copy.
package enum ShortCopy {
  /// Copies `count` bytes from `source` to `target` (which must not overlap). Up to 32
  /// bytes they move as overlapping words, never reading or writing outside the
  /// `count` bytes; longer copies call `memmove`.
  @inline(__always)
  package static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
    if count >= 8 {
      if count > 32 {
        target.copyMemory(from: source, byteCount: count)
      } else if count > 16 {
        // The first 16 bytes and the last 16, overlapping in the middle.
        let a = source.loadUnaligned(as: UInt64.self)
        let b = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let c = source.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self)
        let d = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        target.storeBytes(of: a, as: UInt64.self)
        target.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: c, toByteOffset: count &- 16, as: UInt64.self)
        target.storeBytes(of: d, toByteOffset: count &- 8, as: UInt64.self)
      } else {
        let head = source.loadUnaligned(as: UInt64.self)
        let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        target.storeBytes(of: head, as: UInt64.self)
        target.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
      }
    } else if count >= 4 {
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    } else {
      var index = 0
      while index < count {
        target.storeBytes(of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
        index &+= 1
      }
    }
  }
}
