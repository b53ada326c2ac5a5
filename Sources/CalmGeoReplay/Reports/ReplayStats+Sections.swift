extension ReplayStats {
  /// What was read.
  public struct Input: Codable, Sendable, Hashable {
    /// The log as the user named it.
    public var file: String
    public var format: String
    public var gzip: Bool
    /// SHA-256 of the file's bytes as stored (compressed when gzipped), as `sha256sum`
    /// prints it; absent when not computed (sweeps, older files).
    public var sha256: String?
    /// Records (lines, sentences, points) looked at.
    public var recordsRead: Int
    /// Fixes the parser produced.
    public var fixesParsed: Int
    /// Fixes handed to the engine (after time-order drops).
    public var fixesUsed: Int
    /// Bad records skipped, by reason.
    public var skipped: [String: Int]
    /// Valid records without a fix for the replay, by kind.
    public var ignored: [String: Int]
    /// Values estimated or synthesized, by kind.
    public var estimated: [String: Int]
    /// ISO 8601 UTC time of the first and last fix used.
    public var firstFixTime: String?
    public var lastFixTime: String?
    public var durationSeconds: Double
  }

  /// What the state machine did.
  public struct Engine: Codable, Sendable, Hashable {
    /// Locations emitted (stored and, with a listener, seen by the app).
    public var emitted: Int
    /// emitted / fixesUsed, rounded to 6 decimals.
    public var keptRatio: Double
    /// Fixes dropped by the filter while listening (including the still and sleep rules).
    public var filtered: Int
    public var motionchangesToMoving: Int
    public var motionchangesToStationary: Int
    public var geofenceExits: Int
    /// Fixes that arrived while monitoring (GPS off): ignored, except the exit.
    public var fixesWhileMonitoring: Int
    public var secondsListening: Double
    public var secondsMonitoring: Double
    /// With a scenario: fixes that arrived while stopped (ignored).
    public var fixesWhileStopped: Int?
    /// With a scenario: locations emitted by app calls (`getGeoData`), not by a fix.
    public var emittedByCalls: Int?
    /// Geofence exits caused by the platform's `unknown` state (absent when none).
    public var geofenceUnknowns: Int?
    /// Deliveries of the `significant-change` model (absent for other models).
    public var significantChanges: Int?
    /// With `fetchActivity`: emitted activities by source, `log` (the log's activity
    /// column) or `speed` (the speed classifier); absent otherwise.
    public var activitySources: [String: Int]?
  }

  /// Fixes the platform model did not deliver (`replay.platform`), by rule.
  public struct Platform: Codable, Sendable, Hashable {
    /// Every fix withheld: stationary + accuracy + rate.
    public var withheld: Int
    /// Withheld while live updates were paused (stationary).
    public var stationary: Int
    /// Withheld by the accuracy gate.
    public var accuracy: Int
    /// Withheld by the delivery rate.
    public var rate: Int
    /// Times live updates paused.
    public var pauses: Int

    init(_ counters: PlatformDelivery.Counters) {
      withheld = counters.total
      stationary = counters.stationary
      accuracy = counters.accuracy
      rate = counters.rate
      pauses = counters.pauses
    }
  }

  /// Local storage.
  public struct Storage: Codable, Sendable, Hashable {
    public var stored: Int
    public var maxStored: Int
    public var storedAtEnd: Int
    public var expiredLost: Int
  }

  /// HTTP requests.
  public struct Uploads: Codable, Sendable, Hashable {
    public var requests: Int
    public var ok: Int
    public var failed: Int
    public var timeouts: Int
    public var eventSyncs: Int
    public var thresholdSyncs: Int
    public var manualSyncs: Int
    public var recordsSent: Int
    public var recordsUploaded: Int
    public var duplicatesSent: Int
    public var duplicatesDelivered: Int
    public var bytesSent: Int
  }

  /// Where every emitted record went: emitted = uploadedOnce + stillStored + expired
  /// (+ cleared, with a scenario).
  public struct Accounting: Codable, Sendable, Hashable {
    public var emitted: Int
    public var uploadedOnce: Int
    public var stillStored: Int
    public var expired: Int
    /// Records deleted by `clearAllLocations()` (present with a scenario).
    public var cleared: Int?
    public var balanced: Bool

    public init(emitted: Int, uploadedOnce: Int, stillStored: Int, expired: Int, cleared: Int? = nil, balanced: Bool) {
      self.emitted = emitted
      self.uploadedOnce = uploadedOnce
      self.stillStored = stillStored
      self.expired = expired
      self.cleared = cleared
      self.balanced = balanced
    }
  }
}
