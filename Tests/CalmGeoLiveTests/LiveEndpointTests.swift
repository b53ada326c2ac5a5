import CalmGeoReplay
import Foundation
import Testing
@testable import CalmGeoLive

struct LiveEndpointTests {
  @Test func plainHTTPOnlyToLoopbackUnlessAllowed() throws {
    for url in ["http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9000/x", "http://127.8.0.1/x"] {
      #expect(throws: Never.self) { try LiveEndpoint(url, allowInsecure: false) }
    }
    #expect(throws: ConfigError.self) { try LiveEndpoint("http://staging.example.com/x", allowInsecure: false) }
    #expect(throws: ConfigError.self) { try LiveEndpoint("http://10.0.0.5/x", allowInsecure: false) }
    #expect(throws: ConfigError.self) { try LiveEndpoint("http://128.0.0.1/x", allowInsecure: false) }
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
