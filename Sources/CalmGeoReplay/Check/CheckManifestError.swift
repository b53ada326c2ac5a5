/// A check manifest or gates file that cannot be used (exit code 64): the file, the key,
/// and what was found instead of what was expected.
public struct CheckManifestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public var source: String
  /// The line (from 1) of the offending value; 0 when unknown.
  public var line: Int
  /// The column (from 1) on that line; 0 when unknown.
  public var column: Int = 0
  /// The key path in the file, e.g. `tracks[1].options.date` or `max`.
  public var key: String
  /// What is wrong, naming the value found and what was expected.
  public var reason: String
  /// What the file is, for the message: `check manifest` or `gates`.
  public var document: String

  public init(source: String, line: Int = 0, key: String, reason: String, document: String = "check manifest") {
    self.document = document
    self.source = source
    self.line = line
    self.key = key
    self.reason = reason
  }

  /// The same problem found by the spec readers shared with sweeps.
  init(_ error: SweepSpecError, document: String) {
    self.init(source: error.source, line: error.line, key: error.key, reason: error.reason, document: document)
    column = error.column
  }

  /// `check.json:12: error: check manifest: 'tracks[0].log': missing; …`
  public var description: String {
    let place = SourceLocation(file: source, line: line, column: column > 0 ? column : nil)
    return key.isEmpty
      ? "\(place): error: \(document): \(reason)"
      : "\(place): error: \(document): '\(key)': \(reason)"
  }
}
