/// Where the upload side gets each request's answer from. The engine and the store/sync
/// logic do not know which one is in use.
///
/// - `simulated`: the run's `NetworkModel` (the default; no cost beyond today's).
/// - `recorded`: the answers a live run wrote (`RecordedNetwork`), so that run replays
///   byte for byte, offline.
/// - `live`: a real network (`LiveUploadTransport`, implemented outside this library).
///
/// A concrete enum rather than a protocol existential: the simulated path pays one
/// switch per request and nothing per fix.
public enum UploadTransport: Sendable {
  case simulated
  case recorded(RecordedNetwork)
  case live(any LiveUploadTransport)

  /// Whether the transport needs each request's body bytes (a real network sends them).
  public var needsBodies: Bool {
    if case .live = self { return true }
    return false
  }
}

/// How a request ended and how long it took on the virtual clock.
public struct TransportAnswer: Sendable, Hashable {
  /// Virtual milliseconds from send to answer (or timeout).
  public var latency: Int64
  public var outcome: NetworkModel.Outcome

  public init(latency: Int64, outcome: NetworkModel.Outcome) {
    self.latency = latency
    self.outcome = outcome
  }
}

/// A real network under the replay's virtual clock (CALMGEO.md §4 in-flight semantics).
///
/// The replay is synchronous: `send` starts a request and returns at once; the upload
/// side asks for its answer with `answer(to:sentAt:by:)` whenever its clock moves to a
/// time the answer could precede. The transport decides how wall time maps onto the
/// virtual clock (pacing) and must keep this promise, which makes a recorded run replay
/// identically: an answer withheld at virtual time `now` (nil) is later given a latency
/// that puts its completion after `now`.
public protocol LiveUploadTransport: AnyObject, Sendable {
  /// Starts `request` (its method, url, headers and `sequence`) with `body`, at the
  /// virtual time `request.sentAt`; may wait until wall time reaches it (pacing).
  func send(_ request: UploadRequest, body: [UInt8])

  /// The answer to request `sequence` if it is in by virtual time `now` (waiting as the
  /// pacing requires), nil if it is still in flight then. `now == nil`: wait for it.
  func answer(to sequence: Int, by now: Int64?) -> TransportAnswer?
}
