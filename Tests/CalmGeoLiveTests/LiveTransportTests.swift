import Foundation
import Testing

@testable import CalmGeoLive
@testable import CalmGeoReplay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live transport's mapping of real answers onto the virtual clock, against a
/// loopback socket that accepts connections and never answers (so every request times out).
struct LiveTransportTests {
  /// A listening socket on 127.0.0.1 that never reads or answers.
  final class SilentServer {
    let descriptor: Int32
    let port: Int
    init() throws {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      self.descriptor = descriptor
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
          bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
            && getsockname(descriptor, pointer, &length) == 0
        }
      }
      guard bound else { throw POSIXError(.EADDRINUSE) }
      port = Int(UInt16(bigEndian: address.sin_port))
    }
    deinit { close(descriptor) }
  }

  private func request(_ sequence: Int, sentAt: Int64, url: String) -> UploadRequest {
    UploadRequest(
      sequence: sequence, sentAt: sentAt, completedAt: sentAt, latency: 0, method: .post, url: url,
      headers: [("Content-Type", "application/json")], recordCount: 1, bodyBytes: 2, duplicates: 0,
      outcome: .timeout, recordSequences: [0])
  }

  @Test(.timeLimit(.minutes(10)))
  func aTimeoutLastsHttpTimeoutTimesTheSpeed() throws {
    // httpTimeout 50 ms at speed 2: the virtual latency is 50 × 2 = 100 ms.
    let server = try SilentServer()
    let url = "http://127.0.0.1:\(server.port)/x"
    let client = LiveHTTPClient(endpoint: try LiveEndpoint(url, allowInsecure: false), timeout: 0.05, connections: 2)
    defer { client.close() }
    let pacer = LivePacer(speed: .factor(2), origin: 0)
    let transport = LiveTransport(device: 1, track: "t", client: client, pacer: pacer, timeout: 50)
    transport.send(request(1, sentAt: 0, url: url), body: Array("[]".utf8))
    #expect(transport.answer(to: 1, by: nil) == TransportAnswer(latency: 100, outcome: .timeout))
    #expect(transport.entries.map(\.wallMs) == [50])
  }

  @Test(.timeLimit(.minutes(10)))
  func anAnswerWithheldAtNowCompletesAfterNow() throws {
    // Speed 0.01, the pacer's origin at virtual 10 000: virtual 1 000 is due at once, so
    // asked at 1 000 the request (no answer yet) is withheld: in flight at 1 000. Its
    // timeout, 50 ms later, would be 50 × 0.01 = 0.5 → 1 ms virtual, before 1 000: it
    // completes at 1 000 + 1 = 1 001 instead, as the replay already saw it in flight.
    let server = try SilentServer()
    let url = "http://127.0.0.1:\(server.port)/x"
    let client = LiveHTTPClient(endpoint: try LiveEndpoint(url, allowInsecure: false), timeout: 0.05, connections: 2)
    defer { client.close() }
    let pacer = LivePacer(speed: .factor(0.01), origin: 10_000)
    let transport = LiveTransport(device: 1, track: "t", client: client, pacer: pacer, timeout: 50)
    transport.send(request(1, sentAt: 0, url: url), body: Array("[]".utf8))
    #expect(transport.answer(to: 1, by: 1000) == nil)
    #expect(transport.answer(to: 1, by: nil) == TransportAnswer(latency: 1001, outcome: .timeout))
    #expect(transport.entries.first?.answer.latency == 1001)
  }

  @Test(.timeLimit(.minutes(10)))
  func abandonedRequestsEndAsErrorsAndLaterOnesAreNotSent() throws {
    let server = try SilentServer()
    let url = "http://127.0.0.1:\(server.port)/x"
    let client = LiveHTTPClient(endpoint: try LiveEndpoint(url, allowInsecure: false), timeout: 10, connections: 2)
    defer { client.close() }
    let transport = LiveTransport(
      device: 1, track: "t", client: client, pacer: LivePacer(speed: .max, origin: 0),
      timeout: 10_000)
    transport.send(request(1, sentAt: 0, url: url), body: Array("[]".utf8))
    transport.abandon()
    transport.send(request(2, sentAt: 5, url: url), body: Array("[]".utf8))
    #expect(transport.answer(to: 1, by: nil)?.outcome == .error)
    #expect(transport.answer(to: 2, by: nil)?.outcome == .error)
    #expect(transport.entries.map(\.abandoned) == [true, true])
    // The first was sent, then abandoned; the second never left.
    #expect(transport.entries.map(\.notSent) == [false, true])
  }
}
