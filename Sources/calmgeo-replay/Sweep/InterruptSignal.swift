#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Turns the first SIGINT (Ctrl-C) or SIGTERM (a batch system's time limit) into a
/// call of `onInterrupt`, so the sweep can keep its finished rows; a second one ends
/// the process at once (exit 130), leaving the rows flushed so far in the partial folder.
final class InterruptSignal: @unchecked Sendable {
  // `received` is only touched on `queue`.
  private let queue = DispatchQueue(label: "calmgeo-replay.interrupt")
  private var sources: [any DispatchSourceSignal] = []
  private var received = 0
  private static let signals = [SIGINT, SIGTERM]

  init(onInterrupt: @escaping @Sendable () -> Void) {
    for number in Self.signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [unowned self] in
        received += 1
        if received > 1 {
          Terminal.printError("\ninterrupted again: stopping now")
          _exit(SweepExit.interrupted)
        }
        Terminal.printError("\ninterrupted: finishing the rows in progress (Ctrl-C again to stop at once)")
        onInterrupt()
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Restores the default handling.
  func stop() {
    queue.sync {
      for source in sources { source.cancel() }
      sources = []
    }
    for number in Self.signals { signal(number, SIG_DFL) }
  }
}
