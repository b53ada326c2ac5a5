#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Byte scans the C library does faster than a loop (vectorised `memchr`), inlined into callers.
package enum ByteSearch {
  /// Whether `byte` occurs in the `count` bytes at `start`.
  @inlinable
  package static func contains(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Bool {
    memchr(start, Int32(byte), count) != nil
  }
}
