/// An input record or file that could not be read.
///
/// The error holds data; `description` renders it as
/// `path:line[:column]: error: <format>: <reason>`.
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The format being read (`csv`, `nmea`, `gpx`, `gzip`, ...).
  public var format: String
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong, in words.
  public var reason: String
  /// A short key that counts this kind of problem in the stats (`bad_latitude`, `checksum`).
  public var key: String
  /// Whether the whole input is unusable (not just one record).
  public var isFatal: Bool

  public init(format: String, location: SourceLocation, key: String, reason: String, isFatal: Bool = false) {
    self.format = format
    self.location = location
    self.key = key
    self.reason = reason
    self.isFatal = isFatal
  }

  public var description: String { "\(location): error: \(format): \(reason)" }
}
