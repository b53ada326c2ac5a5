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
  /// The kind of problem, which counts it in the stats (`.badLatitude`, `.checksum`).
  public var problem: ParseProblem
  /// Whether the whole input is unusable (not just one record).
  public var isFatal: Bool

  public init(
    format: String, location: SourceLocation, problem: ParseProblem, reason: String, isFatal: Bool = false
  ) {
    self.format = format
    self.location = location
    self.problem = problem
    self.reason = reason
    self.isFatal = isFatal
  }

  /// The same, the kind given by its key (`problem.key`): for a key read back from
  /// elsewhere. In code, name the kind with `init(format:location:problem:reason:isFatal:)`.
  public init(format: String, location: SourceLocation, key: String, reason: String, isFatal: Bool = false) {
    self.init(format: format, location: location, problem: ParseProblem(key), reason: reason, isFatal: isFatal)
  }

  /// The key that counts this kind of problem in the stats (`bad_latitude`, `checksum`).
  public var key: String { problem.key }

  public var description: String { "\(location): error: \(format): \(reason)" }
}
