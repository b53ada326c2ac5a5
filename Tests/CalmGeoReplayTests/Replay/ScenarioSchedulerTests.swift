import Testing

@testable import CalmGeoReplay

/// When scenario entries run: absolute and first-fix times, `fix#n`, `after:` events,
/// same-time order, and the entries that cannot run (§6's track, 330 fixes 0 … 329 s;
/// emits 0, 1, 12, 73, 317, 318, 319; motionchanges 0, 73, 317; monitoring from 194).
struct ScenarioSchedulerTests {
  let track = EquatorTrack.workedExample
  let t0 = EquatorTrack.t0

  private func run(_ entries: [Scenario.Entry]) -> (CollectingObserver, ReplayResult) {
    EquatorTrack.replay(track, scenario: [Scenario.Entry(.start, at: .sinceFirstFix(0))] + entries)
  }

  @Test func entriesRunAtTheirTimesInTimeThenFileOrder() {
    // No url: every emit stays stored. At fix#74 (t 73, before that fix): 0, 1, 12 stored.
    // After motionchange#2 (the stationary one at 73): 4 stored; +5 s: 78.
    // Absolute 07:01:40 = 100 s; the three at 100 run in file order (count, clear, count).
    // Monitoring starts at fix 194; the fifth location is 317 (after the clear at 100,
    // the only one stored); the exit is at 317, +1 s = 318 (before fix 318).
    let (observer, _) = run([
      Scenario.Entry(.getStoredCount, at: .after(.motionchange, number: 2, offset: 5_000)),
      Scenario.Entry(.getStoredCount, at: .absolute(t0 + 100_000)),
      Scenario.Entry(.clearAllLocations, at: .sinceFirstFix(100_000)),
      Scenario.Entry(.getStoredCount, at: .sinceFirstFix(100_000)),
      Scenario.Entry(.getStoredCount, at: .atFix(74)),
      Scenario.Entry(.getStoredCount, at: .after(.motionchange, number: 2, offset: 0)),
      Scenario.Entry(.state, at: .after(.monitoring, number: 1, offset: 0)),
      Scenario.Entry(.state, at: .after(.geofenceExit, number: 1, offset: 1_000)),
      Scenario.Entry(.getStoredCount, at: .after(.location, number: 5, offset: 0)),
    ])
    let calls = observer.calls.dropFirst()  // start()
    #expect(calls.map { EquatorTrack.seconds($0.time) } == [73, 73, 78, 100, 100, 100, 194, 317, 318])
    #expect(calls.map(\.index) == [5, 6, 1, 2, 3, 4, 7, 9, 8])
    #expect(
      calls.map(\.result) == [
        .count(3), .count(4), .count(4), .count(4), .none, .count(0), .state(.running), .count(1), .state(.running),
      ])
  }

  @Test func anEntryBeforeTheFirstFixIsAnError() {
    let (_, result) = run([Scenario.Entry(.sync, at: .absolute(t0 - 60_000), line: 7)])
    #expect(
      result.scenarioError
        == DocumentError(
          .scenario, source: "test.yaml", line: 7, key: "calls[1]",
          reason: "2024-05-01T06:59:00.000Z is before the log's first fix (2024-05-01T07:00:00.000Z)"))
  }

  @Test func anEntryAfterTheLastFixIsAnError() {
    let (observer, result) = run([Scenario.Entry(.sync, at: .sinceFirstFix(400_000), line: 3)])
    #expect(
      result.scenarioError?.description
        == "test.yaml:3: error: scenario: calls[1]: 2024-05-01T07:06:40.000Z is after the log's last fix (2024-05-01T07:05:29.000Z)"
    )
    #expect(observer.calls.count == 1)  // only start()
  }

  @Test func anEventThatNeverHappensIsAnError() {
    let (_, result) = run([Scenario.Entry(.sync, at: .after(.motionchange, number: 4, offset: 0), line: 2)])
    #expect(
      result.scenarioError?.reason
        == "motionchange#4 never happened: the replay had 3 (the log's last fix is 2024-05-01T07:05:29.000Z)")
    let (_, beyond) = run([Scenario.Entry(.sync, at: .atFix(331), line: 2)])
    #expect(
      beyond.scenarioError?.reason == "fix#331 never came: the log has 330 fixes (the last at 2024-05-01T07:05:29.000Z)"
    )
  }

  @Test func theStandardScenarioIsStartAndTheFinalSync() {
    #expect(
      Scenario.standard(finalSync: true).entries == [
        Scenario.Entry(.start, at: .sinceFirstFix(0)), Scenario.Entry(.sync, at: .end),
      ])
    // Given explicitly, it replays exactly as no scenario (calls aside, counted only then).
    var config = CalmGeoConfig()
    config.url = "https://example.test/l"
    config.autoSync = true
    var settings = ReplaySettings()
    settings.finalSync = true
    let plain = EquatorTrack.replay(track, config: config, settings: settings)
    let explicit = EquatorTrack.replay(
      track, scenario: Scenario.standard(finalSync: false).entries, config: config,
      settings: settings)
    #expect(plain.observer.locations == explicit.observer.locations)
    #expect(plain.observer.completed == explicit.observer.completed)
    #expect(plain.result.calls == nil && explicit.result.calls == [.start: 1, .sync: 1])
  }
}
