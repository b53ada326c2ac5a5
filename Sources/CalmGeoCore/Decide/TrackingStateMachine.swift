/// CalmGeo's motion/stationary state machine (CALMGEO.md §3), driven by fix times.
///
/// Pure and value-typed: `decide(_:)` takes the next fix and returns the decision for
/// it (the rule, the numbers and what, if anything, the library emits); `step(_:)`
/// returns only the emission. All comparisons are strict. The app's calls (§7) act
/// through `start(at:)`, `stop(at:)`, `reconfigure(_:)`, `emitLive()` and
/// `requestLocation()`; a machine that was never started starts listening at its first fix.
public struct TrackingStateMachine: Sendable {
  static let stillTime: Int64 = 60_000
  static let sleepTime: Int64 = 120_000

  public private(set) var mode: Mode = .listening
  public private(set) var isMoving = false
  /// The reference fix of the distance filter (and the geofence's centre).
  public private(set) var ref: Fix?
  /// `ref`'s position with its cosine of latitude (set together with `ref`).
  private var refAnchor: GeoMath.Anchor?
  public private(set) var counters = Counters()
  /// Whether tracking runs (listening or monitoring); `false` before a start and after `stop()`.
  public private(set) var isRunning = false
  private var listenStart: Int64 = 0
  private var awaitingOneShot = true
  /// A `requestLocation()` of a stale `getGeoData()` awaits its answer (the next fix).
  private var awaitingRequest = false
  /// Whether the machine was ever started (by a fix or a call).
  private var started = false
  private var lastTime: Int64 = 0
  private var firstOutside: Int64?

  private var distanceFilter: Double
  private var speedMultiplier: Double
  private var disableSpeedMultiplier: Bool
  /// The radius of the next geofence.
  private var stationaryRadius: Double
  /// The radius of the running geofence (fixed when monitoring starts).
  private var geofenceRadius: Double
  private let geofenceMinimumRadius: Double
  private let geofenceExitDelay: ClosedRange<Int64>
  private let geofenceUnknown: Bool
  private let model: FilterModel
  /// Draws each exit's delay when the delay is a range (platform model).
  private var exitDelays: SplitMix64
  private var exitDelay: Int64 = 0
  private var exitIsUnknown = false
  private let startsAtFirstFix: Bool
  /// Whether each decision carries its distance (`FixDecision.distance`). When no observer
  /// reads it (`ReplayObserver.wantsDecisionDistances`), the machine compares without it where
  /// cheap bounds settle the comparison (`GeoMath.Anchor.isFarther(than:from:)`): the same
  /// decisions, and `distance` stays NaN unless the haversine was needed.
  package var measuresDistances = true

  /// With `startsAtFirstFix` false, fixes are ignored until `start(at:)` (the engine's
  /// scenario starts it).
  public init(config: CalmGeoConfig, settings: ReplaySettings = ReplaySettings(), startsAtFirstFix: Bool = true) {
    self.startsAtFirstFix = startsAtFirstFix
    distanceFilter = Double(config.distanceFilter)
    speedMultiplier = config.speedMultiplier
    disableSpeedMultiplier = config.disableSpeedMultiplier
    geofenceMinimumRadius = settings.geofenceMinimumRadius
    stationaryRadius = max(config.stationaryRadius, settings.geofenceMinimumRadius)
    geofenceRadius = stationaryRadius
    let low = settings.geofenceExitDelay
    geofenceExitDelay = low...max(low, settings.geofenceExitDelayMax ?? low)
    geofenceUnknown = settings.platform.geofenceUnknown
    model = settings.model
    exitDelays = SplitMix64(seed: SplitMix64.mix(settings.seed ^ 0x6765_6F66_656E_6365))  // "geofence"
  }

