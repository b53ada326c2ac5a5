/// The numbers of one replay: what `stats.json` holds, the one definition of each.
///
/// `Codable`, synthesized: the writers render it (`StatsJSONWriter`, keys in `CodingKeys` order)
/// and `compare`, checks, sweeps and merges read it back with `JSONDecoder`;
/// `StatsSchemaVersion` reads earlier versions and refuses newer ones. Times are
/// seconds, distances metres; every field is documented in docs/OUTPUTS.md.
public struct ReplayStats: Codable, Sendable, Hashable {
  /// The version of this layout; a reader refuses a newer one.
  public static let currentSchemaVersion = 3

  /// 3 since `decisions`, `delivery`, covered stops, `efficiency` and `library`; 2 since the metrics sections;
  /// `stats.json` files without it are version 1.
  public var schemaVersion: StatsSchemaVersion
  public var input: Input
  public var engine: Engine
  /// Fixes by the rule that decided them; they add up to `input.fixesUsed` (absent before version 3).
  public var decisions: DecisionStats?
  public var storage: Storage
  public var uploads: Uploads
  public var accounting: Accounting
  /// Calls made by name, with a scenario (`--scenario`; absent without one).
  public var calls: [String: Int]?
  /// The emitted track against the raw log (absent with `--no-metrics`).
  public var fidelity: FidelityStats?
  /// True stops and starts in the raw log against the motionchanges (absent with `--no-metrics`).
  public var stops: StopStats?
  /// The run against the fewest points any sampler could keep (absent with `--no-metrics`, and in
  /// files before version 3).
  public var efficiency: EfficiencyStats?
  /// How late the server learned each location, and which never reached it (absent with
  /// `--no-metrics` or without uploads).
  public var delivery: DeliveryStats?
  /// The battery estimate (a proxy for ranking configurations, not a measurement).
  public var energy: EnergyStats?
  /// The app's geofences (`--geofences`): events, entries, exits and dwell time per
  /// condition; absent without a geofences file, so other stats.json stay as they were.
  public var geofences: GeofenceStats?
  /// What the platform model withheld (absent while no delivery rule is on).
  public var platform: Platform?
  /// Where the real library would have crashed (absent when it would not have).
  public var library: LibraryStats?
  /// The run's seed (ids, simulated network).
  public var seed: Int
  /// The configuration used, after defaults, file and flags (absent in version 1 files).
  public var configuration: EffectiveConfiguration?
  /// The tool that wrote the file: `calmgeo-replay <version>`.
  public var tool: String?

  /// The version `tool` names.
  public static let toolVersion = "0.2.0"

  /// The keys, in `stats.json` order.
  enum CodingKeys: String, CodingKey {
    case schemaVersion, input, engine, decisions, storage, uploads, accounting, calls, fidelity, stops, delivery,
      efficiency, energy, geofences, platform, library, seed, configuration, tool
  }

  public init(
    input: Input, engine: Engine, storage: Storage, uploads: Uploads, accounting: Accounting,
    fidelity: FidelityStats?, stops: StopStats?, energy: EnergyStats?, seed: Int
  ) {
    schemaVersion = StatsSchemaVersion(Self.currentSchemaVersion)
    self.input = input
    self.engine = engine
    self.storage = storage
    self.uploads = uploads
    self.accounting = accounting
    decisions = nil
    calls = nil
    self.fidelity = fidelity
    self.stops = stops
    self.energy = energy
    self.seed = seed
    configuration = nil
    tool = "calmgeo-replay \(Self.toolVersion)"
  }

  /// The stats of a finished replay: the engine's sections from `result`, then those of its
  /// metrics and of each of `contributors` (observers of the run, such as a `GeofenceMonitor`).
  public init(_ result: ReplayResult, contributors: [any StatsContributing] = []) {
    schemaVersion = StatsSchemaVersion(Self.currentSchemaVersion)
    let diagnostics = result.input?.diagnostics ?? InputDiagnostics()
    let m = result.machine
    let u = result.uploads
    let span = (result.lastFixTime ?? 0) - (result.firstFixTime ?? 0)
    input = Input(
      file: result.input?.name ?? "", format: result.input?.format.rawValue ?? "",
      gzip: result.input?.gzipped ?? false, sha256: result.input?.sha256, recordsRead: diagnostics.recordsRead,
      fixesParsed: diagnostics.fixesParsed, fixesUsed: result.fixesUsed, skipped: diagnostics.skipped,
      ignored: diagnostics.ignored, estimated: diagnostics.estimated,
      firstFixTime: result.firstFixTime.map(UTCTime.iso8601), lastFixTime: result.lastFixTime.map(UTCTime.iso8601),
      durationSeconds: Double(span) / 1000)
    let ratio = result.fixesUsed == 0 ? 0 : (Double(result.emitted) / Double(result.fixesUsed) * 1e6).rounded() / 1e6
    engine = Engine(
      emitted: result.emitted, keptRatio: ratio, filtered: m.filtered,
      motionchangesToMoving: m.motionChangesToMoving, motionchangesToStationary: m.motionChangesToStationary,
      geofenceExits: m.geofenceExits, fixesWhileMonitoring: m.fixesWhileMonitoring,
      secondsListening: Double(m.millisListening) / 1000, secondsMonitoring: Double(m.millisMonitoring) / 1000,
      fixesWhileStopped: result.calls == nil ? nil : m.fixesWhileStopped,
      emittedByCalls: result.calls == nil ? nil : result.emittedByCalls)
    engine.geofenceUnknowns = m.geofenceUnknowns == 0 ? nil : m.geofenceUnknowns
    engine.significantChanges = result.configuration?.replay.model == .significantChange ? m.significantChanges : nil
    engine.activitySources = result.activitySources
    decisions = DecisionStats(result.decisions)
    storage = Storage(stored: u.stored, maxStored: u.maxStored, storedAtEnd: u.storedAtEnd, expiredLost: u.expired)
    uploads = Uploads(
      requests: u.requests, ok: u.succeeded, failed: u.failed, timeouts: u.timeouts, eventSyncs: u.eventSyncs,
      thresholdSyncs: u.thresholdSyncs, manualSyncs: u.manualSyncs, recordsSent: u.recordsSent,
      recordsUploaded: u.recordsDelivered, duplicatesSent: u.duplicatesSent,
      duplicatesDelivered: u.duplicatesDelivered, bytesSent: u.bytesSent)
    accounting = Accounting(
      emitted: result.emitted, uploadedOnce: u.recordsDelivered, stillStored: u.storedAtEnd, expired: u.expired,
      cleared: result.calls == nil ? nil : u.cleared, balanced: u.isBalanced && u.stored == result.emitted)
    calls = result.calls.map { counts in
      Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
    }
    energy = (result.configuration?.replay.energy ?? EnergyModel()).estimate(result)
    platform = result.platform.map(Platform.init)
    library = result.libraryCrash.map(LibraryStats.init)
    seed = Int(truncatingIfNeeded: result.configuration?.replay.seed ?? 0)
    configuration = result.configuration.map(EffectiveConfiguration.init)
    tool = "calmgeo-replay \(Self.toolVersion)"
    result.metrics?.contribute(to: &self, of: result)
    for contributor in contributors { contributor.contribute(to: &self, of: result) }
  }
}
