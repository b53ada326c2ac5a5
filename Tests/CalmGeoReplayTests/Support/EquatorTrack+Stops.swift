@testable import CalmGeoReplay

extension EquatorTrack {
  /// Replays `fixes` through the real engine and feeds `metrics` fix by fix: the raw fix,
  /// then the motionchange emitted at it, then the GPS going off at it.
  ///
  /// Motionchanges come from the engine's observer; the GPS-off times from a
  /// `TrackingStateMachine` stepped alongside (the first fix in monitoring mode).
  static func stops(
    _ fixes: [Fix], config: CalmGeoConfig = CalmGeoConfig(), metrics: StopMetrics = StopMetrics()
  ) -> (stats: StopStats, stops: [TrueStop]) {
    let (observer, _) = replay(fixes, config: config)
    var motionChanges: [Int64: CalmGeoLocation] = [:]
    for location in observer.locations where location.event == .motionchange {
      motionChanges[location.time] = location
    }
    var machine = TrackingStateMachine(config: config)
    var metrics = metrics
    for fix in fixes {
      let wasMonitoring = machine.mode == .monitoring
      _ = machine.step(fix)
      metrics.observeRaw(fix)
      if let change = motionChanges[fix.time] { metrics.observeMotionChange(isMoving: change.isMoving, at: change.fix) }
      if !wasMonitoring && machine.mode == .monitoring { metrics.observeMonitoringStart(at: fix.time) }
    }
    return (metrics.finish(), metrics.stopList())
  }

  /// Metres east of longitude 0 of a longitude on the equator.
  static func x(longitude: Double) -> Double { longitude * (GeoMath.earthRadius * .pi / 180) }
}
