/// The metrics of one replay against its raw log: track fidelity, stops/starts and how
/// late the server learned each location.
///
/// An observer on the engine's event stream (it knows nothing else): every decision is a
/// raw fix, emits are what the server receives, motionchanges and the switch to
/// monitoring are what the stop metrics match against the log's true stops.
public struct MetricsObserver: ReplayObserver {
  private var fidelity: FidelityMetrics
  private var stops: StopMetrics
  private var efficiency: EfficiencyRecorder
  private var delivery = DeliveryMetrics()
  private let analysis: TrackAnalysis?
  /// Raw fixes seen so far (the index of the next one in `analysis`).
  private var rawIndex = 0

  /// Metrics with the ground-truth stop rule of `settings` (`replay.metrics`); without
  /// `computesHausdorff`, `fidelity.hausdorff` is the largest PED (an upper bound).
  /// `analysis`: what the log's fixes alone determine, worked out beforehand, when the
  /// replay hands the engine exactly the fixes it was worked out from. Without `solvesEfficiency`,
  /// `efficiency` leaves out the run's min-# answers (optimum, greedy, could-hold: a sweep's per-track
  /// ladder stands for them) and keeps no raw track for them.
  public init(
    settings: ReplaySettings = ReplaySettings(), computesHausdorff: Bool = true,
    solvesEfficiency: Bool = true, analysis: TrackAnalysis? = nil
  ) {
    fidelity = FidelityMetrics(computesHausdorff: computesHausdorff)
    efficiency = EfficiencyRecorder(
      solves: solvesEfficiency, keepsTrack: analysis == nil, fixLimit: settings.efficiencyFixLimit,
      medianAccuracy: analysis.map(\.medianAccuracy))
    if let analysis, let table = analysis.stopRuns[StopRule(settings)] {
      stops = StopMetrics(table: table, steps: analysis.steps)
    } else {
      stops = StopMetrics(radius: settings.stopRadius, minDuration: settings.stopMinDuration)
    }
    self.analysis = analysis
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    if let analysis {
      fidelity.observeRaw(fix, cosLatitude: analysis.cosLatitudes[rawIndex], step: analysis.steps[rawIndex])
      rawIndex += 1
    } else {
      fidelity.observeRaw(fix)
    }
    stops.observeRaw(fix)
    efficiency.observeRaw(fix)
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    fidelity.observeEmitted(location.fix)
    efficiency.observeEmitted(location.fix)
    delivery.replayDidEmit(location)
    if location.event == .motionchange { stops.observeMotionChange(isMoving: location.isMoving, at: location.fix) }
  }

  public var wantsRequestBodies: Bool { false }
  public var wantsDecisionDistances: Bool { false }

  public mutating func replayDidComplete(_ request: UploadRequest) {
    delivery.replayDidComplete(request)
  }

  public mutating func replayDidChangeMode(_ change: ModeChange) {
    if change.to == .monitoring { stops.observeMonitoringStart(at: change.time) }
  }

  /// Closes the metrics.
  public mutating func finish() -> ReplayMetricsResult {
    let fidelity = fidelity.finish()
    return ReplayMetricsResult(
      fidelity: fidelity, stops: stops.finish(), trueStops: stops.stopList(),
      efficiency: efficiency.finish(fidelity: fidelity, ladder: analysis?.efficiencyLadder),
      delivery: delivery.finish())
  }
}

/// What `MetricsObserver` measured.
public struct ReplayMetricsResult: Sendable, Hashable {
  public var fidelity: FidelityStats
  public var stops: StopStats
  /// The true stops one by one (for reports).
  public var trueStops: [TrueStop]
  /// The run against the min-# optimum on the same raw fixes.
  public var efficiency: EfficiencyStats?
  /// Fix-to-delivery delays (`DeliveryMetrics`); a sweep's shared upload pass replaces them.
  public var delivery = DeliveryDelays()
}
