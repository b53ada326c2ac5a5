/// The decider a replay runs for `replay.model`: CalmGeo's state machine (with the
/// model's judge) or one of the models without it. One decision per fix either way.
///
/// A struct of optionals rather than an enum, so the decider is mutated in place (an
/// enum payload would be copied out and back for every fix).
public struct TrackingDecider: Sendable {
  private var machine: TrackingStateMachine?
  private var distanceFilter: DistanceFilterDecider?
  private var significantChange: SignificantChangeDecider?

  /// The decider for `settings.model`.
  public init(config: CalmGeoConfig, settings: ReplaySettings) {
    switch settings.model {
    case .calmgeo, .bgDocs, .bgAndroid: machine = TrackingStateMachine(config: config, settings: settings)
    case .iosDistanceFilter: distanceFilter = DistanceFilterDecider(config: config)
    case .significantChange: significantChange = SignificantChangeDecider()
    }
  }

  /// Decides the next fix (times strictly increasing).
  public mutating func decide(_ fix: Fix) -> FixDecision {
    if machine != nil { return machine!.decide(fix) }
    if distanceFilter != nil { return distanceFilter!.decide(fix) }
    return significantChange!.decide(fix)
  }

  /// Closes the time accounting at the end of the log.
  public mutating func finish(at time: Int64) {
    machine?.finish(at: time)
    distanceFilter?.finish(at: time)
    significantChange?.finish(at: time)
  }

  /// Mode and motion now.
  public var state: TrackingStateMachine.State {
    machine?.state ?? distanceFilter?.state ?? significantChange!.state
  }

  /// Counters of what the decider did.
  public var counters: TrackingStateMachine.Counters {
    machine?.counters ?? distanceFilter?.counters ?? significantChange!.counters
  }
}
