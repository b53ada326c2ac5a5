import Foundation

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

  /// Every entry of a recorded file, in file order.
  /// - Throws: `ParseError` naming the file, the line and what is wrong.
  public static func entries(of bytes: [UInt8], file: String) throws(ParseError) -> [Entry] {
    var entries: [Entry] = []
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
      entries.append(try entry(Array(line), file: file, line: lineNumber))
    }
    return entries
  }

  /// The answers of one track and device among `entries`.
  public static func select(_ entries: [Entry], track: String?, device: Int) -> RecordedNetwork {
    var answers: [Int: TransportAnswer] = [:]
    for entry in entries where entry.device == device && (track == nil || entry.track == track) {
      answers[entry.sequence] = entry.answer
    }
    return RecordedNetwork(answers: answers)
  }

  private struct Line: Decodable {
    var track: String
    var device: Int
    var seq: Int
    var sentAt: String
    var latencyMs: Double
    var wallMs: Double?
    var outcome: OutcomeText
    var abandoned: Bool?
    var notSent: Bool?
  }

  private struct OutcomeText: Decodable {
    var value: NetworkModel.Outcome?
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let code = try? container.decode(Int.self) {
        value = (100...999).contains(code) ? .status(code) : nil
      } else {
        value = NetworkModel.Outcome(try container.decode(String.self))
      }
    }
  }

  private static func entry(_ line: [UInt8], file: String, line number: Int) throws(ParseError) -> Entry {
    func failure(_ reason: String) -> ParseError {
      ParseError(
        format: "network", location: SourceLocation(file: file, line: number), problem: .badLine,
        reason: reason + " (expected a line written by `live --record-network`)", isFatal: true)
    }
    let decoded: Line
    do {
      decoded = try JSONDecoder().decode(Line.self, from: Data(line))
    } catch {
      throw failure("not a recorded answer: \(Self.describe(error))")
    }
    guard let outcome = decoded.outcome.value else {
      throw failure("outcome must be a status code from 100 to 999, \"timeout\" or \"error\"")
    }
    guard decoded.seq >= 1, decoded.device >= 1 else { throw failure("seq and device must be 1 or more") }
    let maximum = Double(maximumLatency)
    guard decoded.latencyMs >= 0, decoded.latencyMs <= maximum, decoded.latencyMs == decoded.latencyMs.rounded() else {
      throw failure("latencyMs must be from 0 to \(maximumLatency) whole milliseconds, found \(decoded.latencyMs)")
    }
    if let wallMs = decoded.wallMs, !(wallMs >= 0 && wallMs <= maximum) {
      throw failure("wallMs must be from 0 to \(maximumLatency), found \(wallMs)")
    }
    guard let sentAt = ISO8601Parser.parse(decoded.sentAt) else { throw failure("sentAt is not an ISO 8601 time") }
    return Entry(
      track: decoded.track, device: decoded.device, sequence: decoded.seq, sentAt: sentAt,
      answer: TransportAnswer(latency: Int64(decoded.latencyMs), outcome: outcome), wallMs: decoded.wallMs ?? 0,
      abandoned: decoded.abandoned ?? false, notSent: decoded.notSent ?? false)
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "missing key '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context):
      "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    case DecodingError.dataCorrupted: "not valid JSON"
    default: "\(error)"
    }
  }
}
