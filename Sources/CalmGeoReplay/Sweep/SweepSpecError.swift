/// A sweep spec that cannot be used (exit code 64): the file, the key, and what was
/// found instead of what was expected.
public struct SweepSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The spec file as the user named it.
  public var source: String
  /// The line (from 1) of the offending value; 0 when unknown.
  public var line: Int
  /// The column (from 1) on that line; 0 when unknown.
  public var column: Int = 0
  /// The key path in the spec, e.g. `vary.distanceFilter.step` or `objectives[1]`.
  public var key: String
  /// What is wrong, naming the value found and what was expected.
  public var reason: String

  public init(source: String, line: Int = 0, column: Int = 0, key: String, reason: String) {
    self.source = source
    self.line = line
    self.column = column
    self.key = key
    self.reason = reason
  }

  /// `sweep.yaml:12: error: sweep spec: 'vary.distanceFilter.step': expected …`
  public var description: String {
    let place = SourceLocation(file: source, line: line, column: column > 0 ? column : nil)
    return key.isEmpty
      ? "\(place): error: sweep spec: \(reason)"
      : "\(place): error: sweep spec: '\(key)': \(reason)"
  }
}
