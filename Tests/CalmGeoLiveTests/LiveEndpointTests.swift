import CalmGeoReplay
import Foundation
import Testing

@testable import CalmGeoLive

struct LiveEndpointTests {
  @Test func plainHTTPOnlyToLoopbackUnlessAllowed() throws {
    for url in ["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9000/x", "http://127.8.0.1/x"] {
      #expect(throws: Never.self) { try LiveEndpoint(url, allowInsecure: false) }
    }
    #expect(throws: DocumentError.self) { try LiveEndpoint("http://staging.example.com/x", allowInsecure: false) }
    #expect(throws: DocumentError.self) { try LiveEndpoint("http://10.0.0.5/x", allowInsecure: false) }
    #expect(throws: DocumentError.self) { try LiveEndpoint("http://128.0.0.1/x", allowInsecure: false) }
    let allowed = try LiveEndpoint("http://staging.example.com/x", allowInsecure: true)
    #expect(allowed.port == 80 && allowed.host == "staging.example.com")
    #expect(try LiveEndpoint("https://staging.example.com/x", allowInsecure: false).port == 443)
  }

  @Test func badURLsAreRefusedWithAReason() {
    #expect {
      try LiveEndpoint("ftp://127.0.0.1/x", allowInsecure: false)
    } throws: { "\($0)".contains("the scheme must be http or https") }
    #expect {
      try LiveEndpoint("not a url", allowInsecure: false)
    } throws: { "\($0)".contains("is not an absolute URL") }
  }

  @Test func sameOriginIsSchemeHostAndPort() throws {
    let endpoint = try LiveEndpoint("http://127.0.0.1:8080/x", allowInsecure: false)
    #expect(endpoint.isSameOrigin(URL(string: "http://127.0.0.1:8080/other")))
    #expect(!endpoint.isSameOrigin(URL(string: "http://127.0.0.2:8080/x")))
    #expect(!endpoint.isSameOrigin(URL(string: "http://127.0.0.1:8081/x")))
    #expect(!endpoint.isSameOrigin(URL(string: "https://127.0.0.1:8080/x")))
  }
}

struct LiveSpeedTests {
  @Test func parsesNumbersAndMax() {
    #expect(LiveSpeed("max") == .max)
    #expect(LiveSpeed("60") == .factor(60))
    #expect(LiveSpeed("0.5")?.scale == 0.5)
    #expect(LiveSpeed("0") == nil && LiveSpeed("-2") == nil && LiveSpeed("fast") == nil)
    #expect(LiveSpeed.max.scale == 1)
  }

  @Test func thePacerMapsVirtualTimeOntoWallTime() {
    // Speed 60: one virtual minute is one wall second = 1e9 ns after the start.
    let pacer = LivePacer(speed: .factor(60), origin: 1_000_000, start: 5_000)
    #expect(pacer.due(1_000_000) == 5_000)
    #expect(pacer.due(1_060_000) == 5_000 + 1_000_000_000)
    #expect(pacer.due(999_000) == 5_000)  // before the origin: due at once
    #expect(LivePacer(speed: .max, origin: 0).due(10_000) == nil)
    pacer.stop()
    #expect(pacer.due(1_060_000) == nil)
  }
}

/// Plain http goes only to a name whose resolved addresses are all loopback; the check is
/// on the addresses, never on the name's text, and the checked address is the one used.
struct LiveEndpointResolutionTests {
  private func resolver(_ table: [String: [String]]) -> LiveEndpoint.Resolver {
    { host throws(LiveEndpoint.ResolutionError) in
      guard let addresses = table[host] else { throw LiveEndpoint.ResolutionError(reason: "Name or service not known") }
      return addresses
    }
  }

  @Test func aLocalhostSuffixIsNotLoopbackByItsText() {
    // foo.localhost resolving to a private address: refused, though its name ends in .localhost.
    #expect {
      try LiveEndpoint(
        "http://foo.localhost:8080/x", allowInsecure: false,
        resolve: resolver(["foo.localhost": ["10.0.0.5"]]))
    } throws: {
      "\($0)".contains("refusing plain http to 'foo.localhost', which resolves to 10.0.0.5, not only loopback")
    }
    // One loopback address among others is not enough.
    #expect(throws: DocumentError.self) {
      try LiveEndpoint(
        "http://mixed.test/x", allowInsecure: false,
        resolve: resolver(["mixed.test": ["127.0.0.1", "192.168.1.2"]]))
    }
    // A name that does not resolve is refused with the resolver's reason.
    #expect {
      try LiveEndpoint("http://nowhere.localhost/x", allowInsecure: false, resolve: resolver([:]))
    } throws: { "\($0)".contains("it does not resolve (Name or service not known)") }
  }

  @Test func aNameResolvingToLoopbackIsAllowedAndPinned() throws {
    let endpoint = try LiveEndpoint(
      "http://ingest.test:8080/x", allowInsecure: false,
      resolve: resolver(["ingest.test": ["::1", "127.0.0.1"]]))
    // IPv4 preferred when both are there; the client connects to it, not to a new lookup.
    #expect(endpoint.pinnedAddress == "127.0.0.1")
    let v6 = try LiveEndpoint("http://ingest.test/x", allowInsecure: false, resolve: resolver(["ingest.test": ["::1"]]))
    #expect(v6.pinnedAddress == "::1")
    // Numeric addresses, https and --allow-insecure resolve nothing and pin nothing.
    let never: LiveEndpoint.Resolver = { host throws(LiveEndpoint.ResolutionError) in
      throw LiveEndpoint.ResolutionError(reason: "resolved \(host)")
    }
    #expect(try LiveEndpoint("http://127.0.0.1:9/x", allowInsecure: false, resolve: never).pinnedAddress == nil)
    #expect(try LiveEndpoint("https://ingest.test/x", allowInsecure: false, resolve: never).pinnedAddress == nil)
    #expect(try LiveEndpoint("http://ingest.test/x", allowInsecure: true, resolve: never).pinnedAddress == nil)
  }

  @Test func loopbackAddressesAreRecognisedAsNumbers() {
    for address in ["127.0.0.1", "127.255.0.9", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
      #expect(LiveEndpoint.isLoopbackAddress(address), "\(address)")
    }
    for address in ["128.0.0.1", "10.0.0.5", "::2", "localhost", "foo.localhost", "127.0.0"] {
      #expect(!LiveEndpoint.isLoopbackAddress(address), "\(address)")
    }
  }
}
