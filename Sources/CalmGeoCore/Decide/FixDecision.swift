/// What the state machine decided for one fix, with the numbers it decided on.
///
/// Every fix handed to the engine gets exactly one decision (CALMGEO.md §3). Distances
/// are metres, ages milliseconds; a value that was not part of the decision is NaN
/// (distances) or -1 (ages).
public struct FixDecision: Sendable, Hashable {
  /// Which rule decided the fix.
  public enum Kind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The one-shot answer after listening starts: emitted unfiltered, `ref` untouched.
    case oneShot
    /// `ref` was empty: this fix became `ref` and was emitted.
    case keptRefEmpty
    /// Farther from `ref` than the judge: became `ref` and was emitted.
    case keptBeyondJudge
    /// Within the judge and no timer rule fired: dropped.
    case filtered
    /// Within the judge with `ref` older than 60 s while moving: `ref` moved here
    /// (a still motionchange when also within distanceFilter); dropped.
    case stillRule
    /// Within the judge with `ref` older than 120 s and listening for over 120 s: the
    /// GPS goes off and monitoring starts (after the still rule, when that fired too).
    case sleepRule
    /// Monitoring, inside the geofence (or not yet outside for the exit delay): ignored.
    case ignoredWhileMonitoring
    /// Monitoring, and this fix ends it: moving motionchange, listening restarts.
    case geofenceExit
    /// Platform model: live updates paused while stationary; the app never saw the fix.
    case withheldStationary
    /// Platform model: worse than the accuracy gate; the app never saw the fix.
    case withheldAccuracy
    /// Platform model: within the delivery interval of the last fix; the app never saw it.
    case withheldRate
    /// Tracking was stopped (`stop()`, or no `start()` yet): ignored.
    case ignoredWhileStopped

    /// The trace's spelling (`one_shot`, `kept_beyond_judge`, ...).
    public var description: String {
      switch self {
      case .oneShot: "one_shot"
      case .keptRefEmpty: "kept_ref_empty"
      case .keptBeyondJudge: "kept_beyond_judge"
      case .filtered: "filtered"
      case .stillRule: "still_rule"
      case .sleepRule: "sleep_rule"
      case .ignoredWhileMonitoring: "ignored_while_monitoring"
      case .geofenceExit: "geofence_exit"
      case .withheldStationary: "withheld_stationary"
      case .withheldAccuracy: "withheld_accuracy"
      case .withheldRate: "withheld_rate"
      case .ignoredWhileStopped: "ignored_while_stopped"
      }
    }
  }

  // The numbers first, then the one-byte fields together: a decision is built field by field
  // and then copied whole, and one-byte fields between the numbers made those copies read
  // across several small stores (store-forwarding stalls that cost a sweep a third of its time).

  /// Distance from `ref` (listening) or from the geofence centre (monitoring); NaN without one,
  /// and NaN where no observer wanted distances and cheap bounds settled the comparisons
  /// (`ReplayObserver.wantsDecisionDistances`).
  public var distance: Double
  /// The judge in force (listening) or the geofence radius (monitoring); NaN for a one-shot.
  public var judge: Double
  /// The speed the judge used, m/s (-1 unknown).
  public var speed: Double
  /// The still rule's distanceFilter (the still motionchange needs `distance` below it, not
  /// below the judge); NaN unless the still rule fired.
  public var stillThreshold: Double = .nan
  /// The fix's cosine of latitude as the state machine worked it out for its distances (0 where
  /// it did not): the metrics take it rather than compute the same number again.
  package var cosLatitude: Double = 0
  /// Age of `ref` at this fix before any change, ms; -1 without `ref`.
  public var refAge: Int64
  /// Time since listening started, ms; -1 while monitoring.
  public var listeningAge: Int64
  public var kind: Kind
  /// The location emitted for this fix, if any.
  public var emission: TrackingStateMachine.Emission?
  /// Whether that speed was derived from positions rather than logged.
  public var speedDerived: Bool
  /// Whether the still rule moved `ref` (it may fire together with the sleep rule).
  public var refMoved: Bool
  /// State before the fix.
  public var before: TrackingStateMachine.State
  /// State after the fix.
  public var after: TrackingStateMachine.State

  /// A decision with every field but `stillThreshold` (NaN).
  package init(
    kind: Kind, emission: TrackingStateMachine.Emission?, distance: Double, judge: Double, speed: Double,
    speedDerived: Bool, refAge: Int64, listeningAge: Int64, refMoved: Bool, before: TrackingStateMachine.State,
    after: TrackingStateMachine.State
  ) {
    self.distance = distance
    self.judge = judge
    self.speed = speed
    self.refAge = refAge
    self.listeningAge = listeningAge
    self.kind = kind
    self.emission = emission
    self.speedDerived = speedDerived
    self.refMoved = refMoved
    self.before = before
    self.after = after
  }

  /// Which number `distance` was compared with to reach this decision.
  public enum Threshold: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// Nothing: no `ref` yet, a one-shot, a withheld or ignored fix.
    case none
    /// The elastic judge (`kept_beyond_judge`, `filtered`, `sleep_rule`).
    case judge
    /// distanceFilter itself: the still rule's motionchange test (CALMGEO.md §3 step 4a).
    case distanceFilter
    /// The geofence's radius (monitoring).
    case geofenceRadius

    /// The trace's spelling (`judge`, `distanceFilter`, `geofenceRadius`; `none`).
    public var description: String {
      switch self {
      case .none: "none"
      case .judge: "judge"
      case .distanceFilter: "distanceFilter"
      case .geofenceRadius: "geofenceRadius"
      }
    }
  }

  /// The number `distance` was compared with, and what it is (NaN with `.none`): the still
  /// rule's is distanceFilter, not the judge.
  public var threshold: (kind: Threshold, metres: Double) {
    switch kind {
    case .keptBeyondJudge, .filtered, .sleepRule: (.judge, judge)
    case .stillRule: (.distanceFilter, stillThreshold)
    case .ignoredWhileMonitoring, .geofenceExit: (.geofenceRadius, judge)
    case .oneShot, .keptRefEmpty, .withheldStationary, .withheldAccuracy, .withheldRate, .ignoredWhileStopped:
      (.none, .nan)
    }
  }

  /// Whether the platform withheld the fix (the decider never saw it).
  @inlinable public var isWithheld: Bool {
    kind == .withheldStationary || kind == .withheldAccuracy || kind == .withheldRate
  }

  /// Whether the fix was emitted.
  @inlinable public var isEmitted: Bool { emission != nil }
}
