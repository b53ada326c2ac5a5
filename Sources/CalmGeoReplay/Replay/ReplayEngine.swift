/// Replays fixes through CalmGeo: the state machine (§3), then storage and uploads (§4),
/// on a virtual clock driven only by fix times and app calls.
///
/// A pure value that emits an event stream to its observer (`ReplayObserver`): a
/// decision for every fix, emits, mode changes, app calls, requests, expiries. The
/// same fixes, configuration and settings give the same events and the same result.
/// Feed fixes with strictly increasing times (`FixNormalizer` guarantees that), then
/// call `finish()`. Without a scenario the replay is `start()` at the first fix and,
/// with `finalSync`, `sync()` after the last location (CALMGEO.md §7).
public struct ReplayEngine<Observer: ReplayObserver> {
  public var observer: Observer
  private var machine: TrackingDecider
  /// The platform's delivery rules (`replay.platform`); `nil` when all are off.
  private var delivery: PlatformDelivery?
  private var activitySources: [String: Int] = [:]
  private var uploads: UploadSimulator
  private let config: CalmGeoConfig
  private let settings: ReplaySettings
  private var emitted = 0
  private var firstTime: Int64?
  private var lastTime: Int64 = 0
  private var lastEmittedTime: Int64?
  /// Emits so far of the fix at `lastEmittedTime` (an app call may emit a fix again).
  private var emitsAtLastTime = 0
  /// `coordsBytes` of the fix being processed.
  private var currentCoordsBytes: Int?

  /// `transport` answers the upload requests (the simulated network by default).
  public init(config: CalmGeoConfig, settings: ReplaySettings = ReplaySettings(), observer: Observer,
              transport: UploadTransport = .simulated) {
    self.config = config
    self.settings = settings
    self.observer = observer
    machine = TrackingDecider(config: config, settings: settings)
    delivery = settings.platform.filtersDelivery ? PlatformDelivery(model: settings.platform, desiredAccuracy: config.desiredAccuracy) : nil
    uploads = UploadSimulator(config: config, settings: settings, transport: transport)
  }

  /// Processes the next fix. `coordsBytes`: the length of its encoded `coords` object when
  /// already counted (a track replayed many times, `TrackAnalysis`); nil counts it if needed.
  public mutating func process(_ fix: Fix, coordsBytes: Int? = nil) {
    currentCoordsBytes = coordsBytes
    if firstTime == nil {
      firstTime = fix.time
      call(.start, at: fix.time)
    }
    lastTime = fix.time
    uploads.advance(to: fix.time, observer: &observer)
    if let rule = delivery?.withhold(fix, listening: machine.state.mode == .listening) {
      observer.replayDidDecide(fix, .withheld(fix, by: rule, state: machine.state))
      return
    }
    let decision = machine.decide(fix)
    observer.replayDidDecide(fix, decision)
    if let emission = decision.emission {
      emit(fix, isMoving: emission.isMoving, event: emission.isMotionChange ? .motionchange : nil)
    }
    if decision.after.mode != decision.before.mode {
      observer.replayDidChangeMode(ModeChange(
        time: fix.time, from: Self.mode(decision.before.mode), to: Self.mode(decision.after.mode)))
    }
  }

  /// Processes every fix of a sequence.
  public mutating func process<S: Sequence>(_ fixes: S) where S.Element == Fix {
    for fix in fixes { process(fix) }
  }

  /// Runs an app call at virtual time `time` (requests in flight are advanced to it first).
  public mutating func call(_ call: AppCall, at time: Int64) {
    uploads.advance(to: time, observer: &observer)
    observer.replayDidCall(call, at: time)
    switch call {
    case .start:
      // The state machine starts listening at its first fix (CALMGEO.md §3).
      observer.replayDidChangeMode(ModeChange(time: time, from: .stopped, to: Self.mode(machine.state.mode)))
    case .sync:
      uploads.manualSync(at: time, observer: &observer)
    }
  }

  /// Ends the replay: the optional final `sync()`, in-flight requests completed, totals.
  public mutating func finish() -> ReplayResult {
    machine.finish(at: lastTime)
    if settings.finalSync, let finalSyncTime = lastEmittedTime {
      // CALMGEO.md §6 stamps the final sync with the last location the app received.
      call(.sync, at: finalSyncTime)
    }
    let lastCompletion = uploads.drain(observer: &observer)
    observer.replayDidEnd(at: max(lastTime, lastCompletion ?? lastTime))
    var result = ReplayResult(
      firstFixTime: firstTime, lastFixTime: firstTime == nil ? nil : lastTime,
      emitted: emitted, machine: machine.counters, uploads: uploads.finish())
    result.platform = delivery?.counters
    result.activitySources = config.fetchActivity ? activitySources : nil
    return result
  }

  private mutating func emit(_ fix: Fix, isMoving: Bool, event: CalmGeoLocation.Event?) {
    emitsAtLastTime = lastEmittedTime == fix.time ? emitsAtLastTime + 1 : 0
    if config.fetchActivity { activitySources[ActivityModel.source(for: fix).rawValue, default: 0] += 1 }
    let location = CalmGeoLocation(
      id: LocationID(seed: settings.seed, time: fix.time, occurrence: emitsAtLastTime), sequence: emitted,
      isMoving: isMoving, event: event,
      activity: config.fetchActivity ? ActivityModel.activity(for: fix) : nil, fix: fix)
    emitted += 1
    lastEmittedTime = fix.time
    observer.replayDidEmit(location)
    uploads.append(location, coordsBytes: fix.time == lastTime ? currentCoordsBytes : nil, observer: &observer)
  }

  private static func mode(_ mode: TrackingStateMachine.Mode) -> ModeChange.Mode {
    mode == .listening ? .listening : .monitoring
  }
}
