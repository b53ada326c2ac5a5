/// A configuration file or option that cannot be used (exit code 64): where (file,
/// line:column), which key, and what was found instead of what was expected.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, `-` (standard input) or `--set key=value`.
  public var source: String
  /// The key path, e.g. `distanceFilter` or `replay.network.latencyMs`.
  public var key: String
  public var reason: String
  /// The line (from 1) of the offending value; 0 when unknown.
  public var line: Int
  /// The column (from 1) of the offending value; 0 when unknown.
  public var column: Int

  public init(source: String, key: String, reason: String, line: Int = 0, column: Int = 0) {
    self.source = source
    self.key = key
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// `cfg.json:3:17: error: config: 'replay.seed': expected a whole number, found 1.5`
  public var description: String {
    let place = SourceLocation(file: source, line: line, column: column > 0 ? column : nil)
    return key.isEmpty ? "\(place): error: config: \(reason)" : "\(place): error: config: '\(key)': \(reason)"
  }
}
