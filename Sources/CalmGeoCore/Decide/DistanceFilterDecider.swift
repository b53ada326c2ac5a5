/// Plain `CLLocationManager.distanceFilter` (`replay.model` `ios-distance-filter`): a fix
/// is kept when it lies more than distanceFilter metres from the last kept fix.
///
/// Apple: distanceFilter is "the minimum distance (measured in meters) a device must move
/// horizontally before an update event is generated". No stop detection and no
/// geofence: the GPS stays on (listening) for the whole log, every kept fix is a moving
/// location without an event. The first fix is kept (there is no previous one).
public struct DistanceFilterDecider: Sendable {
  public private(set) var counters = TrackingStateMachine.Counters()
  private var last: (fix: Fix, anchor: GeoMath.Anchor)?
  private var lastTime: Int64?
  private var distanceFilter: Double

  public init(config: CalmGeoConfig) {
    distanceFilter = Double(config.distanceFilter)
  }

  /// Always listening and (as the app sees it) moving.
  public var state: TrackingStateMachine.State { .init(mode: .listening, isMoving: true) }

  /// Decides the next fix (times strictly increasing).
  public mutating func decide(_ fix: Fix) -> FixDecision {
    counters.fixes += 1
    counters.millisListening += fix.time - (lastTime ?? fix.time)
    lastTime = fix.time
    var decision = FixDecision(
      kind: .filtered, emission: nil, distance: .nan, judge: distanceFilter, speed: fix.speed ?? -1,
      speedDerived: fix.flags.contains(.speedDerived), refAge: last.map { fix.time - $0.fix.time } ?? -1,
      listeningAge: -1, refMoved: false, before: state, after: state)
    guard let reference = last else {
      last = (fix, GeoMath.Anchor(fix))
      decision.kind = .keptRefEmpty
      decision.emission = .init(isMoving: true, isMotionChange: false)
      return decision
    }
    decision.distance = reference.anchor.distance(to: fix)
    if decision.distance > distanceFilter {
      last = (fix, GeoMath.Anchor(fix))
      decision.kind = .keptBeyondJudge
      decision.emission = .init(isMoving: true, isMotionChange: false)
    } else {
      counters.filtered += 1
    }
    return decision
  }

  /// Closes the time accounting at the end of the log (or at a `stop()`).
  public mutating func finish(at time: Int64) {
    counters.millisListening += time - (lastTime ?? time)
    lastTime = time
  }

  /// Time runs again from `time` (a `start()` after a `stop()`: the gap is not listening).
  public mutating func resume(at time: Int64) {
    if lastTime != nil { lastTime = time }
  }

  /// `restart(config)`: the new distance filter.
  public mutating func reconfigure(_ config: CalmGeoConfig) {
    distanceFilter = Double(config.distanceFilter)
  }
}
