/// Everything known about one finished replay, for `stats.json` and the summary.
public struct ReplayReport: Sendable {
  public var track: String
  public var format: InputFormat
  public var gzipped: Bool
  public var configuration: ReplayConfiguration
  public var diagnostics: InputDiagnostics
  public var result: ReplayResult

  public init(track: String, format: InputFormat, gzipped: Bool, configuration: ReplayConfiguration,
              diagnostics: InputDiagnostics, result: ReplayResult) {
    self.track = track
    self.format = format
    self.gzipped = gzipped
    self.configuration = configuration
    self.diagnostics = diagnostics
    self.result = result
  }

  /// Fixes handed to the engine (after time-order drops).
  public var fixesUsed: Int { result.machine.fixes }
}
