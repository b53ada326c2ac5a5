import CalmGeoReplay
import CalmGeoSystem
import Foundation

/// The server a live run sends to, checked before anything is sent: http or https only,
/// and plain http only to a host whose resolved addresses are all loopback unless
/// insecure transport is allowed.
///
/// The loopback check is made on the addresses the name resolves to, never on its text
/// (`foo.localhost` is loopback only if it resolves there), and the request then goes
/// to the checked address (`pinnedAddress`): the name is not resolved a second time.
public struct LiveEndpoint: Sendable, Hashable {
  /// Resolves a host name to numeric addresses (`127.0.0.1`, `::1`); throws a reason.
  public typealias Resolver = @Sendable (String) throws(ResolutionError) -> [String]

  /// Why a name did not resolve.
  public struct ResolutionError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
  }

  public let url: URL
  /// `http` or `https`.
  public let scheme: String
  /// Lowercased, without IPv6 brackets.
  public let host: String
  /// The port, the scheme's default when the URL names none.
  public let port: Int
  /// Plain http to a name checked as loopback: the numeric address it resolved to, which
  /// the client connects to (the `Host` header keeps the name). Nil otherwise.
  public let pinnedAddress: String?

  /// Validates `text` (`--url`); `resolve` turns a name into addresses (the system's
  /// resolver by default).
  /// - Throws: `DocumentError` (exit code 64) saying what is wrong and what to do.
  public init(_ text: String, allowInsecure: Bool, resolve: Resolver = LiveEndpoint.systemResolve)
    throws(DocumentError)
  {
    func failure(_ reason: String) -> DocumentError {
      DocumentError(.config, source: "command line", key: "--url", reason: reason)
    }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let rawHost = url.host, !rawHost.isEmpty
    else {
      throw failure("'\(Redaction.url(text))' is not an absolute URL such as https://ingest.example.com/locations")
    }
    guard scheme == "http" || scheme == "https" else {
      throw failure("the scheme must be http or https, found '\(scheme)'")
    }
    let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    var pinned: String?
    if scheme == "http" && !allowInsecure {
      let advice = "use https, or pass --allow-insecure if this network is trusted"
      if Self.isNumericAddress(host) {
        guard Self.isLoopbackAddress(host) else {
          throw failure("refusing plain http to '\(host)', which is not a loopback address: \(advice)")
        }
      } else {
        let addresses: [String]
        do {
          addresses = try resolve(host)
        } catch {
          throw failure(
            "refusing plain http to '\(host)': it does not resolve (\(error.reason)), and plain http "
              + "goes only to a name that resolves to loopback: \(advice)")
        }
        guard let first = addresses.first, addresses.allSatisfy(Self.isLoopbackAddress) else {
          throw failure(
            "refusing plain http to '\(host)', which resolves to "
              + "\(addresses.isEmpty ? "no address" : addresses.joined(separator: ", ")), not only loopback: \(advice)")
        }
        pinned = addresses.first { !$0.contains(":") } ?? first
      }
    }
    self.url = url
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
    pinnedAddress = pinned
  }

  /// Whether a redirect to `other` stays on this endpoint's scheme, host and port.
  public func isSameOrigin(_ other: URL?) -> Bool {
    guard let other, let scheme = other.scheme?.lowercased(), let host = other.host?.lowercased() else { return false }
    let port = other.port ?? (scheme == "https" ? 443 : 80)
    return scheme == self.scheme && host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == self.host
      && port == self.port
  }

  /// `127.0.0.0/8`, `::1` and IPv4-mapped `::ffff:127.x.x.x`, as numeric text.
  public static func isLoopbackAddress(_ address: String) -> Bool {
    let text = address.lowercased()
    if text == "::1" || text == "0:0:0:0:0:0:0:1" { return true }
    let v4 = text.hasPrefix("::ffff:") ? String(text.dropFirst(7)) : text
    let parts = v4.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
    return parts[0] == "127"
  }

  /// Whether `host` is a numeric IPv4 or IPv6 address rather than a name.
  public static func isNumericAddress(_ host: String) -> Bool {
    NameResolution.isNumericAddress(host)
  }

  /// The system's resolver (`getaddrinfo`): the numeric addresses of `host`.
  @Sendable public static func systemResolve(_ host: String) throws(ResolutionError) -> [String] {
    do throws(NameResolution.Failure) {
      return try NameResolution.addresses(of: host)
    } catch {
      throw ResolutionError(reason: error.reason)
    }
  }
}
