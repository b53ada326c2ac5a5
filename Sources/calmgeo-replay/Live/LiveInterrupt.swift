import CalmGeoSystem
import Dispatch

/// Ctrl-C (or SIGTERM) during a live run, in three steps: the first ends the logs where
/// they are (requests in flight still get their answers, bounded by httpTimeout); the
/// second abandons the requests still in flight (counted); the third exits at once (130),
/// leaving no finished output behind.
final class LiveInterrupt: @unchecked Sendable {
  private let stopFlag = Flag()
  private var signals: InterruptSignal?

  /// - Parameters:
  ///   - onStop: the first signal (stop reading, stop pacing).
  ///   - onAbandon: the second (give up the requests in flight).
  init(onStop: @escaping @Sendable () -> Void, onAbandon: @escaping @Sendable () -> Void) {
    // A parent may have started us with the signals blocked (some runners do): unblock
    // them on this thread so that they arrive.
    SystemSignals.unblock(InterruptSignal.signals)
    let stopFlag = self.stopFlag
    signals = InterruptSignal { count in
      switch count {
      case 1:
        Terminal.printError(
          "\ninterrupted: ending the logs here; requests in flight finish (Ctrl-C again to abandon them)")
        stopFlag.set()
        onStop()
      case 2:
        Terminal.printError("\ninterrupted again: abandoning the requests in flight (Ctrl-C again to quit at once)")
        onAbandon()
      default:
        Terminal.printError("\ninterrupted a third time: quitting")
        SystemProcess.exitImmediately(130)
      }
    }
  }

  /// Whether the run was interrupted.
  var isStopped: Bool { stopFlag.isSet }

  /// Restores the default handling.
  func stop() {
    signals?.stop()
  }

  /// A flag set once, read from any thread.
  final class Flag: @unchecked Sendable {
    private var value = false
    private let lock = DispatchQueue(label: "calmgeo-replay.flag")
    func set() { lock.sync { value = true } }
    var isSet: Bool { lock.sync { value } }
  }
}
