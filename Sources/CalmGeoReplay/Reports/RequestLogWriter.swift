/// Renders `uploads/requests.ndjson`: one compact JSON line a request, written as each
/// request completes (virtual completion time, then send order). Credential headers and
/// a url's user info are redacted (`Redaction`): the file is meant to be committed in
/// golden folders.
public enum RequestLogWriter {
  /// One line; `body` names where the body was written (`000001.json`, or
  /// `bodies.ndjson:1` when bodies share one file).
  public static func line(_ request: UploadRequest, body: String? = nil) -> String {
    let outcome: OrderedJSON
    switch request.outcome {
    case .status(let code): outcome = .int(code)
    case .timeout: outcome = .string("timeout")
    case .error: outcome = .string("error")
    }
    return OrderedJSON.object([
      ("seq", .int(request.sequence)),
      ("body", .string(body ?? UploadFileNames.body(request.sequence))),
      ("sentAt", .string(UTCTime.iso8601(request.sentAt))),
      ("completedAt", .string(UTCTime.iso8601(request.completedAt))),
      ("latencyMs", .int(Int(request.latency))),
      ("method", .string(request.method.rawValue)),
      ("url", .string(Redaction.url(request.url))),
      ("headers", .object(Redaction.headers(request.headers).map { ($0.name, .string($0.value)) })),
      ("records", .int(request.recordCount)),
      ("bodyBytes", .int(request.bodyBytes)),
      ("outcome", outcome),
      ("duplicates", .int(request.duplicates)),
    ]).rendered(pretty: false) + "\n"
  }
}

/// Names of the files under `uploads/`.
public enum UploadFileNames {
  /// The file that holds every body, one a line in send order, with `--ndjson`.
  public static let sharedBodies = "bodies.ndjson"

  /// `000001.json` for request 1.
  public static func body(_ sequence: Int) -> String {
    let digits = String(sequence)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".json"
  }
}
