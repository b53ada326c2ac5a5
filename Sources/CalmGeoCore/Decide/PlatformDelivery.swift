/// The platform's delivery rules between the normalizer and the decider: which fixes a
/// phone hands to the app at all (`PlatformModel`). Pure and deterministic.
///
/// Rules run in this order, the first that withholds a fix names it: the delivery
/// rate (`minimumInterval`, measured from the last delivered fix), the accuracy gate,
/// then the stationary pause. They apply to live updates only, i.e. while the decider
/// listens; while it monitors a geofence, every fix goes on to the geofence model.
public struct PlatformDelivery: Sendable {
  /// Why a fix was not delivered.
  public enum Rule: String, Sendable, Hashable, CaseIterable {
    case stationary, accuracy, rate
  }

  /// Fixes withheld, by rule.
  public struct Counters: Sendable, Hashable {
    public var stationary = 0
    public var accuracy = 0
    public var rate = 0
    /// Times live updates paused (each run of withheld stationary fixes counts once).
    public var pauses = 0
    public var total: Int { stationary + accuracy + rate }

    /// Every stored property in declaration order, as the memberwise initializer took them.
    package init(stationary: Int = 0, accuracy: Int = 0, rate: Int = 0, pauses: Int = 0) {
      self.stationary = stationary
      self.accuracy = accuracy
      self.rate = rate
      self.pauses = pauses
    }
  }

  public private(set) var counters = Counters()
  private let model: PlatformModel
  private let accuracyLimit: Double?
  private var lastDelivered: Int64?
  /// The stationary pause's anchor: the first fix of the current stay.
  private var anchor: (time: Int64, point: GeoMath.Anchor)?
  private var paused = false

  /// The rules of `model`; `desiredAccuracy` (CalmGeo's, metres) sets the accuracy
  /// gate's limit when the gate follows its class.
  public init(model: PlatformModel, desiredAccuracy: Double) {
    self.model = model
    accuracyLimit = model.accuracyLimit(desiredAccuracy: desiredAccuracy)
  }

  /// The rule that withholds `fix`, or `nil` when the phone delivers it. `listening`:
  /// whether live updates are on (otherwise the fix passes and the pause resets).
  public mutating func withhold(_ fix: Fix, listening: Bool) -> Rule? {
    guard listening else {
      anchor = nil
      paused = false
      return nil
    }
    if model.minimumInterval > 0, let last = lastDelivered, fix.time - last < model.minimumInterval {
      counters.rate += 1
      return .rate
    }
    if let limit = accuracyLimit, let accuracy = fix.horizontalAccuracy, accuracy > limit {
      counters.accuracy += 1
      return .accuracy
    }
    if let pause = model.stationaryPause {
      if let stay = anchor, stay.point.distance(to: fix) <= pause.radius {
        if fix.time - stay.time >= pause.duration {
          if !paused { counters.pauses += 1 }
          paused = true
          counters.stationary += 1
          return .stationary
        }
      } else {
        anchor = (fix.time, GeoMath.Anchor(fix))
        paused = false
      }
    }
    lastDelivered = fix.time
    return nil
  }
}

extension FixDecision {
  /// The platform rule that withheld the fix, if one did.
  public var withheldRule: PlatformDelivery.Rule? {
    switch kind {
    case .withheldStationary: .stationary
    case .withheldAccuracy: .accuracy
    case .withheldRate: .rate
    default: nil
    }
  }

  /// The decision for a fix the platform did not deliver: nothing changes, nothing is
  /// emitted; `state` is the decider's, unchanged.
  public static func withheld(_ fix: Fix, by rule: PlatformDelivery.Rule, state: TrackingStateMachine.State)
    -> FixDecision
  {
    let kind: Kind
    switch rule {
    case .stationary: kind = .withheldStationary
    case .accuracy: kind = .withheldAccuracy
    case .rate: kind = .withheldRate
    }
    return FixDecision(
      kind: kind, emission: nil, distance: .nan, judge: .nan, speed: fix.speed ?? -1,
      speedDerived: fix.flags.contains(.speedDerived), refAge: -1, listeningAge: -1, refMoved: false,
      before: state, after: state)
  }
}
