/// Streams one opened log through parser, normalizer and engine: the whole replay of
/// one track, in memory that does not grow with the file.
public enum ReplayRunner {
  /// What one replay read and produced.
  public struct Outcome: Sendable {
    public var format: InputFormat
    public var diagnostics: InputDiagnostics
    public var result: ReplayResult
  }

  /// Replays `opened` under `configuration`, reporting outputs to `observer` as they happen.
  ///
  /// Throws a fatal `ParseError` when the log yields no usable fix at all.
  public static func run<Observer: ReplayObserver>(
    _ opened: InputOpener.Opened, options: ParseOptions, configuration: ReplayConfiguration,
    observer: inout Observer
  ) throws(ParseError) -> Outcome {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    var engine = ReplayEngine(config: configuration.calmGeo, settings: configuration.replay, observer: observer)
    let used = try TrackReader.readNormalized(
      opened, options: options, speedPolicy: configuration.speedPolicy, diagnostics: &diagnostics
    ) { engine.process($0) }
    guard used > 0 else { throw noFix(opened, diagnostics) }
    let result = engine.finish()
    observer = engine.observer
    return Outcome(format: opened.format, diagnostics: diagnostics, result: result)
  }

  /// Replays fixes already in memory (sweeps: one parsed track, many configurations).
  public static func run<Observer: ReplayObserver>(
    _ track: Track, configuration: ReplayConfiguration, observer: inout Observer
  ) -> ReplayResult {
    var engine = ReplayEngine(config: configuration.calmGeo, settings: configuration.replay, observer: observer)
    engine.process(track.fixes)
    let result = engine.finish()
    observer = engine.observer
    return result
  }

  /// The error for a log that yields no usable fix (exit code 65).
  public static func noFix(_ opened: InputOpener.Opened, _ diagnostics: InputDiagnostics) -> ParseError {
    var reason = "no usable fix in \(diagnostics.recordsRead) records read as \(opened.format.rawValue)"
    let skipped = diagnostics.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    if !skipped.isEmpty { reason += " (skipped: \(skipped.joined(separator: ", ")))" }
    return ParseError(format: opened.format.rawValue, location: SourceLocation(file: opened.source.name, line: 0),
                      key: "no_fix", reason: reason, isFatal: true)
  }
}
