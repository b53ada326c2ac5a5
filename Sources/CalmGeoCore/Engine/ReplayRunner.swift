/// The library's one replay entry point: a log (streamed) or a track in memory, through
/// parser, normalizer and engine, to one `ReplayResult`. The configuration's scenario
/// (the app's calls) drives the engine; an entry that could not run on the log is in
/// `result.scenarioError` (the CLI reports it, exit 64).
public enum ReplayRunner {
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
      configuration.speedPolicy == track.speedPolicy && analysis?.covers(track) == true
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
  package static func measuring<Observer: ReplayObserver, Failure: Error>(
    _ metrics: MetricsObserver, beside observer: inout Observer,
    _ replay: (inout ObserverPair<MetricsObserver, Observer>) throws(Failure) -> ReplayResult
  ) throws(Failure) -> ReplayResult {
    var pair = metrics.and(observer)
    var result = try replay(&pair)
    observer = pair.second
    result.metrics = pair.first.finish()
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
      if let analysis, analysis.covers(track) {
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

}