  /// `start()` at `now`: listening starts (listenStart = now, the next fix a one-shot);
  /// `isMoving` and `ref` are kept. While listening or monitoring it does nothing: the
  /// library returns at once (CALMGEO.md §7), so a running geofence is not stopped and a
  /// running listener gets no new one-shot.
  /// - Returns: whether tracking was stopped before (a mode change to listening).
  @discardableResult
  public mutating func start(at now: Int64) -> Bool {
    if !started {
      started = true
      lastTime = now
    }
    account(until: now)
    guard !isRunning else { return false }
    isRunning = true
    mode = .listening
    listenStart = now
    // Listening asks for a one-shot after stopping the location manager, which cancels
    // a pending request: the two are one answer.
    awaitingOneShot = true
    awaitingRequest = false
    return true
  }

  /// `stop()` at `now`: no fix is processed until the next start; nothing else changes.
  /// - Returns: the mode that stopped, if tracking ran.
  @discardableResult
  public mutating func stop(at now: Int64) -> Mode? {
    account(until: now)
    guard isRunning else { return nil }
    isRunning = false
    // `stopUpdatingLocation()` cancels a pending `requestLocation()` (platform model).
    awaitingRequest = false
    return mode
  }

  /// `restart(config)`'s new filter settings, and the radius of the next geofence.
  public mutating func reconfigure(_ config: CalmGeoConfig) {
    distanceFilter = Double(config.distanceFilter)
    speedMultiplier = config.speedMultiplier
    disableSpeedMultiplier = config.disableSpeedMultiplier
    stationaryRadius = max(config.stationaryRadius, geofenceMinimumRadius)
  }

  /// `getGeoData()`'s fix through the emitter as a live fix would go (a moving location,
  /// or a motionchange to moving): `nil` while monitoring. `ref` is untouched.
  public mutating func emitLive() -> Emission? {
    guard !(isRunning && mode == .monitoring) else { return nil }
    return emit()
  }

  /// A stale `getGeoData()`'s `requestLocation()`: the next fix is the OS's answer, which
  /// reaches the emitter outside the filter like a one-shot (a motionchange to moving, or
  /// a plain moving location), `ref` untouched, even while stopped; while monitoring the
  /// library drops it (the fix still goes to the geofence). `stop()`, the sleep rule and
  /// a new start cancel it (they stop the location manager). No-op before the first start
  /// (the library has no listener yet).
  public mutating func requestLocation() {
    if started { awaitingRequest = true }
  }

  /// The distance a fix must move from `ref` to be kept, metres (the model's judge;
  /// CalmGeo's by default, CALMGEO.md §3: an unknown, negative speed rounds to 0).
  public func judge(speed: Double?) -> Double {
    model.judge(
      speed: speed, distanceFilter: distanceFilter, multiplier: speedMultiplier,
      disabled: disableSpeedMultiplier)
  }

  /// Feeds the next fix (times strictly increasing) and returns the emission, if any.
  public mutating func step(_ fix: Fix) -> Emission? {
    decide(fix).emission
  }

  /// Feeds the next fix (times strictly increasing) and returns the full decision.
  /// `cosLatitude`: the fix's cosine of latitude when already known (`TrackAnalysis`, for
  /// a track replayed many times); the same number the machine would compute.
  @inline(__always)
  public mutating func decide(_ fix: Fix, cosLatitude: Double? = nil) -> FixDecision {
    let now = fix.time
    counters.fixes += 1
    if !started && startsAtFirstFix { start(at: now) }
    account(until: now)
    let before = state
    var decision = FixDecision(
      kind: .filtered, emission: nil, distance: .nan, judge: .nan, speed: fix.speed ?? -1,
      speedDerived: fix.flags.contains(.speedDerived), refAge: ref.map { now - $0.time } ?? -1,
      listeningAge: isRunning && mode == .listening ? now - listenStart : -1, refMoved: false, before: before,
      after: before)
    guard isRunning else {
      if awaitingRequest {
        // The answer to a stale getGeoData()'s request: the delegate still emits it.
        awaitingRequest = false
        decision.kind = .oneShot
        decision.emission = emit()
        decision.after = state
        return decision
      }
      counters.fixesWhileStopped += 1
      decision.kind = .ignoredWhileStopped
      return decision
    }
    let fixAnchor =
      cosLatitude.map { GeoMath.Anchor(latitude: fix.latitude, longitude: fix.longitude, cosLatitude: $0) }
      ?? GeoMath.Anchor(fix)
    decision.cosLatitude = fixAnchor.cosLatitude
    switch mode {
    case .monitoring:
      // A pending request's answer reaches the emitter, which ignores it while monitoring.
      awaitingRequest = false
      monitor(fix, fixAnchor, into: &decision)
    case .listening:
      if awaitingOneShot || awaitingRequest {
        // The one-shot answer of requestLocation(): emitted unfiltered, ref untouched.
        awaitingOneShot = false
        awaitingRequest = false
        decision.kind = .oneShot
        if measuresDistances, let refAnchor { decision.distance = refAnchor.distance(to: fixAnchor) }
        decision.emission = emit()
      } else {
        filter(fix, fixAnchor, into: &decision)
      }
    }
    decision.after = state
    return decision
  }

