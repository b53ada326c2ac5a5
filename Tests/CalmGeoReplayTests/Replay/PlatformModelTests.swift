import Testing

@testable import CalmGeoReplay

/// The replay's optional models beyond the contract: geofence delay and minimum radius,
/// and the activity that stands in for CoreMotion.
struct PlatformModelTests {
  typealias E = EquatorTrack.Emit
  let f = EquatorTrack.fix

  /// Stationary at x = 0 from t62, monitoring from t183 (see TrackingStateMachineTests).
  private var stillThenLeave: [Fix] {
    [f(0, 0, 0), f(1, 0, 0), f(62, 0, 0), f(183, 0, 0), f(300, 30, 0), f(310, 40, 0), f(331, 60, 0)]
  }

  @Test func geofenceExitDelayWaitsAfterTheFirstFixOutside() {
    var settings = ReplaySettings()
    settings.geofenceExitDelay = 30_000
    // First outside at t300 (30 m > 25); the exit is reported at the first fix 30 s or more
    // later: t310 is 10 s after, t331 is 31 s after.
    let (observer, _) = EquatorTrack.replay(stillThenLeave, settings: settings)
    #expect(EquatorTrack.emits(observer).suffix(1) == [E(331, true, true)])
    // Without the delay (the contract): t300 exits, t310 is the one-shot, t331 is 60 m
    // from ref (x = 0) > 16 → kept.
    let (plain, _) = EquatorTrack.replay(stillThenLeave)
    #expect(EquatorTrack.emits(plain).suffix(3) == [E(300, true, true), E(310, true, false), E(331, true, false)])
  }

  @Test func geofenceMinimumRadiusWidensASmallStationaryRadius() {
    var settings = ReplaySettings()
    settings.geofenceMinimumRadius = 50
    // Radius max(25, 50) = 50: 30 and 40 m stay inside, 60 m exits at t331.
    let (observer, _) = EquatorTrack.replay(stillThenLeave, settings: settings)
    #expect(EquatorTrack.emits(observer).suffix(1) == [E(331, true, true)])
  }

  @Test(
    arguments: [
      (nil, false, "unknown", 33), (0.0, false, "still", 100), (0.29, false, "still", 100),
      (0.3, false, "walking", 100), (2.4, true, "walking", 67), (2.5, false, "running", 100),
      (4.5, false, "on_bicycle", 100), (8.0, false, "in_vehicle", 100), (30.0, true, "in_vehicle", 67),
    ] as [(Double?, Bool, String, Int)])
  func activityFromSpeed(speed: Double?, derived: Bool, type: String, confidence: Int) {
    var fix = Fix(time: 0, latitude: 0, longitude: 0)
    fix.speed = speed
    if derived { fix.flags.insert(.speedDerived) }
    #expect(ActivityModel.activity(for: fix) == CalmGeoActivity(type: type, confidence: confidence))
  }

  @Test func fetchActivityAttachesAnActivityToEveryLocation() {
    var config = CalmGeoConfig()
    config.fetchActivity = true
    let (observer, _) = EquatorTrack.replay(EquatorTrack.workedExample, config: config)
    // Worked example: speeds 1.5 (walking) except the stop at t73 (speed 0: still).
    #expect(
      observer.locations.map { $0.activity?.type } == [
        "walking", "walking", "walking", "still", "walking", "walking", "walking",
      ])
    let (plain, _) = EquatorTrack.replay(EquatorTrack.workedExample)
    #expect(plain.locations.allSatisfy { $0.activity == nil })
  }
}
