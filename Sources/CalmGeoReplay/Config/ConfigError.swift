/// A configuration file or option that cannot be used (exit code 64).
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, or `command line`.
  public var source: String
  /// The key path, e.g. `distanceFilter` or `replay.network.latencyMs`.
  public var key: String
  public var reason: String

  public init(source: String, key: String, reason: String) {
    self.source = source
    self.key = key
    self.reason = reason
  }

  public var description: String {
    key.isEmpty ? "\(source): error: config: \(reason)" : "\(source): error: config: '\(key)': \(reason)"
  }
}
