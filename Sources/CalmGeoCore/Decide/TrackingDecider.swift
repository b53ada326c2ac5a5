/// The decider a replay runs for `replay.model`: CalmGeo's state machine (with the
/// model's judge) or one of the models without it. One decision per fix either way.
///
/// A struct of optionals rather than an enum, so the decider is mutated in place (an
/// enum payload would be copied out and back for every fix); CalmGeo's machine, the one
/// sweeps run, is not even optional (a force-unwrapped one was copied for every fix).
///
/// The app's calls (CALMGEO.md §7) reach CalmGeo's machine as the library handles them.
/// The models without it (`ios-distance-filter`, `significant-change`) have no
/// stationary state: `stop()` ignores fixes until the next `start()`, `restart(config)`
/// changes the distance filter, and `getGeoData()` emits one moving location through them
/// (however old the last fix).
public struct TrackingDecider: Sendable {
  /// CalmGeo's machine; made for every model, used only when `usesMachine`.
  private var machine: TrackingStateMachine
  private let usesMachine: Bool
  private var distanceFilter: DistanceFilterDecider?
  private var significantChange: SignificantChangeDecider?
  /// For the models without the machine: whether they run, and fixes they ignored while not.
  private var modelRunning = false
  private var modelStarted = false
  private let startsAtFirstFix: Bool
  private var fixesWhileStopped = 0

  /// The decider for `settings.model`; with `startsAtFirstFix` false, fixes are ignored
  /// until `start(at:)` (the engine's scenario starts it).
  public init(config: CalmGeoConfig, settings: ReplaySettings, startsAtFirstFix: Bool = true) {
    self.startsAtFirstFix = startsAtFirstFix
    machine = TrackingStateMachine(config: config, settings: settings, startsAtFirstFix: startsAtFirstFix)
    switch settings.model {
    case .calmgeo, .bgDocs, .bgAndroid: usesMachine = true
    case .iosDistanceFilter:
      usesMachine = false
      distanceFilter = DistanceFilterDecider(config: config)
    case .significantChange:
      usesMachine = false
      significantChange = SignificantChangeDecider()
    }
  }

  /// Decides the next fix (times strictly increasing); `cosLatitude`, the fix's cosine of
  /// latitude when already known, saves the machine computing it.
  @inline(__always)
  public mutating func decide(_ fix: Fix, cosLatitude: Double? = nil) -> FixDecision {
    if usesMachine { return machine.decide(fix, cosLatitude: cosLatitude) }
    if !modelStarted && startsAtFirstFix { start(at: fix.time) }
    guard modelRunning else {
      fixesWhileStopped += 1
      let state = state
      return FixDecision(
        kind: .ignoredWhileStopped, emission: nil, distance: .nan, judge: .nan, speed: fix.speed ?? -1,
        speedDerived: fix.flags.contains(.speedDerived), refAge: -1, listeningAge: -1, refMoved: false,
        before: state, after: state)
    }
    if distanceFilter != nil { return distanceFilter!.decide(fix) }
    return significantChange!.decide(fix)
  }

  /// CalmGeo's machine's `quietRun`; nothing taken for the models without it.
  @inline(__always)
  package mutating func quietRun(
    _ fixes: UnsafeBufferPointer<Fix>, cosLatitudes: UnsafeBufferPointer<Double>, from start: Int,
    after previous: Int64, through limit: Int64
  ) -> (taken: Int, kind: FixDecision.Kind) {
    guard usesMachine else { return (0, .filtered) }
    return machine.quietRun(fixes, cosLatitudes: cosLatitudes, from: start, after: previous, through: limit)
  }

  /// `start()` at `time`. - Returns: whether tracking was stopped before (a mode change).
  @discardableResult
  public mutating func start(at time: Int64) -> Bool {
    if usesMachine { return machine.start(at: time) }
    guard !modelRunning else { return false }
    if modelStarted {
      distanceFilter?.resume(at: time)
      significantChange?.resume(at: time)
    }
    modelStarted = true
    modelRunning = true
    return true
  }

  /// `stop()` at `time`. - Returns: the mode that stopped, if tracking ran.
  @discardableResult
  public mutating func stop(at time: Int64) -> TrackingStateMachine.Mode? {
    if usesMachine { return machine.stop(at: time) }
    guard modelRunning else { return nil }
    distanceFilter?.finish(at: time)
    significantChange?.finish(at: time)
    modelRunning = false
    return state.mode
  }

  /// `restart(config)`'s new filter settings.
  public mutating func reconfigure(_ config: CalmGeoConfig) {
    if usesMachine { machine.reconfigure(config) }
    distanceFilter?.reconfigure(config)
  }

  /// `getGeoData()`'s fix through the emitter as a live fix would go; `nil` while
  /// CalmGeo monitors.
  public mutating func emitLive() -> TrackingStateMachine.Emission? {
    if usesMachine { return machine.emitLive() }
    return .init(isMoving: true, isMotionChange: false)
  }

  /// A stale `getGeoData()`'s `requestLocation()` (CalmGeo's machine: the next fix is the
  /// answer, emitted outside the filter). - Returns: `false` for the models without the
  /// machine, which take the last fix however old.
  public mutating func requestLocation() -> Bool {
    guard usesMachine else { return false }
    machine.requestLocation()
    return true
  }

  /// Whether CalmGeo's machine puts each decision's distance in it
  /// (`TrackingStateMachine.measuresDistances`); the other models always do.
  package var measuresDistances: Bool {
    get { machine.measuresDistances }
    set { machine.measuresDistances = newValue }
  }

  /// Whether tracking runs (`state`'s `running`).
  public var isRunning: Bool { usesMachine ? machine.isRunning : modelRunning }

  /// Closes the time accounting at the end of the log.
  public mutating func finish(at time: Int64) {
    if usesMachine { machine.finish(at: time) }
    if modelRunning {
      distanceFilter?.finish(at: time)
      significantChange?.finish(at: time)
    }
  }

  /// Mode and motion now.
  public var state: TrackingStateMachine.State {
    usesMachine ? machine.state : distanceFilter?.state ?? significantChange!.state
  }

  /// Counters of what the decider did.
  public var counters: TrackingStateMachine.Counters {
    if usesMachine { return machine.counters }
    var counters = distanceFilter?.counters ?? significantChange!.counters
    counters.fixesWhileStopped += fixesWhileStopped
    return counters
  }
}
