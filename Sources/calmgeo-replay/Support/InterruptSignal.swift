import CalmGeoSystem
import Dispatch

/// Turns SIGINT (Ctrl-C) and SIGTERM (a batch system's time limit) into calls of
/// `onSignal` with how many have arrived so far (1, 2, …), on a queue of its own, until
/// `stop()`. What each count means is the command's: a sweep keeps its finished rows on
/// the first and quits on the second; a live run stops, then abandons, then quits.
final class InterruptSignal: @unchecked Sendable {
  // `received` is only touched on `queue`.
  private let queue = DispatchQueue(label: "calmgeo-replay.interrupt")
  private var sources: [any DispatchSourceSignal] = []
  private var received = 0
  static let signals = [SystemSignals.interrupt, SystemSignals.terminate]

  init(onSignal: @escaping @Sendable (_ count: Int) -> Void) {
    for number in Self.signals {
      SystemSignals.ignore(number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [unowned self] in
        received += 1
        onSignal(received)
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
    for number in Self.signals { SystemSignals.restoreDefault(number) }
  }
}
