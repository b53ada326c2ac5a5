/// Core Location's significant-change location service (`replay.model`
/// `significant-change`), as a baseline for battery and fidelity.
///
/// Apple (`startMonitoringSignificantLocationChanges()`): "Apps can expect a
/// notification as soon as the device moves 500 meters or more from its previous
/// notification. It should not expect notifications more frequently than once every
/// five minutes." The service uses cell and Wi-Fi, not the GPS (seed 003 describes it
/// as the low-power service that reports only large moves). The model: the first fix
/// is delivered (the service reports the current location when it starts); after
/// that a fix is delivered when it is at least 500 m from the last delivered one and
/// at least 300 s after it. Each delivery wakes the app (counted in
/// `significantChanges`, and as a wake-up by the battery estimate); the whole log is
/// spent monitoring (GPS off). Deliveries are moving locations without an event.
public struct SignificantChangeDecider: Sendable {
  /// Metres from the last delivery.
  public static let minimumDistance = 500.0
  /// Milliseconds since the last delivery.
  public static let minimumInterval: Int64 = 300_000

  public private(set) var counters = TrackingStateMachine.Counters()
  private var last: (fix: Fix, anchor: GeoMath.Anchor)?
  private var lastTime: Int64?

  public init() {}

  /// Always monitoring (no GPS); moving as the app sees it.
  public var state: TrackingStateMachine.State { .init(mode: .monitoring, isMoving: true) }

  /// Decides the next fix (times strictly increasing).
  public mutating func decide(_ fix: Fix) -> FixDecision {
    counters.fixes += 1
    counters.millisMonitoring += fix.time - (lastTime ?? fix.time)
    lastTime = fix.time
    var decision = FixDecision(
      kind: .ignoredWhileMonitoring, emission: nil, distance: .nan, judge: Self.minimumDistance,
      speed: fix.speed ?? -1, speedDerived: fix.flags.contains(.speedDerived),
      refAge: last.map { fix.time - $0.fix.time } ?? -1, listeningAge: -1, refMoved: false,
      before: state, after: state)
    if let reference = last {
      decision.distance = reference.anchor.distance(to: fix)
      guard decision.distance >= Self.minimumDistance, fix.time - reference.fix.time >= Self.minimumInterval else {
        counters.fixesWhileMonitoring += 1
        return decision
      }
      decision.kind = .keptBeyondJudge
    } else {
      decision.kind = .keptRefEmpty
    }
    last = (fix, GeoMath.Anchor(fix))
    counters.significantChanges += 1
    decision.emission = .init(isMoving: true, isMotionChange: false)
    return decision
  }

  /// Closes the time accounting at the end of the log (or at a `stop()`).
  public mutating func finish(at time: Int64) {
    counters.millisMonitoring += time - (lastTime ?? time)
    lastTime = time
  }

  /// Time runs again from `time` (a `start()` after a `stop()`: the gap is not monitoring).
  public mutating func resume(at time: Int64) {
    if lastTime != nil { lastTime = time }
  }
}
