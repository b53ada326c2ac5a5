import Dispatch

extension ParallelWork {
  /// The pieces on Dispatch's threads, as many at once as there are cores.
  package static let threads = ParallelWork { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
  }
}

extension ReplayOptions {
  /// The options of a replay to files: `metrics` as asked, the metrics' last step on `ParallelWork.threads`.
  package init(threaded metrics: Bool, transport: UploadTransport = .simulated) {
    self.init(metrics: metrics, transport: transport)
    parallel = .threads
  }
}
