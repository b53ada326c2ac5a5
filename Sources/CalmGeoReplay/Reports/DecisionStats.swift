/// `stats.json`'s `decisions`: how many fixes each rule decided (`FixDecision.Kind`, the
/// trace's `decision`), withheld and ignored fixes included, so they add up to
/// `input.fixesUsed`. Every kind is written, zeros too, so that sweeps and `compare` see the
/// same columns in every file.
public struct DecisionStats: Codable, Sendable, Hashable {
  /// The one-shot answer after listening started, emitted unfiltered.
  public var oneShot: Int
  /// No `ref` yet: the fix became `ref` and was emitted.
  public var keptRefEmpty: Int
  /// Farther from `ref` than the judge: emitted.
  public var keptBeyondJudge: Int
  /// Within the judge, no timer rule: dropped.
  public var filtered: Int
  /// Within the judge, `ref` over 60 s old while moving: `ref` moved (a still motionchange
  /// when the distance is below distanceFilter).
  public var stillRule: Int
  /// Within the judge, `ref` over 120 s old and listening over 120 s: monitoring began.
  public var sleepRule: Int
  /// Monitoring, not (yet) an exit.
  public var ignoredWhileMonitoring: Int
  /// Monitoring ended by this fix.
  public var geofenceExit: Int
  /// Withheld by the platform model (stationary pause, accuracy gate, delivery rate).
  public var withheldStationary: Int
  public var withheldAccuracy: Int
  public var withheldRate: Int
  /// Tracking stopped (`stop()`): ignored.
  public var ignoredWhileStopped: Int

  /// The counts of a replay.
  public init(_ counts: DecisionCounts) {
    oneShot = counts[.oneShot]
    keptRefEmpty = counts[.keptRefEmpty]
    keptBeyondJudge = counts[.keptBeyondJudge]
    filtered = counts[.filtered]
    stillRule = counts[.stillRule]
    sleepRule = counts[.sleepRule]
    ignoredWhileMonitoring = counts[.ignoredWhileMonitoring]
    geofenceExit = counts[.geofenceExit]
    withheldStationary = counts[.withheldStationary]
    withheldAccuracy = counts[.withheldAccuracy]
    withheldRate = counts[.withheldRate]
    ignoredWhileStopped = counts[.ignoredWhileStopped]
  }
}
