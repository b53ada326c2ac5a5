/// The library's one replay entry point: a source (a track in memory, or a log streamed from
/// its file) through the engine under a configuration, to one `ReplayResult`. The
/// configuration's scenario (the app's calls) drives the engine; an entry that could not run
/// on the log is in `result.scenarioError` (the CLI reports it, exit 64).
public enum ReplayRunner {
  /// Replays `source` under `configuration`, reporting events to `observer` as they happen;
  /// with `options.metrics` (the default), measured alongside (`result.metrics`).
  ///
  /// A track in memory cannot fail (`Failure` is `Never`: no `try`); a log throws a fatal
  /// `ParseError` when it yields no usable fix at all.
  public static func run<Source: ReplaySource, Observer: ReplayObserver>(
    source: Source, configuration: ReplayConfiguration, observer: inout Observer,
    options: ReplayOptions = ReplayOptions()
  ) throws(Source.Failure) -> ReplayResult {
    var noTape: UploadTape? = nil
    return try run(
      source: source, configuration: configuration, observer: &observer, options: options, recording: &noTape)
  }

  /// `run(source:configuration:observer:options:)`, recording the requests to the upload
  /// simulator on `tape` when it is not nil (the sweeps' sharing path).
  package static func run<Source: ReplaySource, Observer: ReplayObserver>(
    source: Source, configuration: ReplayConfiguration, observer: inout Observer, options: ReplayOptions,
    recording tape: inout UploadTape?
  ) throws(Source.Failure) -> ReplayResult {
    guard options.metrics else {
      return try replay(source, configuration: configuration, observer: &observer, options: options, recording: &tape)
    }
    // A replay that may stop early sees a prefix of the fixes: the whole track's analysis is not its.
    let analysis = options.shouldStop == nil ? source.analysis(options.analysis, under: configuration) : nil
    let metrics = MetricsObserver(
      settings: configuration.replay, computesHausdorff: options.computesHausdorff,
      solvesEfficiency: options.solvesEfficiency, analysis: analysis, expectedFixes: options.expectedFixes)
    return try measuring(metrics, beside: &observer, parallel: options.parallel) {
      (pair) throws(Source.Failure) -> ReplayResult in
      try replay(source, configuration: configuration, observer: &pair, options: options, recording: &tape)
    }
  }

  /// Runs `replay` with `metrics` observing beside `observer`, and puts what they measured
  /// into the result (the pieces of their last step run by `parallel`).
  package static func measuring<Observer: ReplayObserver, Failure: Error>(
    _ metrics: MetricsObserver, beside observer: inout Observer, parallel: ParallelWork = .serial,
    _ replay: (inout ObserverPair<MetricsObserver, Observer>) throws(Failure) -> ReplayResult
  ) throws(Failure) -> ReplayResult {
    var pair = metrics.and(observer)
    var result = try replay(&pair)
    observer = pair.second
    result.metrics = pair.first.finish(parallel: parallel)
    return result
  }

  private static func replay<Source: ReplaySource, Observer: ReplayObserver>(
    _ source: Source, configuration: ReplayConfiguration, observer: inout Observer, options: ReplayOptions,
    recording tape: inout UploadTape?
  ) throws(Source.Failure) -> ReplayResult {
    var engine = ReplayEngine(
      config: configuration.calmGeo, settings: configuration.replay, scenario: configuration.scenario,
      observer: observer, transport: options.transport)
    engine.uploadTape = tape
    // Only `getGeoData()` reads the last fix; the runner makes no call of its own.
    engine.keepsLastFix = configuration.scenario?.entries.contains { $0.call.name == .getGeoData } ?? false
    tape = nil
    defer { tape = engine.uploadTape }
    let input = try source.feed(&engine, configuration: configuration, options: options)
    var result = engine.finish()
    observer = engine.observer
    result.input = input
    result.configuration = configuration
    return result
  }
}
