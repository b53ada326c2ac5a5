import Foundation
import Testing

@testable import CalmGeoReplay

/// The log's SHA-256 taken off the reading thread (`ChecksumRelay`): the bytes read are hashed
/// by whichever thread has nothing else to do, in the order they were read, so the digest is
/// the one `sha256sum` prints.
struct ChecksumRelayTests {
  /// FIPS 180-2's third SHA-256 example: one million `a`s.
  static let millionAs = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"

  /// Reads `checksum` to the end on a thread of its own in reads of `readSize` bytes while this
  /// thread hashes what waits; returns the digest.
  static func digestWhileReading(
    _ checksum: InputChecksum, relay: ChecksumRelay, readSize: Int
  ) throws -> String {
    let done = Atomic(false)
    let source = ReaderSide(checksum: checksum)
    let reader = Thread {
      let checksum = source.checksum
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 8)
      defer { buffer.deallocate() }
      while (try? checksum.read(into: buffer)) ?? 0 > 0 {}
      done.value = true
    }
    reader.start()
    while !done.value { relay.hashNext(waiting: false) }
    relay.finish()
    return try checksum.finish()
  }

  /// Chunks of 4 099 bytes (not a multiple of SHA-256's 64-byte block) read on one thread and
  /// hashed on both, with at most 20 000 bytes waiting: the reader hashes too once that is reached.
  @Test func aMillionAsHashedAcrossTwoThreadsGiveTheStandardDigest() throws {
    let source = MemoryByteSource([UInt8](repeating: 0x61, count: 1_000_000), maxChunk: 4_099)
    let checksum = InputChecksum(source)
    let relay = ChecksumRelay(checksum, maxPendingBytes: 20_000)
    #expect(try Self.digestWhileReading(checksum, relay: relay, readSize: 8_192) == Self.millionAs)
    #expect(relay.peakPendingBytes > 0)
    #expect(relay.peakPendingBytes <= 20_000)
  }

  /// Bytes that differ from chunk to chunk (where an order mistake shows, as it would not in a
  /// million `a`s) give the digest of the same bytes hashed as they are read.
  @Test func bytesHashedAcrossTwoThreadsGiveTheDigestOfHashingAsTheyAreRead() throws {
    let bytes = (0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 % 251) }
    let plain = InputChecksum(MemoryByteSource(bytes))
    let whole = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { whole.deallocate() }
    while try plain.read(into: whole) > 0 {}
    let expected = try plain.finish()
    let checksum = InputChecksum(MemoryByteSource(bytes, maxChunk: 3_001))
    let relay = ChecksumRelay(checksum, maxPendingBytes: 50_000)
    #expect(try Self.digestWhileReading(checksum, relay: relay, readSize: 5_000) == expected)
  }

  /// Nobody hashes while the reader reads: the reader keeps the waiting bytes at the bound by
  /// hashing the oldest itself, and `finish()` hashes the rest.
  @Test func aReaderAloneHashesAtTheBoundAndFinishHashesTheRest() throws {
    let source = MemoryByteSource([UInt8](repeating: 0x61, count: 1_000_000), maxChunk: 65_536)
    let checksum = InputChecksum(source)
    let relay = ChecksumRelay(checksum, maxPendingBytes: 200_000)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 8)
    defer { buffer.deallocate() }
    while try checksum.read(into: buffer) > 0 {}
    #expect(relay.peakPendingBytes == 196_608)  // three whole chunks; a fourth would pass 200 000
    relay.finish()
    #expect(try checksum.finish() == Self.millionAs)
  }

  /// Bytes the parser left unread are read and hashed by `InputChecksum.finish()` after the relay
  /// hands the checksum back.
  @Test func bytesLeftUnreadAreHashedAfterTheRelayFinishes() throws {
    let source = MemoryByteSource([UInt8](repeating: 0x61, count: 1_000_000), maxChunk: 10_000)
    let checksum = InputChecksum(source)
    let relay = ChecksumRelay(checksum)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10_000, alignment: 8)
    defer { buffer.deallocate() }
    for _ in 0..<37 { _ = try checksum.read(into: buffer) }
    relay.finish()
    #expect(try checksum.finish() == Self.millionAs)
  }
}

/// The checksum as the reading thread holds it (that thread alone reads it).
private struct ReaderSide: @unchecked Sendable {
  let checksum: InputChecksum
}

/// A flag one thread sets and another polls.
private final class Atomic: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Bool
  init(_ value: Bool) { stored = value }
  var value: Bool {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
