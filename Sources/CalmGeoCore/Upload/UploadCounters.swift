/// What storage and uploads did during a replay.
public struct UploadCounters: Sendable, Hashable {
  /// Locations appended to storage (= emitted).
  public var stored = 0
  /// The most records held at once.
  public var maxStored = 0
  /// Records still stored at the end.
  public var storedAtEnd = 0
  /// Records that expired (maxDaysToPersist) without ever being delivered: lost.
  public var expired = 0
  /// Records deleted by `clearAllLocations()` before they were delivered.
  public var cleared = 0
  /// Requests sent.
  public var requests = 0
  /// Requests answered 200.
  public var succeeded = 0
  /// Requests answered with another status, or ended by a connection error.
  public var failed = 0
  /// Requests that timed out (not counted in `failed`).
  public var timeouts = 0
  /// Records sent, counting every copy.
  public var recordsSent = 0
  /// Distinct records the server received in a 200 answer.
  public var recordsDelivered = 0
  /// Records sent while already in flight in another request (CALMGEO.md §4 duplicates).
  public var duplicatesSent = 0
  /// Records the server received more than once (in a second 200 answer).
  public var duplicatesDelivered = 0
  /// Body bytes sent.
  public var bytesSent = 0
  /// Automatic syncs started by a motionchange.
  public var eventSyncs = 0
  /// Automatic syncs started by the threshold.
  public var thresholdSyncs = 0
  /// Syncs called by the app (a scenario's `sync()`, `--final-sync`).
  public var manualSyncs = 0
  /// Requests a recorded network had no answer for (answered by the simulated network instead).
  public var unrecordedAnswers = 0
  /// When each request was sent, ms (the energy model's radio tails).
  public var requestTimes: [Int64] = []

  /// Whether every emitted record is accounted for: delivered, still stored, expired or cleared.
  public var isBalanced: Bool { stored == recordsDelivered + storedAtEnd + expired + cleared }

  /// Every stored property in declaration order, as the memberwise initializer took them.
  package init(
    stored: Int = 0, maxStored: Int = 0, storedAtEnd: Int = 0, expired: Int = 0, cleared: Int = 0, requests: Int = 0,
    succeeded: Int = 0, failed: Int = 0, timeouts: Int = 0, recordsSent: Int = 0, recordsDelivered: Int = 0,
    duplicatesSent: Int = 0, duplicatesDelivered: Int = 0, bytesSent: Int = 0, eventSyncs: Int = 0,
    thresholdSyncs: Int = 0, manualSyncs: Int = 0, unrecordedAnswers: Int = 0, requestTimes: [Int64] = []
  ) {
    self.stored = stored
    self.maxStored = maxStored
    self.storedAtEnd = storedAtEnd
    self.expired = expired
    self.cleared = cleared
    self.requests = requests
    self.succeeded = succeeded
    self.failed = failed
    self.timeouts = timeouts
    self.recordsSent = recordsSent
    self.recordsDelivered = recordsDelivered
    self.duplicatesSent = duplicatesSent
    self.duplicatesDelivered = duplicatesDelivered
    self.bytesSent = bytesSent
    self.eventSyncs = eventSyncs
    self.thresholdSyncs = thresholdSyncs
    self.manualSyncs = manualSyncs
    self.unrecordedAnswers = unrecordedAnswers
    self.requestTimes = requestTimes
  }
}