  /// Takes the fixes from `start` on that `decide(_:cosLatitude:)` would decide with nothing
  /// changing but the counters, each after the one before (the first after `previous`) and at or
  /// before `limit`: listening (no one-shot or request awaited), those the distance filter drops
  /// before the still and sleep rules' times (`.filtered`); monitoring, those inside the geofence
  /// or before a pending exit's delay is over (`.ignoredWhileMonitoring`). Only when distances
  /// are not reported; the same comparisons as `filter` and `monitor`, so the same decisions.
  /// `cosLatitudes[i]` is fix i's.
  /// - Returns: how many fixes it took (0 when the machine is in no such state) and their kind.
  @inline(__always)
  package mutating func quietRun(
    _ fixes: UnsafeBufferPointer<Fix>, cosLatitudes: UnsafeBufferPointer<Double>, from start: Int,
    after previous: Int64, through limit: Int64
  ) -> (taken: Int, kind: FixDecision.Kind) {
    guard isRunning, !awaitingRequest, !measuresDistances, let ref, let anchor = refAnchor else {
      return (0, .filtered)
    }
    let listening = mode == .listening
    // The last time a fix may have, and whether each fix's distance is compared at all.
    var horizon = limit
    var compares = true
    if listening {
      guard !awaitingOneShot else { return (0, .filtered) }
      // The sleep rule needs both ages past sleepTime, the still rule (moving) the ref's past stillTime.
      horizon = min(horizon, max(ref.time, listenStart) + Self.sleepTime)
      if isMoving { horizon = min(horizon, ref.time + Self.stillTime) }
    } else if let outsideSince = firstOutside {
      // An exit is pending: fixes are ignored until its delay is over, wherever they are.
      horizon = min(horizon, outsideSince + exitDelay - 1)
      compares = false
    }
    var index = start
    var last = previous
    while index < fixes.count {
      let time = fixes[index].time
      guard time > last, time <= horizon else { break }
      if compares {
        if !listening && geofenceUnknown && (fixes[index].horizontalAccuracy ?? 0) > geofenceRadius { break }
        let threshold = listening ? judge(speed: fixes[index].speed) : geofenceRadius
        let fixAnchor = GeoMath.Anchor(
          latitude: fixes[index].latitude, longitude: fixes[index].longitude, cosLatitude: cosLatitudes[index])
        var distance = DecisionDistance(from: anchor, to: fixAnchor, measured: false)
        if distance.exceeds(threshold) { break }
      }
      last = time
      index += 1
    }
    let taken = index - start
    guard taken > 0 else { return (0, .filtered) }
    counters.fixes += taken
    if listening { counters.filtered += taken } else { counters.fixesWhileMonitoring += taken }
    account(until: last)
    return (taken, listening ? .filtered : .ignoredWhileMonitoring)
  }

  /// Mode and motion now.
  public var state: State { State(mode: mode, isMoving: isMoving, isRunning: isRunning) }

  /// Closes the time accounting at the end of the log.
  public mutating func finish(at time: Int64) {
    account(until: time)
  }

