/// Replays fixes through CalmGeo: the state machine (§3), then storage and uploads (§4),
/// on a virtual clock driven only by fix times and app calls (§7).
///
/// A pure value that emits an event stream to its observer (`ReplayObserver`): a
/// decision for every fix, emits, mode changes, app calls, requests, expiries. The
/// same fixes, configuration, scenario and settings give the same events and the same
/// result. Feed fixes with strictly increasing times (`FixNormalizer` guarantees that; a
/// fix not after the one before is refused and counted in `result.fixesOutOfOrder`),
/// then call `finish()`. The app's calls come from a `Scenario` (without one,
/// `Scenario.standard`: `start()` at the first fix and, with `finalSync`, `sync()` when
/// the log ends); `call(_:at:)` makes one by hand.
///
/// Calls due at or before a fix's time run before that fix (in time order, then file
/// order), each at its own virtual time: requests in flight and expiries are advanced
/// to it first. Calls timed after an event run as soon as their time is reached.
public struct ReplayEngine<Observer: ReplayObserver> {
  public var observer: Observer
  var machine: TrackingDecider
  /// The platform's delivery rules (`replay.platform`); `nil` when all are off.
  var delivery: PlatformDelivery?
  /// Whether `delivery` is set.
  let filtersDelivery: Bool
  /// Whether runs of fixes that change nothing may be processed whole (`processQuietRun`): the observer
  /// takes them and no platform rule filters delivery.
  let takesQuietRuns: Bool
  var activitySources: [String: Int] = [:]
  var uploads: UploadSimulator
  /// The configuration in force (`restart(config)` changes it).
  var config: CalmGeoConfig
  let settings: ReplaySettings
  var scheduler: CallScheduler
  /// Whether the scenario came from the user (the standard one does not count calls).
  let hasScenario: Bool
  var emitted = 0
  var firstTime: Int64?
  /// The virtual clock: the last fix's time, or a later call's.
  var now: Int64 = 0
  var lastFixTime: Int64 = 0
  var lastEmittedTime: Int64?
  /// Emits so far of the fix at `lastEmittedTime` (an app call may emit a fix again).
  var emitsAtLastTime = 0
  var fixCount = 0
  /// Fixes refused because their time was not after the previous fix's.
  var fixesOutOfOrder = 0
  /// The last fix processed, and the fix about to be (both for `getGeoData()`).
  var lastFix: Fix?
  /// Whether `lastFix` is kept (copying a fix for every fix costs a sweep row measurably): the
  /// runner turns it off for scenarios without `getGeoData()`, where nothing reads it.
  package var keepsLastFix = true
  var arrivingFix: Fix?
  /// `coordsBytes` of the fix being processed.
  var currentCoordsBytes: Int?
  /// Whether the app's listener is registered.
  var isHeard = true
  /// The service's creation: the first call's time (`getSyncState()` before any failure).
  var createdAt: Int64?
  var callCounts: [AppCall.Name: Int] = [:]
  /// Fixes by the rule that decided them.
  var decisions = DecisionCounts()
  var emittedByCalls = 0
  /// When set, every request to the upload simulator is also recorded here, so that
  /// other upload configurations can be replayed from it (`UploadTape`; the simulator records).
  package var uploadTape: UploadTape? {
    get { uploads.tape }
    set { uploads.tape = newValue }
  }

  /// A replay of `scenario` (nil: `Scenario.standard`); with `settings.finalSync`, a
  /// `sync()` when the log ends is added to it. `transport` answers the upload requests
  /// (the simulated network by default).
  public init(
    config: CalmGeoConfig, settings: ReplaySettings = ReplaySettings(), scenario: Scenario? = nil,
    observer: Observer, transport: UploadTransport = .simulated
  ) {
    self.config = config
    self.settings = settings
    self.observer = observer
    hasScenario = scenario != nil
    let timeline =
      scenario.map { settings.finalSync ? $0.withFinalSync() : $0 } ?? .standard(finalSync: settings.finalSync)
    scheduler = CallScheduler(timeline)
    machine = TrackingDecider(config: config, settings: settings, startsAtFirstFix: false)
    machine.measuresDistances = observer.wantsDecisionDistances
    delivery =
      settings.platform.filtersDelivery
      ? PlatformDelivery(model: settings.platform, desiredAccuracy: config.desiredAccuracy) : nil
    filtersDelivery = delivery != nil
    takesQuietRuns = observer.takesQuietRuns && !filtersDelivery
    uploads = UploadSimulator(config: config, settings: settings, keepsRecords: scenario != nil, transport: transport)
  }

  /// Processes the next fix: the calls due by its time, the fix, then calls its events made
  /// due. A fix not after the previous one is refused and counted (`fixesOutOfOrder`).
  public mutating func process(_ fix: Fix) {
    process(fix, coordsBytes: nil, cosLatitude: nil)
  }

