import DequeModule
import Foundation

/// Takes the SHA-256 of a log off its reading thread: the bytes the reader reads are copied
/// into a queue, and whichever thread would otherwise wait hashes the oldest of them
/// (`hashNext(waiting:)`): the replaying thread when it has no fixes to replay, the reading one
/// when the replay is behind or once it has read everything. The digest is the same, as the
/// bytes are hashed in the order they were read, one chunk at a time.
///
/// Memory stays bounded: past `maxPendingBytes` waiting, the reading thread hashes before it
/// queues more.
final class ChecksumRelay: @unchecked Sendable {
  /// Bytes waiting to be hashed at most (unless one chunk is larger).
  let maxPendingBytes: Int
  /// The smallest buffer a chunk is copied into, so that buffers can be reused for any chunk.
  static let bufferSize = 1 << 18

  private struct Chunk {
    var buffer: UnsafeMutableRawBufferPointer
    var count: Int
  }

  private let checksum: InputChecksum
  /// Held while a chunk is taken from the queue and hashed: the chunks go in order.
  private let hashing = NSLock()
  /// Guards `pending`, `pendingBytes` and `spare`.
  private let queue = NSLock()
  private var pending = Deque<Chunk>()
  private var pendingBytes = 0
  private var spare: [UnsafeMutableRawBufferPointer] = []
  /// The most bytes that waited at once.
  private(set) var peakPendingBytes = 0

  /// Diverts `checksum`'s bytes here until `finish()`; 8 MiB wait at most by default (a few
  /// dozen of a reader's chunks).
  init(_ checksum: InputChecksum, maxPendingBytes: Int = 8 << 20) {
    self.checksum = checksum
    self.maxPendingBytes = maxPendingBytes
    checksum.divert { [unowned self] bytes in self.enqueue(bytes) }
  }

  deinit {
    for chunk in pending { chunk.buffer.deallocate() }
    for buffer in spare { buffer.deallocate() }
  }

  /// On the reading thread: a copy of `bytes` joins the queue, after the oldest chunks were hashed
  /// here if too many bytes wait.
  private func enqueue(_ bytes: UnsafeRawBufferPointer) {
    while waitingBytes() + bytes.count > maxPendingBytes, hashNext(waiting: true) {}
    queue.lock()
    var buffer = spare.popLast()
    queue.unlock()
    if let reused = buffer, reused.count < bytes.count {
      reused.deallocate()
      buffer = nil
    }
    let target =
      buffer ?? UnsafeMutableRawBufferPointer.allocate(byteCount: max(Self.bufferSize, bytes.count), alignment: 16)
    target.copyMemory(from: bytes)
    queue.lock()
    pending.append(Chunk(buffer: target, count: bytes.count))
    pendingBytes += bytes.count
    peakPendingBytes = max(peakPendingBytes, pendingBytes)
    queue.unlock()
  }

  private func waitingBytes() -> Int {
    queue.lock()
    defer { queue.unlock() }
    return pendingBytes
  }

  /// Hashes the oldest waiting chunk. Returns false when none waits, or, unless `waiting`, when
  /// another thread is hashing one (this one has other work or a wait to go back to).
  @discardableResult
  func hashNext(waiting: Bool) -> Bool {
    if waiting { hashing.lock() } else if !hashing.try() { return false }
    defer { hashing.unlock() }
    queue.lock()
    let next = pending.popFirst()
    queue.unlock()
    guard let chunk = next else { return false }
    checksum.absorb(UnsafeRawBufferPointer(rebasing: chunk.buffer[..<chunk.count]))
    queue.lock()
    pendingBytes -= chunk.count
    spare.append(chunk.buffer)
    queue.unlock()
    return true
  }

  /// Hashes every chunk still waiting and hands the checksum back to hashing as it reads; call
  /// once the reading is over (or abandoned), before `InputChecksum.finish()`.
  func finish() {
    while hashNext(waiting: true) {}
    checksum.endDiversion()
  }
}
