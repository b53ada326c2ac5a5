/// A log read into memory: its fixes in time order and what reading it found.
public struct Track: Sendable {
  /// The input's name as given by the user.
  public var name: String
  /// The format it was read as.
  public var format: InputFormat
  /// Fixes with strictly increasing times.
  public var fixes: [Fix]
  /// Counts of records read, skipped and estimated.
  public var diagnostics: InputDiagnostics

  public init(name: String, format: InputFormat, fixes: [Fix], diagnostics: InputDiagnostics) {
    self.name = name
    self.format = format
    self.fixes = fixes
    self.diagnostics = diagnostics
  }
}
