import Dispatch
import Foundation

extension ParallelWork {
  /// The pieces on as many threads at once as there are cores: the calling one and threads started
  /// for the call, each taking the next piece not taken yet. Not Dispatch's pool: on Linux it adds
  /// a worker for `concurrentPerform` only after a while (tens of milliseconds after a replay's
  /// reading thread ended, the two halves of the Hausdorff grid both ran on the calling thread).
  package static let threads = ParallelWork { count, body in
    let width = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount)
    guard width > 1 else {
      for index in 0..<count { body(index) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let pieces = PieceCounter(count, body)
      let finished = DispatchSemaphore(value: 0)
      for _ in 1..<width {
        Thread {
          pieces.take()
          finished.signal()
        }.start()
      }
      pieces.take()
      for _ in 1..<width { finished.wait() }
      // The threads are done: nothing keeps `body` past the call.
      pieces.release()
    }
  }
}

/// Hands out the indices 0..<count, each once, to whichever thread asks next.
private final class PieceCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private let count: Int
  private var body: ((Int) -> Void)?

  init(_ count: Int, _ body: @escaping (Int) -> Void) {
    self.count = count
    self.body = body
  }

  /// Runs the body on pieces not taken yet until none is left.
  func take() {
    while true {
      lock.lock()
      let index = next
      next += 1
      let body = index < count ? self.body : nil
      lock.unlock()
      guard let body else { return }
      body(index)
    }
  }

  /// Drops the body, once every `take()` has returned.
  func release() {
    lock.lock()
    body = nil
    lock.unlock()
  }
}

extension ReplayOptions {
  /// The options of a replay to files: `metrics` as asked, the metrics' last step on `ParallelWork.threads`.
  package init(threaded metrics: Bool, transport: UploadTransport = .simulated) {
    self.init(metrics: metrics, transport: transport)
    parallel = .threads
  }
}
