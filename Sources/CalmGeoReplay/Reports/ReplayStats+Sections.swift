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

  /// Where every emitted record went: emitted = uploadedOnce + stillStored + expired.
  public struct Accounting: Codable, Sendable, Hashable {
    public var emitted: Int
    public var uploadedOnce: Int
    public var stillStored: Int
    public var expired: Int
    public var balanced: Bool
  }
}
