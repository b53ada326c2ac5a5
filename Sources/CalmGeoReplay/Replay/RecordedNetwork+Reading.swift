import Foundation

extension RecordedNetwork {
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
