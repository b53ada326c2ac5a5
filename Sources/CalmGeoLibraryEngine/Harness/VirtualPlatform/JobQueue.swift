import Foundation

/// One FIFO queue for every job of the process (global and main-actor), run on the driver's
/// thread when it calls `drain()`: the library's tasks run in a fixed order, at the virtual
/// time the driver set, and never concurrently.
///
/// Installs the concurrency runtime's hooks: `swift_task_enqueueGlobal_hook` for global jobs,
/// and on Linux, where Swift 6.3 routes main-actor jobs through the main executor's identity,
/// `swift_task_getMainExecutor_hook` (this queue is the main executor) plus
/// `swift_task_enqueueMainExecutor_hook` for the other path.
public final class JobQueue: SerialExecutor, @unchecked Sendable {
  public static let shared = JobQueue()

  private var jobs: [UnownedJob] = []
  private var head = 0

  public func enqueue(_ job: consuming ExecutorJob) {
    jobs.append(UnownedJob(job))
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Runs jobs until none is left (jobs that jobs enqueue included).
  public func drain() {
    while head < jobs.count {
      let job = jobs[head]
      head += 1
      if head > 1024 && head * 2 > jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }

  fileprivate func append(_ job: UnownedJob) { jobs.append(job) }

  // MARK: - Runtime hooks

  typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
  typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
  typealias MainOriginal = @convention(thin) () -> UnownedSerialExecutor
  typealias MainHook = @convention(thin) (MainOriginal) -> UnownedSerialExecutor

  /// Routes every job to this queue. Call once, before the library runs.
  public func install() {
    let process = dlopen(nil, RTLD_NOW)
    func hook<T>(_ name: String, as type: T.Type) -> UnsafeMutablePointer<T?> {
      guard let symbol = dlsym(process, name) else {
        fatalError("calmgeo-driver: the Swift runtime has no \(name); this toolchain is not supported")
      }
      return symbol.assumingMemoryBound(to: T?.self)
    }
    hook("swift_task_enqueueGlobal_hook", as: EnqueueHook.self).pointee = { job, _ in
      JobQueue.shared.append(job)
    }
    hook("swift_task_enqueueMainExecutor_hook", as: EnqueueHook.self).pointee = { job, _ in
      JobQueue.shared.append(job)
    }
    hook("swift_task_getMainExecutor_hook", as: MainHook.self).pointee = { _ in
      JobQueue.shared.asUnownedSerialExecutor()
    }
  }
}
