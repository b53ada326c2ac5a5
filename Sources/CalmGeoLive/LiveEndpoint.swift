import CalmGeoReplay
import Foundation

/// The server a live run sends to, checked before anything is sent: http or https only,
/// and plain http only to a loopback host unless insecure transport is allowed.
public struct LiveEndpoint: Sendable, Hashable {
  public let url: URL
  /// `http` or `https`.
  public let scheme: String
  /// Lowercased, without IPv6 brackets.
  public let host: String
  /// The port, the scheme's default when the URL names none.
  public let port: Int

  /// Validates `text` (`--url`).
  /// - Throws: `ConfigError` (exit code 64) saying what is wrong and what to do.
  public init(_ text: String, allowInsecure: Bool) throws(ConfigError) {
    func failure(_ reason: String) -> ConfigError { ConfigError(source: "command line", key: "--url", reason: reason) }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let rawHost = url.host, !rawHost.isEmpty
    else {
      throw failure("'\(Redaction.url(text))' is not an absolute URL such as https://ingest.example.com/locations")
    }
    guard scheme == "http" || scheme == "https" else {
      throw failure("the scheme must be http or https, found '\(scheme)'")
    }
    let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if scheme == "http" && !allowInsecure && !Self.isLoopback(host) {
      throw failure("refusing plain http to '\(host)', which is not a loopback host: use https, "
        + "or pass --allow-insecure if this network is trusted")
    }
    self.url = url
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }

  /// Whether a redirect to `other` stays on this endpoint's scheme, host and port.
  public func isSameOrigin(_ other: URL?) -> Bool {
    guard let other, let scheme = other.scheme?.lowercased(), let host = other.host?.lowercased() else { return false }
    let port = other.port ?? (scheme == "https" ? 443 : 80)
    return scheme == self.scheme && host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == self.host
      && port == self.port
  }

  /// `localhost`, `127.0.0.0/8` and `::1`.
  public static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
    return parts[0] == "127"
  }
}
