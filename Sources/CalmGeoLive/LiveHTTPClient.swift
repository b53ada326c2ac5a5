import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real HTTP for a live run: one URLSession shared by every device, no cache, no
/// cookies, redirects followed only on the endpoint's own scheme, host and port (or
/// never), each request's answer handed to a callback.
public final class LiveHTTPClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// How the client treats a redirect answer (3xx with a Location).
  public enum RedirectPolicy: Sendable, Hashable {
    /// Follow a redirect to the endpoint's own scheme, host and port; any other is not
    /// followed and the 3xx status is the answer.
    case sameOrigin
    /// Never follow: the 3xx status is the answer.
    case never
  }

  /// How a request ended, as the transport sees it.
  public enum Completion: Sendable, Hashable {
    case status(Int)
    case timeout
    /// Connection refused, dropped, reset, DNS failure...: the description says which.
    case error(String)
    case cancelled
  }

  public let endpoint: LiveEndpoint
  public let redirects: RedirectPolicy
  private var session: URLSession!
  private let lock = NSLock()
  // Guarded by `lock`.
  private var callbacks: [Int: @Sendable (Completion) -> Void] = [:]

  /// - Parameters:
  ///   - timeout: seconds without an answer after which a request fails (`httpTimeout`).
  ///   - connections: the most connections open to the host at once.
  public init(endpoint: LiveEndpoint, redirects: RedirectPolicy = .sameOrigin, timeout: Double, connections: Int) {
    self.endpoint = endpoint
    self.redirects = redirects
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.httpMaximumConnectionsPerHost = max(1, connections)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
  }

  /// Sends `request`; `completion` is called once, on the client's queue.
  public func start(_ request: URLRequest, completion: @escaping @Sendable (Completion) -> Void) -> URLSessionTask {
    let task = session.dataTask(with: request)
    lock.lock()
    callbacks[task.taskIdentifier] = completion
    lock.unlock()
    task.resume()
    return task
  }

  /// Ends the session once the tasks still running are done or cancelled.
  public func close() {
    session.finishTasksAndInvalidate()
  }

  // MARK: URLSessionDataDelegate

  public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}

  public func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(redirects == .sameOrigin && endpoint.isSameOrigin(request.url) ? request : nil)
  }

  public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    let callback = callbacks.removeValue(forKey: task.taskIdentifier)
    lock.unlock()
    guard let callback else { return }
    if let error {
      let code = (error as? URLError)?.code
      switch code {
      case .timedOut?: callback(.timeout)
      case .cancelled?: callback(.cancelled)
      default: callback(.error(Self.describe(error)))
      }
    } else if let response = task.response as? HTTPURLResponse {
      callback(.status(response.statusCode))
    } else {
      callback(.error("no HTTP response"))
    }
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? URLError {
      switch error.code {
      case .cannotConnectToHost: return "connection refused"
      case .networkConnectionLost: return "connection lost"
      case .cannotFindHost: return "host not found"
      case .badServerResponse: return "bad server response"
      default: return "URL error \(error.code.rawValue)"
      }
    }
    return "\(error)"
  }
}
