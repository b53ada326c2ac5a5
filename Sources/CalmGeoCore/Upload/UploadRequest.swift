/// One HTTP request: what was sent, when, and how it ended.
///
/// With a live transport the answer is not known when the request is sent: at
/// `replayDidSend` its `completedAt`, `latency` and `outcome` are placeholders
/// (`sentAt`, 0, timeout); `replayDidComplete` carries the real ones.
public struct UploadRequest: Sendable, Hashable {
  /// 1-based, in send order; names the body file (`uploads/000001.json`).
  public var sequence: Int
  /// Virtual send time, ms since 1970.
  public var sentAt: Int64
  /// Virtual completion time (answer or timeout), ms since 1970.
  public var completedAt: Int64
  /// The simulated latency, ms (the timeout when the request timed out).
  public var latency: Int64
  public var method: CalmGeoConfig.HTTPMethod
  public var url: String
  /// Headers in the order the library sets them.
  public var headers: [(name: String, value: String)]
  /// Records in the body.
  public var recordCount: Int
  /// Size of the body, bytes.
  public var bodyBytes: Int
  /// Records of this body that were already in flight in another request.
  public var duplicates: Int
  /// How the request ended.
  public var outcome: NetworkModel.Outcome
  /// The emit indexes of the body's records, in body order.
  public var recordSequences: [Int]

  /// Only HTTP 200 is success (CALMGEO.md §4).
  package init(
    sequence: Int, sentAt: Int64, completedAt: Int64, latency: Int64, method: CalmGeoConfig.HTTPMethod, url: String,
    headers: [(name: String, value: String)], recordCount: Int, bodyBytes: Int, duplicates: Int,
    outcome: NetworkModel.Outcome, recordSequences: [Int]
  ) {
    self.sequence = sequence
    self.sentAt = sentAt
    self.completedAt = completedAt
    self.latency = latency
    self.method = method
    self.url = url
    self.headers = headers
    self.recordCount = recordCount
    self.bodyBytes = bodyBytes
    self.duplicates = duplicates
    self.outcome = outcome
    self.recordSequences = recordSequences
  }

  public var succeeded: Bool { outcome == .status(200) }

  /// Sets the answer's latency, outcome and completion time.
  public mutating func answer(_ answer: TransportAnswer) {
    latency = answer.latency
    completedAt = sentAt + answer.latency
    outcome = answer.outcome
  }

  /// Every field counts, headers in order (they are tuples, so not synthesized).
  public static func == (a: Self, b: Self) -> Bool {
    a.sequence == b.sequence && a.sentAt == b.sentAt && a.completedAt == b.completedAt && a.latency == b.latency
      && a.method == b.method && a.url == b.url
      && a.headers.elementsEqual(b.headers, by: { $0.name == $1.name && $0.value == $1.value })
      && a.recordCount == b.recordCount && a.bodyBytes == b.bodyBytes && a.duplicates == b.duplicates
      && a.outcome == b.outcome && a.recordSequences == b.recordSequences
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(sequence)
    hasher.combine(sentAt)
    hasher.combine(completedAt)
    hasher.combine(url)
  }
}
