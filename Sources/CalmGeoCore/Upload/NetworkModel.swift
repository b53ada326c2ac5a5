/// The simulated server and network that answer upload requests.
///
/// Deterministic: latency and random failures come from the run's seed and the
/// request's index, so they do not depend on the order of anything else.
public struct NetworkModel: Sendable, Hashable {
  /// Latency of each request, milliseconds: fixed (`min == max`) or uniform in the range.
  public var latencyMin: Int64 = 0
  public var latencyMax: Int64 = 0
  /// Outcomes by request index (0-based); after the end, `200` unless `loopSchedule`.
  public var schedule: [Outcome] = []
  /// Repeat `schedule` from the start once it is used up.
  public var loopSchedule = false
  /// Probability (0...1) that a request not covered by the schedule fails.
  public var failureRate: Double = 0
  /// The HTTP status of a random failure.
  public var failureStatus: Int = 503

  public init() {}

  /// The longest latency a run accepts (a day, in ms); longer ones would overflow the
  /// arithmetic of a request's completion time and mean nothing for a phone.
  public static let maximumLatency: Int64 = 86_400_000

  /// What the server (or the network) answers.
  public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    case status(Int)
    case timeout
    /// No answer: the connection failed or dropped (a real network; a failure like any other).
    case error

    /// Parses `200`, `500`, `timeout`, `error`.
    public init?(_ text: String) {
      if text.lowercased() == "timeout" {
        self = .timeout
      } else if text.lowercased() == "error" {
        self = .error
      } else if let code = Int(text), (100...599).contains(code) {
        self = .status(code)
      } else {
        return nil
      }
    }

    public var description: String {
      switch self {
      case .status(let code): String(code)
      case .timeout: "timeout"
      case .error: "error"
      }
    }
  }

  /// The latency (ms) and outcome of request number `index` in a run seeded with `seed`.
  public func answer(index: Int, seed: UInt64) -> (latency: Int64, outcome: Outcome) {
    var random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x6E65_7477_6F72_6B00) ^ UInt64(index))
    let latency =
      latencyMax > latencyMin
      ? latencyMin + Int64(random.next() % UInt64(latencyMax - latencyMin + 1)) : latencyMin
    let draw = random.nextUnit()
    if !schedule.isEmpty && (index < schedule.count || loopSchedule) {
      return (latency, schedule[index % schedule.count])
    }
    return (latency, draw < failureRate ? .status(failureStatus) : .status(200))
  }
}
