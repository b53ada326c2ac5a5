/// The library's one replay entry point: a log (streamed) or a track in memory, through
/// parser, normalizer and engine, to one `ReplayResult`. The configuration's scenario
/// (the app's calls) drives the engine; an entry that could not run on the log is in
/// `result.scenarioError` (the CLI reports it, exit 64).
public enum ReplayRunner {
  /// Replays `opened` under `configuration`, reporting events to `observer` as they
  /// happen, in memory that does not grow with the file; with `metrics`, the fidelity
  /// and stop/start metrics are measured alongside (`result.metrics`). `transport`
  /// answers the upload requests (the simulated network by default).
  ///
  /// Throws a fatal `ParseError` when the log yields no usable fix at all.
  public static func run<Observer: ReplayObserver>(
    _ opened: InputOpener.Opened, options: ParseOptions, configuration: ReplayConfiguration,
    observer: inout Observer, metrics: Bool = false, transport: UploadTransport = .simulated
  ) throws(ParseError) -> ReplayResult {
    guard metrics else {
      return try run(opened, options: options, configuration: configuration, observer: &observer, transport: transport)
    }
    return try measuring(MetricsObserver(settings: configuration.replay), beside: &observer) {
      (pair: inout ObserverPair<MetricsObserver, Observer>) throws(ParseError) -> ReplayResult in
      try run(opened, options: options, configuration: configuration, observer: &pair, transport: transport)
    }
  }

  /// Replays fixes already in memory; with `metrics`, measured alongside (sweeps that do
  /// not rank on the Hausdorff distance skip it: `computesHausdorff` false; nor on the run's min-#
  /// answers: `solvesEfficiency` false, `efficiency` then has the run's side and the track's ladder).
  /// `analysis` (of this track) saves work that every replay of it would repeat; the
  /// result is the same with or without it. `transport` answers the requests;
  /// `shouldStop`, asked before each fix, ends the log early (an interrupted live run), the
  /// replay then finishing as at the log's end.
  public static func run<Observer: ReplayObserver>(
    _ track: Track, configuration: ReplayConfiguration, observer: inout Observer, metrics: Bool,
    computesHausdorff: Bool = true, solvesEfficiency: Bool = true, analysis: TrackAnalysis? = nil,
    transport: UploadTransport = .simulated, shouldStop: (() -> Bool)? = nil
  ) -> ReplayResult {
    var noTape: UploadTape? = nil
    return run(
      track, configuration: configuration, observer: &observer, metrics: metrics,
      computesHausdorff: computesHausdorff, solvesEfficiency: solvesEfficiency, analysis: analysis,
      transport: transport, shouldStop: shouldStop, recording: &noTape)
  }

  /// `run(_:configuration:observer:metrics:…)`, recording the requests to the upload
  /// simulator on `tape` when it is not nil.
  static func run<Observer: ReplayObserver>(
    _ track: Track, configuration: ReplayConfiguration, observer: inout Observer, metrics: Bool,
    computesHausdorff: Bool = true, solvesEfficiency: Bool = true, analysis: TrackAnalysis? = nil,
    transport: UploadTransport = .simulated, shouldStop: (() -> Bool)? = nil, recording tape: inout UploadTape?
  ) -> ReplayResult {
    // The analysis holds per-fix numbers: only for the track's fixes as they are.
    let analysis =
      configuration.speedPolicy == track.speedPolicy && analysis?.covers(fixes: track.fixes.count) == true
      ? analysis : nil
    guard metrics else {
      return run(
        track, configuration: configuration, observer: &observer, analysis: analysis, transport: transport,
        shouldStop: shouldStop, recording: &tape)
    }
    let metricsObserver = MetricsObserver(
      settings: configuration.replay, computesHausdorff: computesHausdorff, solvesEfficiency: solvesEfficiency,
      analysis: analysis)
    return measuring(metricsObserver, beside: &observer) { pair in
      run(
        track, configuration: configuration, observer: &pair, analysis: analysis, transport: transport,
        shouldStop: shouldStop, recording: &tape)
    }
  }

