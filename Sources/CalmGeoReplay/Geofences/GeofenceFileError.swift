/// A geofences file that cannot be used (exit code 64): the file, the line and column,
/// the entry, and what was found instead of what was expected.
public struct GeofenceFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public var source: String
  /// The line (from 1) of the offending value; 0 when unknown.
  public var line: Int
  /// The column (from 1, Unicode scalars); 0 when unknown.
  public var column: Int
  /// The entry, e.g. `geofences[1].radius`; empty for the file as a whole.
  public var entry: String
  /// What is wrong, naming the value found and what was expected.
  public var reason: String

  public init(source: String, line: Int = 0, column: Int = 0, entry: String, reason: String) {
    self.source = source
    self.line = line
    self.column = column
    self.entry = entry
    self.reason = reason
  }

  /// `home.yaml:4:11: error: geofences: 'geofences[0].radius': expected …`
  public var description: String {
    let place = SourceLocation(file: source, line: line, column: column > 0 ? column : nil)
    return entry.isEmpty
      ? "\(place): error: geofences: \(reason)"
      : "\(place): error: geofences: '\(entry)': \(reason)"
  }
}
