import Testing

@testable import CalmGeoReplay

/// Runs of fixes that change nothing but counters (`ReplayEngine.processQuietRun`): which fixes a
/// run takes, worked out by hand, and the same result as deciding every fix alone.
struct QuietRunTests {
  /// What the observer was told: one fix's decision, or a run of `count` fixes of one kind ending at `t`.
  struct Told: Equatable, CustomStringConvertible {
    var kind: FixDecision.Kind
    var count = 1
    var isRun = false
    var t: Double

    var description: String { isRun ? "\(count)×\(kind) to \(t)" : "\(kind) at \(t)" }
  }

  /// Records what it is told; takes quiet runs only when asked to.
  struct Recorder: ReplayObserver {
    let takesQuietRuns: Bool
    var told: [Told] = []

    mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
      told.append(Told(kind: decision.kind, t: EquatorTrack.seconds(fix.time)))
    }

    mutating func replayDidDecide(_ count: Int, as kind: FixDecision.Kind, last: Fix) {
      told.append(Told(kind: kind, count: count, isRun: true, t: EquatorTrack.seconds(last.time)))
    }

    var wantsDecisionDistances: Bool { false }
  }

  /// A fix every 10 s, speed 0 (judge: the distance filter, 16 m), on the equator:
  /// - 0 s, 10 s at x = 0: the one-shot, then the fix that sets ref (no ref yet);
  /// - 20 … 70 s creeping to x = 7 m: within 16 m of ref (10 s), the ref 60 s old or less;
  /// - 80 s at x = 8: ref is 70 s old while moving: the still rule (ref moves here, stationary);
  /// - 90 … 200 s at x = 8: filtered, ref (80 s) 120 s old or less;
  /// - 210 s: ref 130 s old and listening for 210 s: the sleep rule (monitoring, radius 25 m);
  /// - 220 … 300 s at x = 8: inside the geofence;
  /// - 310 s at x = 5 000: outside: the geofence exit (no delay), listening again;
  /// - 320 s: the one-shot; 330 s at x = 5 005: 4 997 m from ref (80 s): kept, the new ref;
  /// - 340, 350 s at x = 5 010, 5 015: 5 and 10 m from it: filtered.
  static let fixes: [Fix] = (0...35).map { step -> Fix in
    let t = Double(step * 10)
    let x: Double =
      switch step {
      case 0, 1: 0
      case 2...7: Double(step)
      case 8...30: 8
      case 31, 32: 5_000
      default: 5_000 + 5 * Double(step - 32)
      }
    return EquatorTrack.fix(t: t, x: x, speed: 0)
  }

  static let track = Track(name: "quiet.csv", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())

  /// The replay of `track` with its analysis (what lets the metrics take runs whole).
  static func replay(
    takingRuns: Bool, configuration: ReplayConfiguration = ReplayConfiguration()
  ) -> (told: [Told], result: ReplayResult) {
    let analysis = TrackAnalysis(track, stopRules: [StopRule(configuration.replay)])
    var recorder = Recorder(takesQuietRuns: takingRuns)
    let result = ReplayRunner.run(
      source: track, configuration: configuration, observer: &recorder,
      options: ReplayOptions(metrics: true, analysis: analysis))
    return (recorder.told, result)
  }

  static func one(_ kind: FixDecision.Kind, _ t: Double) -> Told { Told(kind: kind, t: t) }
  static func run(_ count: Int, _ kind: FixDecision.Kind, to t: Double) -> Told {
    Told(kind: kind, count: count, isRun: true, t: t)
  }

  @Test func runsEndWhereTheMachineMayDoMore() {
    let (told, _) = Self.replay(takingRuns: true)
    #expect(
      told == [
        Self.one(.oneShot, 0), Self.one(.keptRefEmpty, 10), Self.run(6, .filtered, to: 70),
        Self.one(.stillRule, 80), Self.run(12, .filtered, to: 200), Self.one(.sleepRule, 210),
        Self.run(9, .ignoredWhileMonitoring, to: 300), Self.one(.geofenceExit, 310), Self.one(.oneShot, 320),
        Self.one(.keptBeyondJudge, 330), Self.run(2, .filtered, to: 350),
      ])
  }

  @Test func aCallDueEndsARun() {
    // sync() at 45 s runs before the fix at 50 s: the run of 20 … 70 s splits around that fix.
    var configuration = ReplayConfiguration()
    configuration.scenario = Scenario(entries: [
      Scenario.Entry(.start, at: .sinceFirstFix(0)), Scenario.Entry(.sync, at: .sinceFirstFix(45_000)),
    ])
    let (told, result) = Self.replay(takingRuns: true, configuration: configuration)
    #expect(
      Array(told.prefix(5)) == [
        Self.one(.oneShot, 0), Self.one(.keptRefEmpty, 10), Self.run(3, .filtered, to: 40),
        Self.one(.filtered, 50), Self.run(2, .filtered, to: 70),
      ])
    #expect(result == Self.replay(takingRuns: false, configuration: configuration).result)
  }

  @Test func runsGiveTheResultOfDecidingEveryFix() {
    let (runs, withRuns) = Self.replay(takingRuns: true)
    let (singles, alone) = Self.replay(takingRuns: false)
    #expect(singles.allSatisfy { !$0.isRun } && singles.count == Self.fixes.count)
    // Each run stands for as many single decisions of its kind.
    #expect(runs.flatMap { Array(repeating: $0.kind, count: $0.count) } == singles.map(\.kind))
    #expect(withRuns == alone)
    #expect(ReplayStats(withRuns) == ReplayStats(alone))
    #expect(withRuns.decisions[.filtered] == 20 && withRuns.decisions[.ignoredWhileMonitoring] == 9)
  }
}
