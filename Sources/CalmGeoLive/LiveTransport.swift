import CalmGeoReplay
import Foundation

/// One device's requests on the real network, under the fleet's pacing
/// (`LiveUploadTransport`).
///
/// Virtual latency = real latency × the speed's scale, rounded to the millisecond; a
/// request without an answer `httpTimeout` real milliseconds after it was sent is a
/// timeout of exactly `httpTimeout` × scale (and is cancelled). At a finite speed an
/// answer not in by the wall time of virtual `now` leaves the request in flight at
/// `now`; at `max` every question waits for the answer. An answer that comes after it
/// was withheld at `now` completes no earlier than `now + 1` ms, so the replay of the
/// recorded answers sees exactly what this run saw. A virtual latency is at most
/// `RecordedNetwork.maximumLatency` (what `--network` reads back).
///
/// Once the pacer is stopped (the first interrupt), no new request goes out: a request
/// the replay makes after that (the final sync, which would send again the records of a
/// request still in flight) is recorded as abandoned, not sent.
public final class LiveTransport: LiveUploadTransport, @unchecked Sendable {
  public let device: Int
  public let track: String
  private let client: LiveHTTPClient
  private let pacer: LivePacer
  private let timeoutNanos: UInt64
  private let timeoutMs: Double

  private struct Pending {
    var sentAt: Int64
    var sentWall: UInt64
    var exchange: LiveHTTPClient.Exchange?
    var arrived: (wall: UInt64, completion: LiveHTTPClient.Completion)?
    var withheldAt: Int64?
    var notSent = false
  }

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var pending: [Int: Pending] = [:]
  private var recorded: [RecordedNetwork.Entry] = []
  private var abandoning = false

  /// - Parameter timeout: `httpTimeout`, ms.
  public init(device: Int, track: String, client: LiveHTTPClient, pacer: LivePacer, timeout: Int) {
    self.device = device
    self.track = track
    self.client = client
    self.pacer = pacer
    timeoutMs = Double(max(1, timeout))
    timeoutNanos = UInt64(max(1, timeout)) * 1_000_000
  }

  /// The answers given so far, in the order the replay took them.
  public var entries: [RecordedNetwork.Entry] {
    condition.lock()
    defer { condition.unlock() }
    return recorded
  }

  public func send(_ request: UploadRequest, body: [UInt8]) {
    pacer.wait(until: request.sentAt)
    condition.lock()
    defer { condition.unlock() }
    let now = LivePacer.now()
    var entry = Pending(sentAt: request.sentAt, sentWall: now)
    if abandoning || pacer.isStopped {
      entry.arrived = (now, .cancelled)
      entry.notSent = true
      pending[request.sequence] = entry
      return
    }
    pending[request.sequence] = entry
    let sequence = request.sequence
    let url = client.endpoint.isSameOrigin(URL(string: request.url)) ? request.url : client.endpoint.url.absoluteString
    pending[sequence]?.exchange = client.start(
      method: request.method.rawValue, url: url, headers: request.headers.map { (name: $0.name, value: $0.value) },
      body: body
    ) { [weak self] completion in
      self?.arrive(sequence, completion)
    }
  }

  public func answer(to sequence: Int, by now: Int64?) -> TransportAnswer? {
    condition.lock()
    defer { condition.unlock() }
    while let request = pending[sequence] {
      let wall = LivePacer.now()
      if let arrived = request.arrived { return take(sequence, request, arrivedAt: arrived.wall, arrived.completion) }
      let timeoutAt = request.sentWall &+ timeoutNanos
      if wall >= timeoutAt {
        request.exchange?.cancel()
        return take(sequence, request, arrivedAt: timeoutAt, .timeout)
      }
      var deadline = timeoutAt
      if let now, let due = pacer.due(now) {
        if wall >= due {
          pending[sequence]?.withheldAt = now
          return nil
        }
        deadline = min(deadline, due)
      }
      _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - wall) / 1e9))
    }
    return nil
  }

  /// Gives up every request still waiting for its answer (a second interrupt): they end
  /// as connection errors marked abandoned, and later sends are not sent.
  public func abandon() {
    condition.lock()
    abandoning = true
    let now = LivePacer.now()
    for (sequence, request) in pending where request.arrived == nil {
      pending[sequence]?.arrived = (now, .cancelled)
      request.exchange?.cancel()
    }
    condition.broadcast()
    condition.unlock()
  }

  private func arrive(_ sequence: Int, _ completion: LiveHTTPClient.Completion) {
    let now = LivePacer.now()
    condition.lock()
    if pending[sequence] != nil && pending[sequence]?.arrived == nil { pending[sequence]?.arrived = (now, completion) }
    condition.broadcast()
    condition.unlock()
  }

  /// Turns an arrival into the replay's answer and records it. Called with the lock held.
  private func take(_ sequence: Int, _ request: Pending, arrivedAt: UInt64, _ completion: LiveHTTPClient.Completion)
    -> TransportAnswer
  {
    pending.removeValue(forKey: sequence)
    var wallMs = Double(arrivedAt &- request.sentWall) / 1e6
    var outcome: NetworkModel.Outcome
    switch completion {
    case .status(let code): outcome = .status(code)
    case .timeout: outcome = .timeout
    case .error, .cancelled: outcome = .error
    }
    if outcome != .error && wallMs >= timeoutMs || completion == .timeout {
      outcome = .timeout
      wallMs = timeoutMs
    }
    let maximum = RecordedNetwork.maximumLatency
    var latency = Int64(min((wallMs * pacer.speed.scale).rounded(), Double(maximum)))
    if let withheldAt = request.withheldAt, request.sentAt + latency <= withheldAt {
      latency = min(withheldAt + 1 - request.sentAt, maximum)
    }
    let answer = TransportAnswer(latency: latency, outcome: outcome)
    recorded.append(
      RecordedNetwork.Entry(
        track: track, device: device, sequence: sequence, sentAt: request.sentAt, answer: answer, wallMs: wallMs,
        abandoned: completion == .cancelled, notSent: request.notSent))
    return answer
  }
}