  private mutating func account(until now: Int64) {
    let elapsed = now - lastTime
    if !isRunning {
      // Stopped: neither listening nor monitoring.
    } else if mode == .listening {
      counters.millisListening += elapsed
    } else {
      counters.millisMonitoring += elapsed
    }
    lastTime = now
  }

  private mutating func emit() -> Emission {
    if isMoving { return Emission(isMoving: true, isMotionChange: false) }
    isMoving = true
    counters.motionChangesToMoving += 1
    return Emission(isMoving: true, isMotionChange: true)
  }

  private mutating func stop() -> Emission {
    isMoving = false
    counters.motionChangesToStationary += 1
    return Emission(isMoving: false, isMotionChange: true)
  }

  /// `fixAnchor`: the fix with its cosine of latitude, for its distance and, when it is
  /// kept, as the new ref's.
  @inline(__always)
  private mutating func filter(_ fix: Fix, _ fixAnchor: GeoMath.Anchor, into decision: inout FixDecision) {
    let judge = judge(speed: fix.speed)
    decision.judge = judge
    guard let reference = ref, let anchor = refAnchor else {
      (ref, refAnchor) = (fix, fixAnchor)
      decision.kind = .keptRefEmpty
      decision.emission = emit()
      return
    }
    var distance = DecisionDistance(from: anchor, to: fixAnchor, measured: measuresDistances)
    defer { decision.distance = distance.metres }
    if distance.exceeds(judge) {
      (ref, refAnchor) = (fix, fixAnchor)
      decision.kind = .keptBeyondJudge
      decision.emission = emit()
      return
    }
    counters.filtered += 1
    let now = fix.time
    let age = now - reference.time
    if age > Self.stillTime && isMoving {
      (ref, refAnchor) = (fix, fixAnchor)
      decision.kind = .stillRule
      decision.refMoved = true
      decision.stillThreshold = distanceFilter
      if distance.isBelow(distanceFilter) { decision.emission = stop() }
    }
    if age > Self.sleepTime && now - listenStart > Self.sleepTime {
      if isMoving { decision.emission = stop() }
      mode = .monitoring
      geofenceRadius = stationaryRadius
      firstOutside = nil
      decision.kind = .sleepRule
    }
  }

  private mutating func monitor(_ fix: Fix, _ fixAnchor: GeoMath.Anchor, into decision: inout FixDecision) {
    counters.fixesWhileMonitoring += 1
    decision.kind = .ignoredWhileMonitoring
    decision.judge = geofenceRadius
    guard let centre = refAnchor else { return }
    var distance = DecisionDistance(from: centre, to: fixAnchor, measured: measuresDistances)
    defer { decision.distance = distance.metres }
    // `unknown` (platform model): a fix too inaccurate for the radius; CalmGeo treats it as an exit.
    let unknown = geofenceUnknown && (fix.horizontalAccuracy ?? 0) > geofenceRadius
    if firstOutside == nil {
      let isOutside = distance.exceeds(geofenceRadius)
      if isOutside || unknown { beginExit(at: fix.time, isUnknown: !isOutside) }
    }
    guard let outsideSince = firstOutside, fix.time - outsideSince >= exitDelay else { return }
    // Geofence exit: the library reads the current location and starts listening again.
    counters.geofenceExits += 1
    if exitIsUnknown { counters.geofenceUnknowns += 1 }
    mode = .listening
    listenStart = fix.time
    awaitingOneShot = true
    isMoving = true
    counters.motionChangesToMoving += 1
    decision.kind = .geofenceExit
    decision.emission = Emission(isMoving: true, isMotionChange: true)
  }

  /// The first fix outside the geofence (or `unknown`): the exit's delay starts.
  private mutating func beginExit(at time: Int64, isUnknown: Bool) {
    firstOutside = time
    exitIsUnknown = isUnknown
    exitDelay = geofenceExitDelay.lowerBound
    if geofenceExitDelay.upperBound > exitDelay {
      exitDelay += Int64(exitDelays.nextUnit() * Double(geofenceExitDelay.upperBound - exitDelay + 1))
    }
  }
}
