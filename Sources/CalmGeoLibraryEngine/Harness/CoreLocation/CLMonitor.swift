/// `CLMonitor` with circular conditions. A condition added `assuming: .satisfied` turns
/// `unsatisfied` at the first fix the world delivers that lies farther than its radius from
/// its centre (strictly), and that event goes to the monitor's live `events` iterators.
public final class CLMonitor: @unchecked Sendable {
  public let name: String
  var conditions: [(identifier: String, condition: CircularGeographicCondition, state: Event.State)] = []
  var iterators: [EventSubscription] = []

  public init(_ name: String) async {
    self.name = name
    LocationWorld.shared.register(self)
  }

  public protocol Condition: Sendable {}

  public struct CircularGeographicCondition: Condition {
    public let center: CLLocationCoordinate2D
    public let radius: CLLocationDistance
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
      self.center = center
      self.radius = radius
    }
  }

  public struct Event: Sendable {
    public enum State: UInt16, Sendable {
      case unknown = 0
      case satisfied, unsatisfied, unmonitored
    }
    public let identifier: String
    public let state: State
    public let date: Date
  }

  public func add(_ condition: CircularGeographicCondition, identifier: String, assuming state: Event.State) async {
    conditions.removeAll { $0.identifier == identifier }
    conditions.append((identifier, condition, state))
    LocationWorld.shared.conditionsChanged()
  }

  public func remove(_ identifier: String) async {
    conditions.removeAll { $0.identifier == identifier }
    LocationWorld.shared.conditionsChanged()
  }

  public var identifiers: [String] { get async { conditions.map(\.identifier) } }

  public var events: Events { get async { Events(monitor: self) } }

  /// Whether a satisfied condition is being watched (the platform is waiting on a geofence).
  var isWatching: Bool {
    !iterators.isEmpty && conditions.contains { $0.state == .satisfied }
  }

  func observe(_ location: CLLocation) {
    for index in conditions.indices where conditions[index].state == .satisfied {
      let condition = conditions[index].condition
      let distance = LocationWorld.distance(from: condition.center, to: location.coordinate)
      guard distance > condition.radius else { continue }
      conditions[index].state = .unsatisfied
      let event = Event(identifier: conditions[index].identifier, state: .unsatisfied, date: Date())
      for iterator in iterators { iterator.push(event) }
    }
  }

  public struct Events: AsyncSequence, Sendable {
    public typealias Element = Event
    let monitor: CLMonitor

    public func makeAsyncIterator() -> Iterator {
      let subscription = EventSubscription(monitor: monitor)
      monitor.iterators.append(subscription)
      LocationWorld.shared.conditionsChanged()
      return Iterator(subscription: subscription)
    }

    public struct Iterator: AsyncIteratorProtocol {
      let subscription: EventSubscription

      public mutating func next() async throws -> Event? {
        let subscription = self.subscription
        return await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in subscription.wait(continuation) }
        } onCancel: {
          subscription.cancel()
        }
      }
    }
  }

  final class EventSubscription: @unchecked Sendable {
    weak var monitor: CLMonitor?
    var buffer: [Event] = []
    var waiting: CheckedContinuation<Event?, Never>?
    var isCancelled = false

    init(monitor: CLMonitor) { self.monitor = monitor }

    func wait(_ continuation: CheckedContinuation<Event?, Never>) {
      if isCancelled {
        continuation.resume(returning: nil)
      } else if !buffer.isEmpty {
        continuation.resume(returning: buffer.removeFirst())
      } else {
        waiting = continuation
      }
    }

    func push(_ event: Event) {
      if let waiting {
        self.waiting = nil
        waiting.resume(returning: event)
      } else {
        buffer.append(event)
      }
    }

    func cancel() {
      guard !isCancelled else { return }
      isCancelled = true
      monitor?.iterators.removeAll { $0 === self }
      LocationWorld.shared.conditionsChanged()
      if let waiting {
        self.waiting = nil
        waiting.resume(returning: nil)
      }
    }
  }
}