  /// Runs `replay` with `metrics` observing beside `observer`, and puts what they measured
  /// into the result.
  private static func measuring<Observer: ReplayObserver, Failure: Error>(
    _ metrics: MetricsObserver, beside observer: inout Observer,
    _ replay: (inout ObserverPair<MetricsObserver, Observer>) throws(Failure) -> ReplayResult
  ) throws(Failure) -> ReplayResult {
    var pair = metrics.and(observer)
    var result = try replay(&pair)
    observer = pair.second
    result.metrics = pair.first.finish()
    return result
  }

  private static func run<Observer: ReplayObserver>(
    _ opened: InputOpener.Opened, options: ParseOptions, configuration: ReplayConfiguration,
    observer: inout Observer, transport: UploadTransport
  ) throws(ParseError) -> ReplayResult {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    var engine = ReplayEngine(
      config: configuration.calmGeo, settings: configuration.replay, scenario: configuration.scenario,
      observer: observer,
      transport: transport)
    let used = try TrackReader.readNormalized(
      opened, options: options, speedPolicy: configuration.speedPolicy, diagnostics: &diagnostics
    ) { engine.process($0) }
    guard used > 0 else { throw noFix(opened, diagnostics) }
    var result = engine.finish()
    observer = engine.observer
    result.input = ReplayInput(
      name: opened.source.name, format: opened.format, gzipped: opened.gzipped,
      diagnostics: diagnostics)
    result.input?.sha256 = try opened.checksum?.finish()
    result.configuration = configuration
    return result
  }

  /// Replays fixes already in memory (sweeps: one parsed track, many configurations),
  /// under the configuration's speed policy as the streaming path applies it.
  public static func run<Observer: ReplayObserver>(
    _ track: Track, configuration: ReplayConfiguration, observer: inout Observer, analysis: TrackAnalysis? = nil,
    transport: UploadTransport = .simulated, shouldStop: (() -> Bool)? = nil
  ) -> ReplayResult {
    var noTape: UploadTape? = nil
    return run(
      track, configuration: configuration, observer: &observer, analysis: analysis, transport: transport,
      shouldStop: shouldStop, recording: &noTape)
  }

  private static func run<Observer: ReplayObserver>(
    _ track: Track, configuration: ReplayConfiguration, observer: inout Observer, analysis: TrackAnalysis?,
    transport: UploadTransport, shouldStop: (() -> Bool)?, recording tape: inout UploadTape?
  ) -> ReplayResult {
    var engine = ReplayEngine(
      config: configuration.calmGeo, settings: configuration.replay, scenario: configuration.scenario,
      observer: observer,
      transport: transport)
    engine.uploadTape = tape
    tape = nil
    defer { tape = engine.uploadTape }
    var diagnostics = track.diagnostics
    if configuration.speedPolicy == track.speedPolicy, let shouldStop {
      for fix in track.fixes {
        if shouldStop() { break }
        engine.process(fix)
      }
    } else if configuration.speedPolicy == track.speedPolicy {
      if let analysis, analysis.covers(fixes: track.fixes.count) {
        for index in track.fixes.indices {
          engine.process(
            track.fixes[index], coordsBytes: Int(analysis.coordsBytes[index]), cosLatitude: analysis.cosLatitudes[index]
          )
        }
      } else {
        engine.process(track.fixes)
      }
    } else {
      // Speeds again from the logged values: derived ones are flagged, so strip them
      // and let a normalizer with this policy derive what it would have.
      var normalizer = FixNormalizer(speedPolicy: configuration.speedPolicy)
      for fix in track.fixes {
        if shouldStop?() == true { break }
        var logged = fix
        if logged.flags.contains(.speedDerived) {
          logged.speed = nil
          logged.flags.remove(.speedDerived)
        }
        if let normalized = normalizer.accept(logged) { engine.process(normalized) }
      }
      diagnostics.estimated["speed_derived"] = normalizer.derivedSpeeds == 0 ? nil : normalizer.derivedSpeeds
    }
    var result = engine.finish()
    observer = engine.observer
    result.input = ReplayInput(name: track.name, format: track.format, gzipped: track.gzipped, diagnostics: diagnostics)
    result.input?.sha256 = track.sha256
    result.configuration = configuration
    return result
  }

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
