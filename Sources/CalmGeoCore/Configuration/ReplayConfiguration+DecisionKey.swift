extension ReplayConfiguration {
  /// This configuration with every setting that only uploads (or the stats computed after
  /// the replay) read put back to its default: the url, token, method, `httpTimeout`,
  /// `autoSync`, `syncThreshold`, `maxBatchSize`, `maxDaysToPersist`, the network model
  /// and the energy model.
  ///
  /// Configurations with equal keys decide every fix alike, emit the same locations and
  /// measure the same fidelity and stops; only their uploads differ, which
  /// `ReplayRunner.run(_:sharing:…)` replays from one recorded pass. Everything the state
  /// machine, the scheduler or the metrics read stays in the key (the seed too: it makes
  /// the location ids and the geofence exit delays), and so does `finalSync`, a call the
  /// recorded pass must have made.
  public var decisionKey: ReplayConfiguration {
    var key = self
    let defaults = CalmGeoConfig()
    key.calmGeo.url = defaults.url
    key.calmGeo.token = defaults.token
    key.calmGeo.method = defaults.method
    key.calmGeo.httpTimeout = defaults.httpTimeout
    key.calmGeo.autoSync = defaults.autoSync
    key.calmGeo.syncThreshold = defaults.syncThreshold
    key.calmGeo.maxBatchSize = defaults.maxBatchSize
    key.calmGeo.maxDaysToPersist = defaults.maxDaysToPersist
    key.replay.network = NetworkModel()
    key.replay.energy = EnergyModel()
    return key
  }
}
