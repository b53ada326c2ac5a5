/// A document the user wrote (a config, check manifest, gates, sweep spec, geofences or
/// scenario file, or a `--set`) that cannot be used: where (file, line:column), which
/// key, and what was found instead of what was expected. Every one exits 64.
///
/// `description` is `<place>: error: <document>: '<key>': <reason>`, or without the key
/// part when `key` is empty; a scenario names its entry unquoted (`calls[3]: <reason>`).
public struct DocumentError: Error, CustomStringConvertible, Hashable, Sendable {
  /// Which kind of document is at fault; its raw value is the word in the message.
  public enum Document: String, Hashable, Sendable, CaseIterable {
    case config
    case checkManifest = "check manifest"
    case gates
    case sweepSpec = "sweep spec"
    case geofences
    case scenario

    /// Whether the message quotes the key (`'replay.seed': `) or names it bare (`calls[3]: `).
    var quotesKey: Bool { self != .scenario }
  }

  /// What the document is, for the message.
  public var document: Document
  /// The file as the user named it, `-` (standard input), `command line` or `--set key=value`.
  public var source: String
  /// The line (from 1) of the offending value; 0 when unknown.
  public var line: Int
  /// The column (from 1, Unicode scalars) on that line; 0 when unknown.
  public var column: Int
  /// The key path or entry, e.g. `replay.network.latencyMs`, `geofences[1].radius` or
  /// `calls[3]`; empty for the document as a whole.
  public var key: String
  /// What is wrong, naming the value found and what was expected.
  public var reason: String

  public init(_ document: Document, source: String, line: Int = 0, column: Int = 0, key: String = "", reason: String) {
    self.document = document
    self.source = source
    self.line = line
    self.column = column
    self.key = key
    self.reason = reason
  }

  /// 64: a usage or configuration error, whatever the document.
  public var exitCode: Int32 { 64 }

  /// The same problem reported as one of `document` (a reader shared by every document
  /// reports its syntax errors as a sweep spec's).
  public func reported(as document: Document) -> DocumentError {
    var copy = self
    copy.document = document
    return copy
  }

  /// `cfg.json:3:17: error: config: 'replay.seed': expected a whole number, found 1.5`
  public var description: String {
    let place = SourceLocation(file: source, line: line, column: column > 0 ? column : nil)
    if key.isEmpty { return "\(place): error: \(document.rawValue): \(reason)" }
    let what = document.quotesKey ? "'\(key)'" : key
    return "\(place): error: \(document.rawValue): \(what): \(reason)"
  }
}
