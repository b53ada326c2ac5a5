import Testing

@testable import CalmGeoReplay

/// Each model's judge at the speeds, worked by hand, and each model's behaviour
/// on a hand-built track (CALMGEO.md §6 style: equator, x metres east).
struct FilterModelTests {
  typealias E = EquatorTrack.Emit
  let f = EquatorTrack.fix

  static let speeds = [1.4, 2.5, 7.7, 13.9, 27.0, 33.3]
  // speed / 5:                    0.28  0.5   1.54  2.78  5.4   6.66
  // calmgeo round (half away):    0     1     2     3     5     7
  // bg-docs ceil (next 5 m/s):    1     1     2     3     6     7
  // bg-android floor(s/5 + 0.5):  0     1     2     3     5     7   (0.78, 1.0, 2.04, 3.28, 5.9, 7.16)

  @Test(arguments: [
    // df 30, multiplier 1 (transistorsoft's default elasticityMultiplier): the docs' example.
    (FilterModel.calmgeo, [30.0, 30, 60, 90, 150, 210]),  // max(k · 30, 30)
    (FilterModel.bgDocs, [30.0, 30, 60, 90, 180, 210]),  // max(ceil · 30, 30): 7.7 → 60 as documented
    (FilterModel.bgAndroid, [30.0, 60, 90, 120, 180, 240]),  // 30 + 30 · k: 7.7 → 90
    (FilterModel.iosDistanceFilter, [30.0, 30, 30, 30, 30, 30]),
    (FilterModel.significantChange, [500.0, 500, 500, 500, 500, 500]),
  ])
  func judgeWithDistanceFilter30(model: FilterModel, judges: [Double]) {
    for (speed, judge) in zip(Self.speeds, judges) {
      #expect(
        abs(model.judge(speed: speed, distanceFilter: 30, multiplier: 1, disabled: false) - judge) < 1e-9,
        "\(model.rawValue) at \(speed) m/s")
    }
  }

  @Test(arguments: [
    // df 16, multiplier 3.1 (CalmGeo's defaults): one step is 3.1 · 16 = 49.6 m.
    (FilterModel.calmgeo, [16.0, 49.6, 99.2, 148.8, 248, 347.2]),  // max(k · 49.6, 16)
    (FilterModel.bgDocs, [49.6, 49.6, 99.2, 148.8, 297.6, 347.2]),  // ceil · 49.6
    (FilterModel.bgAndroid, [16.0, 65.6, 115.2, 164.8, 264, 363.2]),  // 16 + 49.6 · k
    (FilterModel.iosDistanceFilter, [16.0, 16, 16, 16, 16, 16]),
  ])
  func judgeWithCalmGeoDefaults(model: FilterModel, judges: [Double]) {
    for (speed, judge) in zip(Self.speeds, judges) {
      #expect(
        abs(model.judge(speed: speed, distanceFilter: 16, multiplier: 3.1, disabled: false) - judge) < 1e-9,
        "\(model.rawValue) at \(speed) m/s")
    }
  }

  @Test func bgDocsMatchesBothWorkedExamplesOfTheDocs() {
    // 7.7 m/s, df 30 → 60 m; 27 m/s, df 50 → 300 m (ceil(5.4) = 6; rounding to the nearest 5 would give 250).
    #expect(FilterModel.bgDocs.judge(speed: 7.7, distanceFilter: 30, multiplier: 1, disabled: false) == 60)
    #expect(FilterModel.bgDocs.judge(speed: 27, distanceFilter: 50, multiplier: 1, disabled: false) == 300)
    #expect(FilterModel.calmgeo.judge(speed: 27, distanceFilter: 50, multiplier: 1, disabled: false) == 250)
  }

  @Test(arguments: [FilterModel.calmgeo, .bgDocs, .bgAndroid])
  func unknownOrZeroSpeedAndDisabledElasticityGiveTheDistanceFilter(model: FilterModel) {
    #expect(model.judge(speed: nil, distanceFilter: 30, multiplier: 1, disabled: false) == 30)
    #expect(model.judge(speed: -1, distanceFilter: 30, multiplier: 1, disabled: false) == 30)
    #expect(model.judge(speed: 0, distanceFilter: 30, multiplier: 1, disabled: false) == 30)
    // disableSpeedMultiplier plays disableElasticity.
    #expect(model.judge(speed: 33.3, distanceFilter: 30, multiplier: 3.1, disabled: true) == 30)
  }

  @Test func theStateMachineUsesTheModelsJudge() {
    var config = CalmGeoConfig()
    config.distanceFilter = 50
    config.speedMultiplier = 1
    var settings = ReplaySettings()
    settings.model = .bgDocs
    #expect(TrackingStateMachine(config: config, settings: settings).judge(speed: 27) == 300)
    // ref = t1 at x = 0; t2 at 27 m/s: bg-docs keeps 310 m (> 300) but not 290 m; calmgeo's
    // judge is 250, so it keeps both.
    let kept = { (x: Double, settings: ReplaySettings) in
      EquatorTrack.replay([f(0, 0, 0), f(1, 0, 0), f(2, x, 27)], config: config, settings: settings).observer.locations
        .count
    }
    #expect(kept(310, settings) == 3)
    #expect(kept(290, settings) == 2)
    #expect(kept(290, ReplaySettings()) == 3)
  }

  @Test func iosDistanceFilterKeepsFixesFartherThanDistanceFilterFromTheLastKept() {
    var settings = ReplaySettings()
    settings.model = .iosDistanceFilter
    // df 16. t0 kept (first); t1 10 m from t0 → dropped; t2 20 m → kept (last = 20);
    // t3 11 m → dropped; t4 20 m from x 20 → kept (last = 40); t5 22 m → kept. Then 400 s
    // standing at x = 62: never a stop, never monitoring.
    var fixes = [f(0, 0, 0), f(1, 10, 0), f(2, 20, 0), f(3, 31, 0), f(4, 40, 0), f(5, 62, 0)]
    fixes += (6...405).map { f(Double($0), 62, 0) }
    let (observer, result) = EquatorTrack.replay(fixes, settings: settings)
    #expect(
      EquatorTrack.emits(observer) == [E(0, true, false), E(2, true, false), E(4, true, false), E(5, true, false)])
    #expect(observer.decisions.map(\.kind).prefix(3) == [.keptRefEmpty, .filtered, .keptBeyondJudge])
    #expect(result.machine.millisListening == 405_000 && result.machine.millisMonitoring == 0)
    #expect(result.machine.motionChangesToStationary == 0 && result.machine.filtered == 402)
  }

  @Test func significantChangeNeeds500MetresAnd5MinutesSinceTheLastDelivery() {
    var settings = ReplaySettings()
    settings.model = .significantChange
    // 5 m/s, a fix every 10 s for 1000 s: 500 m is reached at t100, but 300 s must pass
    // too → t300 (1500 m from t0), t600, t900.
    let fast = (0...100).map { f(Double($0 * 10), 5 * Double($0 * 10), 5) }
    let (observer, result) = EquatorTrack.replay(fast, settings: settings)
    #expect(EquatorTrack.emits(observer).map(\.t) == [0, 300, 600, 900])
    #expect(result.machine.significantChanges == 4 && result.machine.millisMonitoring == 1_000_000)
    #expect(result.machine.millisListening == 0)
    // 1 m/s: 300 s pass first; 500 m is reached at t500, then x ≥ 1000 at t1000.
    let slow = (0...100).map { f(Double($0 * 10), Double($0 * 10), 1) }
    #expect(EquatorTrack.emits(EquatorTrack.replay(slow, settings: settings).observer).map(\.t) == [0, 500, 1000])
    // Standing still for an hour: only the first fix.
    let still = (0...360).map { f(Double($0 * 10), 0, 0) }
    #expect(EquatorTrack.replay(still, settings: settings).observer.locations.count == 1)
  }

  @Test func significantChangeDeliveriesCountAsWakeUpsAndMonitoringTime() {
    var settings = ReplaySettings()
    settings.model = .significantChange
    let fast = (0...100).map { f(Double($0 * 10), 5 * Double($0 * 10), 5) }
    var (_, result) = EquatorTrack.replay(fast, settings: settings)
    var configuration = ReplayConfiguration()
    configuration.replay = settings
    result.configuration = configuration
    let stats = ReplayStats(result)
    // 4 deliveries × 0.28 mAh = 1.12; 1000 s monitoring at 1 mA = 0.2778 mAh; no requests.
    #expect(stats.energy?.geofenceWakeups == 4 && stats.energy?.milliampHours.wakeups == 1.12)
    #expect(stats.energy?.milliampHours.monitoring == 0.2778 && stats.engine.significantChanges == 4)
  }
}
