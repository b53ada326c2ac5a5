/// The metrics of one replay against its raw log: track fidelity and stops/starts.
///
/// An observer on the engine's event stream (it knows nothing else): every decision is a
/// raw fix, emits are what the server receives, motionchanges and the switch to
/// monitoring are what the stop metrics match against the log's true stops.
public struct MetricsObserver: ReplayObserver {
  private var fidelity: FidelityMetrics
  private var stops: StopMetrics

  /// Metrics with the ground-truth stop rule of `settings` (`replay.metrics`); without
  /// `computesHausdorff`, `fidelity.hausdorff` is the largest PED (an upper bound).
  /// `stopRuns`: the log's true-stop runs found beforehand (`TrackAnalysis`), when the
  /// replay hands the engine exactly the fixes they were found in.
  public init(settings: ReplaySettings = ReplaySettings(), computesHausdorff: Bool = true, stopRuns: StopRunTable? = nil) {
    fidelity = FidelityMetrics(computesHausdorff: computesHausdorff)
    if let stopRuns, stopRuns.rule == StopRule(settings) {
      stops = StopMetrics(table: stopRuns)
    } else {
      stops = StopMetrics(radius: settings.stopRadius, minDuration: settings.stopMinDuration)
    }
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    fidelity.observeRaw(fix)
    stops.observeRaw(fix)
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    fidelity.observeEmitted(location.fix)
    if location.event == .motionchange { stops.observeMotionChange(isMoving: location.isMoving, at: location.fix) }
  }

  public var wantsRequestBodies: Bool { false }

  public mutating func replayDidChangeMode(_ change: ModeChange) {
    if change.to == .monitoring { stops.observeMonitoringStart(at: change.time) }
  }

  /// Closes the metrics.
  public mutating func finish() -> ReplayMetricsResult {
    ReplayMetricsResult(fidelity: fidelity.finish(), stops: stops.finish(), trueStops: stops.stopList())
  }
}

/// What `MetricsObserver` measured.
public struct ReplayMetricsResult: Sendable, Hashable {
  public var fidelity: FidelityStats
  public var stops: StopStats
  /// The true stops one by one (for reports).
  public var trueStops: [TrueStop]
}
