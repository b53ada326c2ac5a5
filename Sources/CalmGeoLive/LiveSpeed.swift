/// How fast a live run's virtual clock runs against wall time (`--speed X|max`).
public enum LiveSpeed: Sendable, Hashable, CustomStringConvertible {
  /// The virtual clock runs `factor` times faster than wall time; a real latency L
  /// becomes a virtual latency L × factor.
  case factor(Double)
  /// No pacing: each request is sent as soon as the replay reaches it, and the replay
  /// waits for an answer whenever its clock moves while a request is in flight; a real
  /// latency L is a virtual latency L.
  case max

  /// The largest factor: a latency × it stays within `RecordedNetwork.maximumLatency`
  /// for any `httpTimeout`.
  public static let maximumFactor = 10_000.0

  /// Parses `max` or a positive number up to `maximumFactor` (`60`, `0.5`).
  public init?(_ text: String) {
    if text.lowercased() == "max" {
      self = .max
    } else if let value = Double(text), value.isFinite, value > 0, value <= Self.maximumFactor {
      self = .factor(value)
    } else {
      return nil
    }
  }

  /// Virtual milliseconds per real millisecond.
  public var scale: Double {
    switch self {
    case .factor(let value): value
    case .max: 1
    }
  }

  public var description: String {
    switch self {
    case .factor(let value): value == value.rounded() ? String(Int64(value)) : String(value)
    case .max: "max"
    }
  }
}
