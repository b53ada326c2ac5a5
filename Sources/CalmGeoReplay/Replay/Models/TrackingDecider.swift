/// The decider a replay runs for `replay.model`: CalmGeo's state machine (with the
/// model's judge) or one of the models without it. One decision per fix either way.
public enum TrackingDecider: Sendable {
  case stateMachine(TrackingStateMachine)
  case distanceFilter(DistanceFilterDecider)
  case significantChange(SignificantChangeDecider)

  /// The decider for `settings.model`.
  public init(config: CalmGeoConfig, settings: ReplaySettings) {
    switch settings.model {
    case .calmgeo, .bgDocs, .bgAndroid: self = .stateMachine(TrackingStateMachine(config: config, settings: settings))
    case .iosDistanceFilter: self = .distanceFilter(DistanceFilterDecider(config: config))
    case .significantChange: self = .significantChange(SignificantChangeDecider())
    }
  }

  /// Decides the next fix (times strictly increasing).
  public mutating func decide(_ fix: Fix) -> FixDecision {
    switch self {
    case .stateMachine(var machine):
      let decision = machine.decide(fix)
      self = .stateMachine(machine)
      return decision
    case .distanceFilter(var decider):
      let decision = decider.decide(fix)
      self = .distanceFilter(decider)
      return decision
    case .significantChange(var decider):
      let decision = decider.decide(fix)
      self = .significantChange(decider)
      return decision
    }
  }

  /// Closes the time accounting at the end of the log.
  public mutating func finish(at time: Int64) {
    switch self {
    case .stateMachine(var machine):
      machine.finish(at: time)
      self = .stateMachine(machine)
    case .distanceFilter(var decider):
      decider.finish(at: time)
      self = .distanceFilter(decider)
    case .significantChange(var decider):
      decider.finish(at: time)
      self = .significantChange(decider)
    }
  }

  /// Mode and motion now.
  public var state: TrackingStateMachine.State {
    switch self {
    case .stateMachine(let machine): machine.state
    case .distanceFilter(let decider): decider.state
    case .significantChange(let decider): decider.state
    }
  }

  /// Counters of what the decider did.
  public var counters: TrackingStateMachine.Counters {
    switch self {
    case .stateMachine(let machine): machine.counters
    case .distanceFilter(let decider): decider.counters
    case .significantChange(let decider): decider.counters
    }
  }
}
