@_exported import Foundation

/// Stand-ins for the networking types (FoundationNetworking on Linux) that CalmGeo uses.
/// `URLSession.shared.uploadTask(…).resume()` hands the request to `VirtualNetwork`, which
/// answers it from the replay's simulated network at a virtual time.
public struct URLRequest: Sendable {
  public var url: URL?
  public var httpMethod: String? = "GET"
  public var timeoutInterval: TimeInterval = 60
  public private(set) var allHTTPHeaderFields: [String: String]? = nil
  /// Header fields in the order they were set.
  public private(set) var orderedHeaders: [(String, String)] = []

  public init(url: URL) { self.url = url }

  public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
    orderedHeaders.removeAll { $0.0.lowercased() == field.lowercased() }
    if let value { orderedHeaders.append((field, value)) }
    var fields = allHTTPHeaderFields ?? [:]
    fields[field] = value
    allHTTPHeaderFields = fields
  }
}

open class URLResponse: @unchecked Sendable {
  public let url: URL?
  public init(url: URL?) { self.url = url }
}

open class HTTPURLResponse: URLResponse, @unchecked Sendable {
  public let statusCode: Int
  public init?(url: URL, statusCode: Int, httpVersion: String?, headerFields: [String: String]?) {
    self.statusCode = statusCode
    super.init(url: url)
  }
}

/// A request that got no HTTP answer (timeout or connection error).
public struct VirtualNetworkError: Error, LocalizedError, Sendable {
  public let timedOut: Bool
  public var errorDescription: String? { timedOut ? "The request timed out." : "The network connection was lost." }
}

public class URLSessionTask: @unchecked Sendable {
  let start: () -> Void
  init(start: @escaping () -> Void) { self.start = start }
  public func resume() { start() }
  public func cancel() {}
}

public final class URLSessionUploadTask: URLSessionTask, @unchecked Sendable {}

public final class URLSession: @unchecked Sendable {
  public static let shared = URLSession()

  public func uploadTask(
    with request: URLRequest, from bodyData: Data?,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionUploadTask {
    URLSessionUploadTask {
      VirtualNetwork.shared.send(request, body: bodyData ?? Data(), completion: completionHandler)
    }
  }
}

/// The simulated network: the driver sets `answer` (latency ms and outcome of request number
/// `index`, from 0) and `observer`; each request completes at sentAt + latency, when the
/// driver's clock reaches it (`completeDue`).
public final class VirtualNetwork: @unchecked Sendable {
  public static let shared = VirtualNetwork()

  /// How a request ends: an HTTP status, a timeout or a connection error.
  public enum Outcome: Sendable, Equatable {
    case status(Int)
    case timeout
    case error
  }

  /// A request as sent.
  public struct Sent: Sendable {
    public var sequence: Int
    public var sentAt: Int64
    public var completedAt: Int64
    public var method: String
    public var url: String
    public var headers: [(String, String)]
    public var timeoutMs: Int64
    public var body: Data
    public var outcome: Outcome
  }

  public var answer: (_ index: Int, _ timeoutMs: Int64) -> (latency: Int64, outcome: Outcome) = { _, _ in
    (0, .status(200))
  }
  public var nowMs: () -> Int64 = { 0 }
  public var onSend: ((Sent) -> Void)?
  public var onComplete: ((Sent) -> Void)?

  private var sent = 0
  private var inFlight: [(request: Sent, completion: (Data?, URLResponse?, (any Error)?) -> Void)] = []

  func send(_ request: URLRequest, body: Data, completion: @escaping (Data?, URLResponse?, (any Error)?) -> Void) {
    let now = nowMs()
    let timeoutMs = Int64((request.timeoutInterval * 1000).rounded())
    let (latency, outcome) = answer(sent, timeoutMs)
    sent += 1
    let record = Sent(
      sequence: sent, sentAt: now, completedAt: now + latency, method: request.httpMethod ?? "GET",
      url: request.url?.absoluteString ?? "", headers: request.orderedHeaders, timeoutMs: timeoutMs, body: body,
      outcome: outcome)
    onSend?(record)
    inFlight.append((record, completion))
  }

  /// The earliest completion time in flight.
  public var nextCompletion: Int64? { inFlight.map(\.request.completedAt).min() }

  /// Completes the earliest request due by `now` (ties: send order); false when none is.
  public func completeNext(by now: Int64) -> Bool {
    guard
      let index = inFlight.indices.min(by: {
        (inFlight[$0].request.completedAt, inFlight[$0].request.sequence)
          < (inFlight[$1].request.completedAt, inFlight[$1].request.sequence)
      }), inFlight[index].request.completedAt <= now
    else { return false }
    let (request, completion) = inFlight.remove(at: index)
    onComplete?(request)
    let url = URL(string: request.url) ?? URL(fileURLWithPath: "/")
    switch request.outcome {
    case .status(let code):
      completion(Data(), HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: [:]), nil)
    case .timeout:
      completion(nil, nil, VirtualNetworkError(timedOut: true))
    case .error:
      completion(nil, nil, VirtualNetworkError(timedOut: false))
    }
    return true
  }
}
