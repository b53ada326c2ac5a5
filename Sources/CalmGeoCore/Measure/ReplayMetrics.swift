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
  /// Whether `analysis` is set, and whether the stop metrics read its run table (its stop rule is
  /// this replay's): both tested for every fix, where reading them from the optionals instead
  /// made a sweep row measurably slower (about 1.5 %).
  private let hasAnalysis: Bool
  private let stopsUseTable: Bool
  /// Raw fixes seen so far (the index of the next one in `analysis`).
  private var rawIndex = 0
  /// With an analysis, the raw fixes handed to the metrics so far: those up to `rawIndex` wait
  /// for the next event that needs them (`catchUp()`).
  private var rawObserved = 0
  /// Without an analysis, the latest raw fix with its cosine of latitude: each fix's cosine and
  /// step from the one before are worked out once here for the fidelity and the stop metrics.
  private var latestRaw = GeoMath.Anchor(latitude: 0, longitude: 0, cosLatitude: 1)

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
    self.init(
      settings: settings, computesHausdorff: computesHausdorff, solvesEfficiency: solvesEfficiency,
      analysis: analysis, expectedFixes: 0)
  }

  /// The most fixes the metrics make room for at once (`ReplayOptions.expectedFixes`): 37 bytes
  /// each of address space, used only as fixes come.
  package static let maxReservedFixes = 1 << 22

  /// The same, with room made at once for `expectedFixes` raw fixes and as many emits (a guess
  /// from above; the measures are the same whatever it is).
  package init(
    settings: ReplaySettings, computesHausdorff: Bool, solvesEfficiency: Bool, analysis: TrackAnalysis?,
    expectedFixes: Int
  ) {
    let room = min(max(0, expectedFixes), Self.maxReservedFixes)
    fidelity = FidelityMetrics(computesHausdorff: computesHausdorff, expectedFixes: room)
    efficiency = EfficiencyRecorder(
      solves: solvesEfficiency, keepsTrack: analysis == nil, fixLimit: settings.efficiencyFixLimit,
      medianAccuracy: analysis.map(\.medianAccuracy), expectedFixes: room)
    delivery = DeliveryMetrics(expectedEmits: room)
    if let analysis, let table = analysis.stopRuns[StopRule(settings)] {
      stops = StopMetrics(table: table, steps: analysis.steps)
      stopsUseTable = true
    } else {
      stops = StopMetrics(radius: settings.stopRadius, minDuration: settings.stopMinDuration)
      stopsUseTable = false
    }
    self.analysis = analysis
    hasAnalysis = analysis != nil
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    rawIndex += 1
    if hasAnalysis {
      // The analysis holds the track's raw fixes: the metrics take them in one loop when the next
      // event needs them (`catchUp()`), the same fixes before the same events.
      if !stopsUseTable { stops.observeRaw(fix) }
      return
    }
    let anchor =
      decision.cosLatitude > 0
      ? GeoMath.Anchor(latitude: fix.latitude, longitude: fix.longitude, cosLatitude: decision.cosLatitude)
      : GeoMath.Anchor(fix)
    let step = rawIndex > 1 ? latestRaw.distance(to: anchor) : 0
    latestRaw = anchor
    fidelity.observeRaw(fix, cosLatitude: anchor.cosLatitude, step: step)
    stops.observeRaw(fix, cosLatitude: anchor.cosLatitude, step: step)
    efficiency.observeRaw(fix)
  }

  /// Hands the raw fixes decided since the last event to the metrics (with an analysis).
  @inline(__always)
  private mutating func catchUp() {
    guard rawObserved < rawIndex, let analysis else { return }
    fidelity.observeRaw(upTo: rawIndex, of: analysis)
    if stopsUseTable { stops.observeRaw(upTo: rawIndex, of: analysis) }
    efficiency.observeRaw(rawObserved..<rawIndex, of: analysis)
    rawObserved = rawIndex
  }

  /// With an analysis whose stop table the stop metrics read, a fix that changed nothing only
  /// advances the raw index (the metrics take the fixes from the analysis at the next event).
  public var takesQuietRuns: Bool { hasAnalysis && stopsUseTable }

  public mutating func replayDidDecide(_ count: Int, as kind: FixDecision.Kind, last: Fix) {
    rawIndex += count
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    catchUp()
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
    guard change.to == .monitoring else { return }
    catchUp()
    stops.observeMonitoringStart(at: change.time)
  }

  /// Closes the metrics.
  public mutating func finish() -> ReplayMetricsResult {
    finish(parallel: .serial)
  }

  /// `finish()`, the independent pieces of its last step run by `parallel` (the same result).
  package mutating func finish(parallel: ParallelWork) -> ReplayMetricsResult {
    catchUp()
    let fidelity = fidelity.finish(parallel: parallel)
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
