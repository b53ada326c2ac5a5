import AsyncHTTPClient
import CalmGeoSystem
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Real HTTP for a live run (AsyncHTTPClient on its own event loop): one client shared by
/// every device, no cache, no cookies, no decompression, each request's answer handed to
/// a callback.
///
/// Nothing a server sends can crash the process or grow its memory: a truncated status
/// line or header block, a reset, garbage, bad chunking or a body past
/// `maximumBodyBytes` (endless or 1 GiB) ends the request as `.error`; no answer within
/// the timeout, body included, is `.timeout`. Bodies are counted and discarded.
/// Redirects: AsyncHTTPClient follows none; this client follows a 307 or 308 to the same
/// scheme, host and port (method and body kept, as the status requires), at most
/// `maximumRedirects` times, and never with `.never`; any other 3xx is the answer.
///
/// The headers sent are exactly the request's, in its order, plus `Host` and
/// `Content-Length` (nothing else: no `User-Agent`, `Accept-Encoding` or `Connection`).
/// Call `close()` once every request has ended: it shuts the client and its event loop
/// down (from a plain thread, never an async context).
public final class LiveHTTPClient: @unchecked Sendable {
  /// How the client treats a redirect answer (3xx with a Location).
  public enum RedirectPolicy: Sendable, Hashable {
    /// Follow a 307 or 308 to the endpoint's own scheme, host and port; any other is
    /// not followed and the 3xx status is the answer.
    case sameOrigin
    /// Never follow: the 3xx status is the answer.
    case never
  }

  /// How a request ended, as the transport sees it.
  public enum Completion: Sendable, Hashable {
    case status(Int)
    case timeout
    /// Connection refused, dropped, reset, a malformed answer...: the description says which.
    case error(String)
    case cancelled
  }

  /// The most response body bytes read before the request ends as an error.
  public static let maximumBodyBytes = 64 * 1024
  /// The most same-origin redirects followed for one request.
  public static let maximumRedirects = 5

  public let endpoint: LiveEndpoint
  public let redirects: RedirectPolicy
  /// The whole exchange's bound (`httpTimeout`): connect, send, head and body.
  public let timeout: TimeAmount
  private let group: MultiThreadedEventLoopGroup
  private let client: HTTPClient
  private let lock = NSLock()
  // Guarded by `lock`.
  private var closed = false

