/// The answers a live run received, written with `--record-network` (one JSON line a
/// request) and read back by the `recorded` transport, so that the run replays byte for
/// byte without a network.
///
/// A line: `{"track":"walk","device":1,"seq":3,"sentAt":"…","latencyMs":812,"wallMs":13.5,"outcome":200}`;
/// `latencyMs` is virtual (what the replay used), `wallMs` the real latency, `outcome`
/// a status code, `"timeout"` or `"error"`, `"abandoned":true` marks a request
/// given up at an interrupt, and `"notSent":true` one made after it and never sent.
///
/// Every number read is validated with an error naming the file and line: `latencyMs`
/// and `wallMs` from 0 to `maximumLatency`, a status from 100 to 999 (any 3-digit
/// status a server can send, so that whatever a live run records reads back),
/// `seq` and `device` 1 or more.
public struct RecordedNetwork: Sendable, Hashable {
  /// The largest latency read or recorded, ms (about 31.7 years): far above any
  /// `httpTimeout` (at most 86 400 000) × `--speed` (at most 10 000), and small enough
  /// that a send time plus it never overflows.
  public static let maximumLatency: Int64 = 1_000_000_000_000

  /// One recorded answer.
  public struct Entry: Sendable, Hashable {
    public var track: String
    public var device: Int
    public var sequence: Int
    public var sentAt: Int64
    public var answer: TransportAnswer
    /// Real milliseconds from send to answer.
    public var wallMs: Double
    public var abandoned: Bool
    /// Never sent: the replay made it after an interrupt (its final sync), and the live
    /// transport sends nothing new then. Also `abandoned`, outcome `error`.
    public var notSent: Bool

    public init(
      track: String, device: Int, sequence: Int, sentAt: Int64, answer: TransportAnswer, wallMs: Double,
      abandoned: Bool = false, notSent: Bool = false
    ) {
      self.track = track
      self.device = device
      self.sequence = sequence
      self.sentAt = sentAt
      self.answer = answer
      self.wallMs = wallMs
      self.abandoned = abandoned
      self.notSent = notSent
    }

    /// The line, newline included.
    public var line: String {
      let outcome: OrderedJSON =
        switch answer.outcome {
        case .status(let code): .int(code)
        case .timeout: .string("timeout")
        case .error: .string("error")
        }
      var fields: [(String, OrderedJSON)] = [
        ("track", .string(track)), ("device", .int(device)), ("seq", .int(sequence)),
        ("sentAt", .string(UTCTime.iso8601(sentAt))), ("latencyMs", .int(Int(answer.latency))),
        ("wallMs", .double((wallMs * 1000).rounded() / 1000)), ("outcome", outcome),
      ]
      if abandoned { fields.append(("abandoned", .bool(true))) }
      if notSent { fields.append(("notSent", .bool(true))) }
      return OrderedJSON.object(fields).rendered(pretty: false) + "\n"
    }
  }

  /// Answers by request sequence (1-based), for one track and device.
  public private(set) var answers: [Int: TransportAnswer] = [:]

  public init(answers: [Int: TransportAnswer] = [:]) {
    self.answers = answers
  }

  /// The answer to request `sequence`, if recorded.
  public func answer(to sequence: Int) -> TransportAnswer? { answers[sequence] }

  /// The answers of one track and device among `entries`.
  public static func select(_ entries: [Entry], track: String?, device: Int) -> RecordedNetwork {
    var answers: [Int: TransportAnswer] = [:]
    for entry in entries where entry.device == device && (track == nil || entry.track == track) {
      answers[entry.sequence] = entry.answer
    }
    return RecordedNetwork(answers: answers)
  }

}
