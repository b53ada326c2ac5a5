import DequeModule
import Foundation

/// Reads a log on a thread of its own while the caller replays it: the parser's fixes
/// travel in chunks, in order, through a bounded queue, so the two sides overlap and the
/// memory held stays a few chunks whatever the file's size.
///
/// The replay sees exactly what the single-threaded read gives: the same fixes in the same
/// order, then the same error or count, with the same diagnostics.
struct FixPipeline {
  /// Fixes a chunk holds (72 bytes each): big enough that handing one over costs nothing
  /// next to replaying it, small enough to stay in the caches.
  static let chunkSize = 1024
  /// Chunks in flight at most.
  static let capacity = 16

  /// Runs `read` on a new thread, hands the fixes it emits to `replay` on this one, a chunk
  /// at a time in order, and returns what `read` returned, or throws what it threw after every fix emitted before
  /// the error was replayed.
  ///
  /// `spareWork` does one piece of work that either thread may do (hashing the log's next
  /// chunk) and says whether it did any: each side calls it where it would otherwise wait for
  /// the other, and the reading thread calls it until it answers false once it has read everything.
  static func run(
    read: @escaping @Sendable (inout InputDiagnostics, (Fix) -> Void) throws(ParseError) -> Int,
    spareWork: @escaping @Sendable () -> Bool = { false },
    diagnostics: inout InputDiagnostics,
    replay: (UnsafeBufferPointer<Fix>) -> Void
  ) throws(ParseError) -> Int {
    let queue = ChunkQueue(capacity: capacity, spareWork: spareWork)
    let start = diagnostics
    let producer = Thread {
      var diagnostics = start
      var chunk = queue.emptyChunk()
      let outcome: Result<Int, ParseError>
      do throws(ParseError) {
        outcome = .success(
          try read(&diagnostics) { fix in
            chunk.append(fix)
            if chunk.count == chunkSize {
              queue.put(.fixes(chunk))
              chunk = queue.emptyChunk()
            }
          })
      } catch {
        outcome = .failure(error)
      }
      if !chunk.isEmpty { queue.put(.fixes(chunk)) }
      queue.put(.end(outcome, diagnostics))
      while spareWork() {}
    }
    // The parsers recurse no deeper than the main thread allows; give them as much stack.
    producer.stackSize = 8 << 20
    producer.start()
    while true {
      switch queue.take() {
      case .fixes(var fixes):
        fixes.withUnsafeBufferPointer { replay($0) }
        fixes.removeAll(keepingCapacity: true)
        queue.recycle(fixes)
      case .end(let outcome, let read):
        diagnostics = read
        return try outcome.get()
      }
    }
  }
}

/// The bounded, blocking queue between the reading thread and the replaying one.
private final class ChunkQueue: @unchecked Sendable {
  enum Item {
    case fixes([Fix])
    case end(Result<Int, ParseError>, InputDiagnostics)
  }

  private let condition = NSCondition()
  private var items: Deque<Item> = []
  /// Chunks the replaying side has finished with, for the reading side to fill again: the
  /// memory stays with one thread's allocator instead of moving between them.
  private var spare: [[Fix]] = []
  private let capacity: Int
  /// Work to do instead of waiting (`FixPipeline.run`'s `spareWork`), called without the lock.
  private let spareWork: @Sendable () -> Bool

  init(capacity: Int, spareWork: @escaping @Sendable () -> Bool) {
    self.capacity = capacity
    self.spareWork = spareWork
  }

  func put(_ item: Item) {
    condition.lock()
    workOrWait { items.count >= capacity }
    items.append(item)
    condition.broadcast()
    condition.unlock()
  }

  /// An empty chunk with room for `FixPipeline.chunkSize` fixes, reused where one is spare.
  func emptyChunk() -> [Fix] {
    condition.lock()
    let chunk = spare.popLast()
    condition.unlock()
    if let chunk { return chunk }
    var fresh: [Fix] = []
    fresh.reserveCapacity(FixPipeline.chunkSize)
    return fresh
  }

  /// With the lock held: while `blocked`, does spare work without the lock, and waits for the
  /// other side only when there is none.
  private func workOrWait(while blocked: () -> Bool) {
    while blocked() {
      condition.unlock()
      let worked = spareWork()
      condition.lock()
      if !worked && blocked() { condition.wait() }
    }
  }

  func recycle(_ chunk: [Fix]) {
    condition.lock()
    spare.append(chunk)
    condition.unlock()
  }

  func take() -> Item {
    condition.lock()
    workOrWait { items.isEmpty }
    let item = items.removeFirst()
    condition.broadcast()
    condition.unlock()
    return item
  }
}
