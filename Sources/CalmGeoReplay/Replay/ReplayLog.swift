import Foundation

/// A log replayed straight from its file (`ReplayRunner.run(source:…)`): parsed with `options`,
/// normalized and handed to the engine fix by fix, in memory that does not grow with the file.
public struct ReplayLog: ReplaySource {
  public var opened: InputOpener.Opened
  public var options: ParseOptions
  /// Whether the log is parsed on a thread of its own while the engine replays what was
  /// parsed so far (`FixPipeline`); by default where the machine has more than one core.
  /// Either way the replay and its outputs are the same, byte for byte.
  public var readsAhead: Bool

  public init(
    _ opened: InputOpener.Opened, options: ParseOptions,
    readsAhead: Bool = ProcessInfo.processInfo.activeProcessorCount > 1
  ) {
    self.opened = opened
    self.options = options
    self.readsAhead = readsAhead
  }

  /// Throws a fatal `ParseError` when the log yields no usable fix at all.
  public func feed<Observer: ReplayObserver>(
    _ engine: inout ReplayEngine<Observer>, configuration: ReplayConfiguration, options replayOptions: ReplayOptions
  ) throws(ParseError) -> ReplayInput {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    let used: Int
    if readsAhead {
      // The reading thread has the opened file to itself until it hands back the end.
      let log = ReadOnce(opened: opened, options: options, speedPolicy: configuration.speedPolicy)
      // The log's SHA-256 is taken by whichever thread would wait (the reading one is the
      // slower on most logs), in the order the bytes were read.
      let relay = opened.checksum.map { ChecksumRelay($0) }
      defer { relay?.finish() }
      used = try FixPipeline.run(
        read: { (diagnostics, emit) throws(ParseError) in try log.read(diagnostics: &diagnostics, emit: emit) },
        spareWork: { relay?.hashNext(waiting: false) ?? false },
        diagnostics: &diagnostics, replay: { engine.process(contentsOf: $0) })
    } else {
      used = try TrackReader.readNormalized(
        opened, options: options, speedPolicy: configuration.speedPolicy, diagnostics: &diagnostics
      ) { engine.process($0) }
    }
    guard used > 0 else { throw ReplayRunner.noFix(opened, diagnostics) }
    var input = ReplayInput(
      name: opened.source.name, format: opened.format, gzipped: opened.gzipped, diagnostics: diagnostics)
    input.sha256 = try opened.checksum?.finish()
    return input
  }
}

/// The opened log as the reading thread takes it: used by that thread alone.
private struct ReadOnce: @unchecked Sendable {
  let opened: InputOpener.Opened
  let options: ParseOptions
  let speedPolicy: FixNormalizer.SpeedPolicy

  func read(diagnostics: inout InputDiagnostics, emit: (Fix) -> Void) throws(ParseError) -> Int {
    try TrackReader.readNormalized(
      opened, options: options, speedPolicy: speedPolicy, diagnostics: &diagnostics, emit: emit)
  }
}

extension ReplayRunner {
  /// Why a log gave no fix, and the option that helps where one does.
  static func noFixReasons(_ format: InputFormat, _ d: InputDiagnostics) -> [String] {
    var why: [String] = []
    let ignored = d.ignored
    if d.recordsRead == 0 {
      why.append(
        "nothing in the file is a record of that format; if the file is another format, --input-format names it")
    }
    if let other = ignored["fix_other_provider"] {
      why.append(
        "\(other) Fix records are from other providers than the one read (gps by default): --provider all "
          + "reads them; a CSV that only looks like GnssLogger's is read with --input-format csv")
    }
    if let epochs = ignored["no_fix_epoch"] {
      why.append("\(epochs) epochs, all without a fix (RMC status V, GGA quality 0 or an empty position)")
    }
    if let rows = ignored["no_fix"] { why.append("\(rows) rows without a fix (position 0,0 or a no-fix flag)") }
    if let points = ignored["unselected_trkpt"] { why.append("\(points) track points are outside --track/--segment") }
    if let checksums = d.skipped[ParseProblem.checksum.key] {
      why.append("\(checksums) sentences dropped for a bad checksum (is the file cut or re-encoded?)")
    }
    if let backwards = d.skipped[ParseProblem.timeBackwards.key] {
      why.append("\(backwards) fixes went back in time: --sort replays them in time order")
    }
    if d.skippedTotal > 0, why.isEmpty, let first = d.firstProblems.first {
      why.append("every record was bad; the first: \(first.reason)")
    }
    return why
  }

  /// The error for a log that yields no usable fix (exit code 65).
  public static func noFix(_ opened: InputOpener.Opened, _ diagnostics: InputDiagnostics) -> ParseError {
    var reason = "no usable fix in \(diagnostics.recordsRead) records read as \(opened.format.rawValue)"
    let skipped = diagnostics.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    if !skipped.isEmpty { reason += " (skipped: \(skipped.joined(separator: ", ")))" }
    let why = noFixReasons(opened.format, diagnostics)
    if !why.isEmpty { reason += ": " + why.joined(separator: "; ") }
    return ParseError(
      format: opened.format.rawValue, location: SourceLocation(file: opened.source.name, line: 0),
      problem: .noFix, reason: reason, isFatal: true)
  }
}