  /// `process(_:)` with the length of the fix's encoded `coords` object and its cosine of
  /// latitude when already known (a track replayed many times, `TrackAnalysis`); nil works
  /// them out if needed.
  package mutating func process(_ fix: Fix, coordsBytes: Int?, cosLatitude: Double?) {
    // The virtual clock never runs backwards: the state machine, the store's expiries and the
    // scheduler all assume it.
    guard firstTime == nil || fix.time > lastFixTime else {
      fixesOutOfOrder += 1
      return
    }
    currentCoordsBytes = coordsBytes
    if firstTime == nil {
      firstTime = fix.time
      now = fix.time
      scheduler.begin(firstFix: fix.time)
    }
    fixCount += 1
    scheduler.fixArrives(fixCount, at: fix.time)
    if scheduler.hasDue(upTo: fix.time) {
      arrivingFix = fix
      runCalls(upTo: fix.time)
      arrivingFix = nil
    }
    now = fix.time
    lastFixTime = fix.time
    uploads.advance(to: fix.time, observer: &observer)
    // Tested through a flag: reading the optional itself copied the rules out and back for every fix.
    if filtersDelivery,
      let rule = delivery?.withhold(fix, listening: machine.isRunning && machine.state.mode == .listening)
    {
      let withheld = FixDecision.withheld(fix, by: rule, state: machine.state)
      decisions.add(withheld.kind)
      observer.replayDidDecide(fix, withheld)
      return
    }
    let decision = machine.decide(fix, cosLatitude: cosLatitude)
    decisions.add(decision.kind)
    observer.replayDidDecide(fix, decision)
    if let emission = decision.emission {
      emit(fix, isMoving: emission.isMoving, event: emission.isMotionChange ? .motionchange : nil)
    }
    if decision.after.mode != decision.before.mode {
      observer.replayDidChangeMode(
        ModeChange(
          time: fix.time, from: Self.mode(decision.before.mode), to: Self.mode(decision.after.mode)))
      scheduler.occurred(decision.after.mode == .monitoring ? .monitoring : .geofenceExit, at: fix.time)
    }
    if keepsLastFix { lastFix = fix }
    scheduler.occurred(.fix, at: fix.time)
    if scheduler.hasDue(upTo: fix.time) { runCalls(upTo: fix.time) }
  }

  /// Processes every fix of a sequence.
  public mutating func process<S: Sequence>(_ fixes: S) where S.Element == Fix {
    for fix in fixes { process(fix) }
  }

  /// Processes a chunk of fixes in order, as `process(_:)` of each: what a log read on another
  /// thread hands over (`FixPipeline`).
  ///
  /// Specialized for the observers a replay to files has (the metrics beside a run-time list,
  /// or the list alone): called from above this module with those types, the generic entry
  /// point jumps to a copy compiled for them, so the per-fix loop reaches the state machine
  /// and the metrics without witness tables, as a sweep's rows do.
  @_specialize(where Observer == ObserverPair<MetricsObserver, ObserverList>)
  @_specialize(where Observer == ObserverList)
  package mutating func process(contentsOf fixes: UnsafeBufferPointer<Fix>) {
    for fix in fixes { process(fix, coordsBytes: nil, cosLatitude: nil) }
  }

  /// Ends the replay: the calls timed at the end (the final `sync()`), in-flight requests
  /// completed, totals. Entries that never ran are in `result.scenarioError`.
  public mutating func finish() -> ReplayResult {
    if firstTime != nil {
      // The end is the last fix's time, where the clock already is: every completion
      // processed so far is at or before it, so the final sync's requests complete after
      // them (the request log stays ordered) and what is in flight then is what a phone
      // at that time would re-send. (CALMGEO.md §6 stamps it with the last location, 319
      // instead of 329 there: earlier than completions already processed.)
      scheduler.end(at: lastFixTime)
      runCalls(upTo: lastFixTime)
    }
    machine.finish(at: lastFixTime)
    scheduler.finish(lastFix: firstTime == nil ? nil : lastFixTime)
    let lastCompletion = uploads.drain(observer: &observer)
    observer.replayDidEnd(at: max(lastFixTime, lastCompletion ?? lastFixTime))
    var result = ReplayResult(
      firstFixTime: firstTime, lastFixTime: firstTime == nil ? nil : lastFixTime,
      emitted: emitted, machine: machine.counters, uploads: uploads.finish())
    result.platform = delivery?.counters
    result.activitySources = config.fetchActivity ? activitySources : nil
    result.calls = hasScenario ? callCounts : nil
    result.emittedByCalls = emittedByCalls
    result.decisions = decisions
    result.scenarioError = scheduler.problem
    result.libraryCrash = uploads.crash
    result.fixesOutOfOrder = fixesOutOfOrder
    return result
  }

  /// Emits a location for `fix` at the virtual time `at` (default: the fix's), stores it
  /// and runs the automatic sync rule.
  @discardableResult @inline(__always)
  mutating func emit(
    _ fix: Fix, isMoving: Bool, event: CalmGeoLocation.Event?, at time: Int64? = nil,
    call: AppCall.Name? = nil
  ) -> CalmGeoLocation {
    emitsAtLastTime = lastEmittedTime == fix.time ? emitsAtLastTime + 1 : 0
    if config.fetchActivity { activitySources[ActivityModel.source(for: fix).rawValue, default: 0] += 1 }
    // A constant, so that the observer and the simulator read it where it is: built as a variable
    // and then changed, it was copied (152 bytes) before each of the two calls.
    let location = CalmGeoLocation(
      id: LocationID(seed: settings.seed, time: fix.time, occurrence: emitsAtLastTime), sequence: emitted,
      isMoving: isMoving, event: event,
      activity: config.fetchActivity ? ActivityModel.activity(for: fix) : nil, fix: fix, call: call, isHeard: isHeard)
    if call != nil { emittedByCalls += 1 }
    emitted += 1
    lastEmittedTime = fix.time
    observer.replayDidEmit(location)
    let time = time ?? fix.time
    let coordsBytes = fix.time == lastFixTime ? currentCoordsBytes : nil
    uploads.append(location, at: time, coordsBytes: coordsBytes, observer: &observer)
    scheduler.occurred(.location, at: time)
    if event != nil { scheduler.occurred(.motionchange, at: time) }
    return location
  }

  static func mode(_ mode: TrackingStateMachine.Mode) -> ModeChange.Mode {
    mode == .listening ? .listening : .monitoring
  }
}
