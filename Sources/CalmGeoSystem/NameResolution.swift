#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Host names and numeric addresses, through the system's resolver.
package enum NameResolution {
  /// Why a name could not be resolved: `gai_strerror`'s words.
  package struct Failure: Error, Sendable {
    package var reason: String
  }

  /// Whether `host` is a numeric IPv4 or IPv6 address rather than a name (`inet_pton`).
  package static func isNumericAddress(_ host: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
  }

  /// The numeric addresses of `host`, each once, in the resolver's order (`getaddrinfo`).
  package static func addresses(of host: String) throws(Failure) -> [String] {
    var hints = addrinfo()
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &list)
    guard status == 0 else { throw Failure(reason: String(cString: gai_strerror(status))) }
    defer { freeaddrinfo(list) }
    var addresses: [String] = []
    var cursor = list
    while let entry = cursor?.pointee {
      var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      if let address = entry.ai_addr,
        getnameinfo(address, entry.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
      {
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !addresses.contains(text) { addresses.append(text) }
      }
      cursor = entry.ai_next
    }
    return addresses
  }
}
