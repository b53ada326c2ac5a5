/// Where a replay's fixes come from: a track in memory (`Track`) or a log streamed from its
/// file (`ReplayLog`, in the study layer). `ReplayRunner.run(source:…)` replays any of them.
public protocol ReplaySource {
  /// What reading the source can fail with (`Never` for fixes already in memory).
  associatedtype Failure: Error

  /// Hands the source's fixes, as the engine receives them under `configuration`, to
  /// `engine`, and says what was read.
  func feed<Observer: ReplayObserver>(
    _ engine: inout ReplayEngine<Observer>, configuration: ReplayConfiguration, options: ReplayOptions
  ) throws(Failure) -> ReplayInput

  /// `candidate` when it is an analysis of exactly the fixes this source feeds under
  /// `configuration`; nil otherwise (the default).
  func analysis(_ candidate: TrackAnalysis?, under configuration: ReplayConfiguration) -> TrackAnalysis?
}

extension ReplaySource {
  public func analysis(_ candidate: TrackAnalysis?, under configuration: ReplayConfiguration) -> TrackAnalysis? {
    nil
  }
}

extension Track: ReplaySource {
  public typealias Failure = Never

  /// The analysis holds per-fix numbers: only for this track's fixes as they are.
  public func analysis(_ candidate: TrackAnalysis?, under configuration: ReplayConfiguration) -> TrackAnalysis? {
    configuration.speedPolicy == speedPolicy && candidate?.covers(self) == true ? candidate : nil
  }

  /// The track's fixes; under another speed policy than the track was read with, the speeds
  /// derived again from the logged values as the streaming path would have.
  public func feed<Observer: ReplayObserver>(
    _ engine: inout ReplayEngine<Observer>, configuration: ReplayConfiguration, options: ReplayOptions
  ) -> ReplayInput {
    var diagnostics = self.diagnostics
    if configuration.speedPolicy == speedPolicy, let shouldStop = options.shouldStop {
      for fix in fixes {
        if shouldStop() { break }
        engine.process(fix)
      }
    } else if configuration.speedPolicy == speedPolicy {
      if let analysis = analysis(options.analysis, under: configuration) {
        feed(&engine, analysis: analysis)
      } else {
        engine.process(fixes)
      }
    } else {
      // Speeds again from the logged values: derived ones are flagged, so strip them
      // and let a normalizer with this policy derive what it would have.
      var normalizer = FixNormalizer(speedPolicy: configuration.speedPolicy)
      for fix in fixes {
        if options.shouldStop?() == true { break }
        var logged = fix
        if logged.flags.contains(.speedDerived) {
          logged.speed = nil
          logged.flags.remove(.speedDerived)
        }
        if let normalized = normalizer.accept(logged) { engine.process(normalized) }
      }
      diagnostics.estimated["speed_derived"] = normalizer.derivedSpeeds == 0 ? nil : normalizer.derivedSpeeds
    }
    var input = ReplayInput(name: name, format: format, gzipped: gzipped, diagnostics: diagnostics)
    input.sha256 = sha256
    return input
  }

  /// Every fix with its numbers from `analysis`, runs of fixes that change nothing taken whole where the
  /// engine can (`ReplayEngine.processQuietRun`).
  private func feed<Observer: ReplayObserver>(_ engine: inout ReplayEngine<Observer>, analysis: TrackAnalysis) {
    fixes.withUnsafeBufferPointer { fixes in
      analysis.cosLatitudes.withUnsafeBufferPointer { cosLatitudes in
        var index = 0
        while index < fixes.count {
          index += engine.processQuietRun(
            fixes, cosLatitudes: cosLatitudes, coordsBytes: analysis.coordsBytes, from: index)
          guard index < fixes.count else { break }
          engine.process(
            fixes[index], coordsBytes: Int(analysis.coordsBytes[index]), cosLatitude: cosLatitudes[index])
          index += 1
        }
      }
    }
  }
}
