import Foundation

/// Maps the virtual clock onto wall time for a whole fleet (`--speed`): virtual time `v`
/// is due at `start + (v - origin) / factor`. At `max` nothing waits.
///
/// `stop()` (an interrupt) ends every wait at once, then and later.
public final class LivePacer: @unchecked Sendable {
  public let speed: LiveSpeed
  /// The virtual time due at the start (the log's first fix).
  public let origin: Int64
  /// Monotonic nanoseconds at the start.
  public let start: UInt64
  private let condition = NSCondition()
  private var stopped = false

  public init(speed: LiveSpeed, origin: Int64, start: UInt64 = DispatchTime.now().uptimeNanoseconds) {
    self.speed = speed
    self.origin = origin
    self.start = start
  }

  /// Monotonic nanoseconds now.
  public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// When virtual time `virtual` is due (monotonic ns); nil at `max` or after `stop()`.
  public func due(_ virtual: Int64) -> UInt64? {
    guard case .factor(let factor) = speed, !isStopped else { return nil }
    let offset = Double(virtual - origin) * 1_000_000 / factor
    guard offset > 0 else { return start }
    return start &+ UInt64(min(offset, 1e18))
  }

  /// Waits until virtual time `virtual` is due (or `stop()`).
  public func wait(until virtual: Int64) {
    guard let due = due(virtual) else { return }
    condition.lock()
    defer { condition.unlock() }
    while !stopped {
      let now = Self.now()
      guard now < due else { return }
      _ = condition.wait(until: Date(timeIntervalSinceNow: Double(due - now) / 1e9))
    }
  }

  /// Ends pacing: waits return, and later ones do not wait.
  public func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  public var isStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }
}
