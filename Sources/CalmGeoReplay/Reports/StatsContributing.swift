/// What an observer measured, written into `stats.json` as its own section(s).
///
/// `ReplayStats(_:contributors:)` builds the engine's sections from the result, then lets the
/// metrics (`ReplayMetricsResult`) and every contributor write theirs: a new measurement adds
/// a conformance and a field, and no caller patches the document afterwards.
public protocol StatsContributing {
  /// Writes this contributor's sections of the stats of `result` into `stats`.
  func contribute(to stats: inout ReplayStats, of result: ReplayResult)
}

extension ReplayMetricsResult: StatsContributing {
  /// `fidelity`, `stops`, `efficiency`; `delivery` where the run could upload (requests made
  /// or a url set).
  public func contribute(to stats: inout ReplayStats, of result: ReplayResult) {
    stats.fidelity = fidelity
    stats.stops = stops
    stats.efficiency = efficiency
    if result.uploads.requests > 0 || result.configuration?.calmGeo.url != nil {
      stats.delivery = DeliveryStats(delivery, emitted: result.emitted, uploads: result.uploads)
    }
  }
}

extension GeofenceMonitor: StatsContributing {
  /// `geofences`: events, entries, exits and dwell time per condition.
  public func contribute(to stats: inout ReplayStats, of result: ReplayResult) {
    stats.geofences = self.stats
  }
}

extension ObserverList {
  /// The observers in the list that write sections of the stats, in list order.
  public var statsContributors: [any StatsContributing] {
    observers.compactMap { $0 as? any StatsContributing }
  }
}
