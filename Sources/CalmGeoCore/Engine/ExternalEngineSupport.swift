/// Public initialisers for an engine outside this module (the library engine, which runs
/// CalmGeo's own code and reports what it did through the same observer events).
extension UploadCounters {
  /// All zero.
  public static var zero: UploadCounters { UploadCounters() }
}

extension TrackingStateMachine.Counters {
  /// All zero.
  public static var zero: TrackingStateMachine.Counters { TrackingStateMachine.Counters() }
}

extension UploadRequest {
  /// A request as another engine sent it.
  public static func make(
    sequence: Int, sentAt: Int64, completedAt: Int64, latency: Int64, method: CalmGeoConfig.HTTPMethod, url: String,
    headers: [(name: String, value: String)], recordCount: Int, bodyBytes: Int, duplicates: Int,
    outcome: NetworkModel.Outcome, recordSequences: [Int]
  ) -> UploadRequest {
    UploadRequest(
      sequence: sequence, sentAt: sentAt, completedAt: completedAt, latency: latency, method: method, url: url,
      headers: headers, recordCount: recordCount, bodyBytes: bodyBytes, duplicates: duplicates, outcome: outcome,
      recordSequences: recordSequences)
  }
}