  /// - Parameters:
  ///   - timeout: seconds after which a request without its whole answer fails (`httpTimeout`).
  ///   - connections: the most connections open to the host at once.
  public init(endpoint: LiveEndpoint, redirects: RedirectPolicy = .sameOrigin, timeout: Double, connections: Int) {
    self.endpoint = endpoint
    self.redirects = redirects
    let nanoseconds = Int64(max(1e6, min(timeout * 1e9, 1e15)))
    self.timeout = .nanoseconds(nanoseconds)
    group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: self.timeout, read: self.timeout),
      connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, connections)),
      decompression: .disabled)
    configuration.httpVersion = .automatic
    // A refused connection is an answer of its own (`error`), not a reason to retry until
    // the timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    // Plain http to a name checked as loopback: connect to the address it was checked on,
    // never to what a second lookup might return.
    if let pinned = endpoint.pinnedAddress, let name = endpoint.url.host {
      configuration.dnsOverride[name] = pinned
      configuration.dnsOverride[endpoint.host] = pinned
    }
    client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
  }

  /// Sends one request; `completion` is called exactly once, never on the calling thread.
  @discardableResult
  public func start(
    method: String, url: String, headers: [(name: String, value: String)], body: [UInt8],
    completion: @escaping @Sendable (Completion) -> Void
  ) -> Exchange {
    let exchange = Exchange(client: self, method: method, headers: headers, body: body, completion: completion)
    lock.lock()
    let isClosed = closed
    lock.unlock()
    if isClosed {
      exchange.finish(.cancelled)
    } else {
      exchange.begin(url: url, hops: 0)
    }
    return exchange
  }

  /// Shuts the client, then its event loop, down; waits for both. Requests still running
  /// end as `.cancelled`. Call it from a plain thread (it blocks), once; later calls do
  /// nothing.
  public func close() {
    lock.lock()
    let wasClosed = closed
    closed = true
    lock.unlock()
    if wasClosed { return }
    let done = DispatchSemaphore(value: 0)
    client.shutdown(queue: .global()) { _ in done.signal() }
    done.wait()
    let groupDone = DispatchSemaphore(value: 0)
    group.shutdownGracefully(queue: .global()) { _ in groupDone.signal() }
    groupDone.wait()
  }

  fileprivate func execute(_ request: HTTPClient.Request, delegate: BoundedResponse, deadline: NIODeadline)
    -> HTTPClient.Task<BoundedResponse.Answer>
  {
    client.execute(request: request, delegate: delegate, deadline: deadline)
  }

  /// One request and the redirects it follows; `cancel()` ends it.
  public final class Exchange: @unchecked Sendable {
    private let client: LiveHTTPClient
    private let method: String
    private let headers: [(name: String, value: String)]
    private let body: [UInt8]
    private let completion: @Sendable (Completion) -> Void
    /// One deadline for the request and every redirect it follows.
    private let deadline: NIODeadline
    private let lock = NSLock()
    // Guarded by `lock`.
    private var task: HTTPClient.Task<BoundedResponse.Answer>?
    private var finished = false
    private var cancelled = false

    fileprivate init(
      client: LiveHTTPClient, method: String, headers: [(name: String, value: String)], body: [UInt8],
      completion: @escaping @Sendable (Completion) -> Void
    ) {
      self.client = client
      self.method = method
      self.headers = headers
      self.body = body
      self.completion = completion
      deadline = .now() + client.timeout
    }

    /// Ends the request: its completion is `.cancelled` unless it already came. The
    /// completion never runs on the calling thread (a caller may hold its own lock).
    public func cancel() {
      lock.lock()
      cancelled = true
      let running = task
      lock.unlock()
      running?.cancel()
      finish(.cancelled)
    }

    /// Hands `outcome` to the completion, the first time only, on another thread (the
    /// caller, or whoever started the request, may hold its own lock).
    fileprivate func finish(_ outcome: Completion) {
      lock.lock()
      let first = !finished
      finished = true
      lock.unlock()
      let completion = self.completion
      if first { DispatchQueue.global().async { completion(outcome) } }
    }

    fileprivate func begin(url text: String, hops: Int) {
      guard let url = URL(string: text), client.endpoint.isSameOrigin(url) || hops == 0 else {
        finish(.error("not the endpoint's URL: \(text)"))
        return
      }
      var fields = HTTPHeaders()
      for header in headers { fields.add(name: header.name, value: header.value) }
      let request: HTTPClient.Request
      do {
        request = try HTTPClient.Request(
          url: url, method: HTTPMethod(rawValue: method), headers: fields,
          body: .bytes(body))
      } catch {
        finish(.error("cannot send to \(text): \(error)"))
        return
      }
      let delegate = BoundedResponse(limit: LiveHTTPClient.maximumBodyBytes)
      lock.lock()
      if cancelled || finished {
        lock.unlock()
        return
      }
      let running = client.execute(request, delegate: delegate, deadline: deadline)
      task = running
      lock.unlock()
      running.futureResult.whenComplete { [self] result in
        switch result {
        case .success(let answer): answered(answer, url: url, hops: hops)
        case .failure(let error): finish(Self.completion(for: error))
        }
      }
    }

    private func answered(_ answer: BoundedResponse.Answer, url: URL, hops: Int) {
      guard (100...999).contains(answer.status) else {
        finish(.error("status \(answer.status) is not a 3-digit HTTP status"))
        return
      }
      let isFollowed = client.redirects == .sameOrigin && (answer.status == 307 || answer.status == 308)
      guard isFollowed, let location = answer.location, let next = URL(string: location, relativeTo: url)?.absoluteURL,
        client.endpoint.isSameOrigin(next)
      else {
        finish(.status(answer.status))
        return
      }
      guard hops < LiveHTTPClient.maximumRedirects else {
        finish(.error("too many redirects (more than \(LiveHTTPClient.maximumRedirects))"))
        return
      }
      begin(url: next.absoluteString, hops: hops + 1)
    }

    private static func completion(for error: any Error) -> Completion {
      if error is BoundedResponse.BodyTooLarge {
        return .error("response body over \(LiveHTTPClient.maximumBodyBytes) bytes")
      }
      if let error = error as? HTTPClientError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout:
          return .timeout
        case .cancelled: return .cancelled
        case .remoteConnectionClosed: return .error("connection closed before the whole answer")
        default: return .error("\(error)")
        }
      }
      if let error = error as? HTTPParserError { return .error("malformed answer (\(error))") }
      if let error = error as? IOError { return .error(describe(errno: error.errnoCode)) }
      if let error = error as? NIOConnectionError {
        let errnos = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        return .error(errnos.first.map(describe(errno:)) ?? "cannot connect to \(error.host):\(error.port)")
      }
      return .error("\(error)")
    }

    private static func describe(errno code: Int32) -> String {
      switch Errno(rawValue: code) {
      case .connectionRefused: "connection refused"
      case .connectionReset: "connection reset"
      case .brokenPipe: "connection lost"
      case let error: error.reason
      }
    }
  }
}

/// Reads an answer's head and counts its body up to a bound, keeping none of it.
final class BoundedResponse: HTTPClientResponseDelegate, @unchecked Sendable {
  /// The status and `Location` of an answer.
  struct Answer: Sendable {
    var status: Int
    var location: String?
  }

  /// The body went past the bound: the request fails and its connection is closed.
  struct BodyTooLarge: Error {}

  private let limit: Int
  // Touched only on the task's event loop, one call at a time (the delegate contract).
  private var head: Answer?
  private var received = 0

  init(limit: Int) {
    self.limit = limit
  }

  func didReceiveHead(task: HTTPClient.Task<Answer>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
    self.head = Answer(status: Int(head.status.code), location: head.headers.first(name: "location"))
    return task.eventLoop.makeSucceededVoidFuture()
  }

  func didReceiveBodyPart(task: HTTPClient.Task<Answer>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
    received += buffer.readableBytes
    if received > limit { return task.eventLoop.makeFailedFuture(BodyTooLarge()) }
    return task.eventLoop.makeSucceededVoidFuture()
  }

  func didFinishRequest(task: HTTPClient.Task<Answer>) throws -> Answer {
    guard let head else { throw HTTPClientError.remoteConnectionClosed }
    return head
  }
}
