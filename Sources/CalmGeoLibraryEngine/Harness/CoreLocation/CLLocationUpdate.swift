/// `CLLocationUpdate.liveUpdates()`: every fix the world delivers while an iterator is live
/// (one that the task iterating it cancels stops at once and never sees another fix).
public struct CLLocationUpdate: Sendable {
  public let location: CLLocation?
  public var isStationary: Bool { false }

  public init(location: CLLocation?) { self.location = location }

  public struct LiveConfiguration: Sendable {
    public static let `default` = LiveConfiguration()
    public static let automotiveNavigation = LiveConfiguration()
    public static let otherNavigation = LiveConfiguration()
    public static let fitness = LiveConfiguration()
    public static let airborne = LiveConfiguration()
  }

  public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
    Updates()
  }

  public struct Updates: AsyncSequence, Sendable {
    public typealias Element = CLLocationUpdate

    public func makeAsyncIterator() -> Iterator {
      Iterator(subscription: LocationWorld.shared.subscribe())
    }

    public struct Iterator: AsyncIteratorProtocol {
      let subscription: LiveSubscription

      public mutating func next() async throws -> CLLocationUpdate? {
        let subscription = self.subscription
        return await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in subscription.wait(continuation) }
        } onCancel: {
          subscription.cancel()
        }
      }
    }
  }
}

/// One live-updates iterator's queue of fixes.
public final class LiveSubscription: @unchecked Sendable {
  var buffer: [CLLocationUpdate] = []
  var waiting: CheckedContinuation<CLLocationUpdate?, Never>?
  public private(set) var isCancelled = false

  func wait(_ continuation: CheckedContinuation<CLLocationUpdate?, Never>) {
    if isCancelled {
      continuation.resume(returning: nil)
    } else if !buffer.isEmpty {
      continuation.resume(returning: buffer.removeFirst())
    } else {
      waiting = continuation
    }
  }

  func push(_ update: CLLocationUpdate) {
    guard !isCancelled else { return }
    if let waiting {
      self.waiting = nil
      waiting.resume(returning: update)
    } else {
      buffer.append(update)
    }
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    buffer.removeAll()
    LocationWorld.shared.unsubscribe(self)
    if let waiting {
      self.waiting = nil
      waiting.resume(returning: nil)
    }
  }
}
