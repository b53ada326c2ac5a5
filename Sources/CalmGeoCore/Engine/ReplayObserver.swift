/// Receives a replay's event stream as it happens: one decision per fix, emits, mode
/// changes, app calls, requests, expiries and the end.
///
/// A visitor in the manner of swift-markdown's `MarkupVisitor`: every method has an
/// empty default, so an observer implements only what it needs. The engine knows no
/// observer; traces, metrics and file writers are each one, and they compose
/// (`ObserverPair`, `and(_:)`, `ObserverList`). Events arrive in virtual-time order;
/// for one fix: the completions and expiries up to its time, its decision, then its
/// emit, mode change and the requests it started.
public protocol ReplayObserver {
  /// The state machine's decision for a fix (every fix handed to the engine gets one).
  mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision)
  /// A location the library emits (stored for upload; the app's listener receives it).
  mutating func replayDidEmit(_ location: CalmGeoLocation)
  /// The library's mode changed (listening, monitoring, stopped).
  mutating func replayDidChangeMode(_ change: ModeChange)
  /// An app call ran (the default scenario's `start()`, a final `sync()`, a scenario's
  /// calls): its virtual time, what it returned. Arrives after the call's effects (its
  /// emits, requests, mode change).
  mutating func replayDidCall(_ record: AppCallRecord)
  /// A request leaving the phone, with its body exactly as sent.
  mutating func replayDidSend(_ request: UploadRequest, body: [UInt8])
  /// A request's answer (or timeout) arriving.
  mutating func replayDidComplete(_ request: UploadRequest)
  /// A stored record expired (`maxDaysToPersist`) before it was delivered: lost.
  mutating func replayDidExpire(_ record: ExpiredRecord)
  /// The real library would crash here (the first time in a run only; `LibraryCrash`):
  /// the built-in engine goes on, a library engine stops after it.
  mutating func replayWouldCrash(_ crash: LibraryCrash)
  /// The replay ended at this virtual time (the last fix's, or a later completion's).
  mutating func replayDidEnd(at time: Int64)
  /// Whether `replayDidSend` needs each body's bytes (default true). When no observer
  /// does, as in a sweep row, the upload side counts the bytes without encoding bodies
  /// and passes an empty body (and keeps no whole location per stored record). The answer
  /// must not change during a replay.
  var wantsRequestBodies: Bool { get }
  /// Whether `replayDidDecide` reads `FixDecision.distance` (default true). When no observer
  /// does, the state machine settles most of its distance comparisons with cheap bounds and
  /// leaves `distance` NaN there: the same decisions, without most of the haversines.
  var wantsDecisionDistances: Bool { get }
  /// Whether one `replayDidDecide(_:as:last:)` may stand for the `replayDidDecide(_:_:)` calls of a
  /// run of fixes that changed nothing but counters (default false: every fix is told one by one).
  /// For observers that only count such fixes; the answer must not change during a replay.
  var takesQuietRuns: Bool { get }
  /// `count` fixes in a row, each decided `kind` (`.filtered` while listening,
  /// `.ignoredWhileMonitoring` while monitoring) with no emit, mode change, call, completion or
  /// expiry among them; `last` is the last of them. Called instead of their `replayDidDecide(_:_:)`
  /// only when `takesQuietRuns`.
  mutating func replayDidDecide(_ count: Int, as kind: FixDecision.Kind, last: Fix)
}

extension ReplayObserver {
  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {}
  public mutating func replayDidEmit(_ location: CalmGeoLocation) {}
  public mutating func replayDidChangeMode(_ change: ModeChange) {}
  public mutating func replayDidCall(_ record: AppCallRecord) {}
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {}
  public mutating func replayDidComplete(_ request: UploadRequest) {}
  public mutating func replayDidExpire(_ record: ExpiredRecord) {}
  public mutating func replayWouldCrash(_ crash: LibraryCrash) {}
  public mutating func replayDidEnd(at time: Int64) {}
  public var wantsRequestBodies: Bool { true }
  public var wantsDecisionDistances: Bool { true }
  public var takesQuietRuns: Bool { false }
  public mutating func replayDidDecide(_ count: Int, as kind: FixDecision.Kind, last: Fix) {}
}

/// A change of the library's tracking mode.
public struct ModeChange: Sendable, Hashable {
  /// What the library is doing.
  public enum Mode: String, Sendable, Hashable {
    /// GPS on, fixes go through the filter.
    case listening
    /// GPS off, waiting on the stationary geofence.
    case monitoring
    /// Not tracking (before `start()`, after `stop()`).
    case stopped
  }

  /// Virtual time, ms since 1970.
  public var time: Int64
  public var from: Mode
  public var to: Mode

  public init(time: Int64, from: Mode, to: Mode) {
    self.time = time
    self.from = from
    self.to = to
  }
}

/// A stored record that expired before it was delivered.
public struct ExpiredRecord: Sendable, Hashable {
  /// The record's emit index.
  public var sequence: Int
  /// When it was stored (its location's time), ms since 1970.
  public var storedAt: Int64
  /// The virtual time at which it was found expired, ms since 1970.
  public var expiredAt: Int64

  public init(sequence: Int, storedAt: Int64, expiredAt: Int64) {
    self.sequence = sequence
    self.storedAt = storedAt
    self.expiredAt = expiredAt
  }
}

/// An observer that keeps nothing (the engine alone, for benchmarks and sweeps).
public struct DiscardingObserver: ReplayObserver {
  public init() {}
  public var wantsRequestBodies: Bool { false }
  public var wantsDecisionDistances: Bool { false }
  public var takesQuietRuns: Bool { true }
}

/// An observer that keeps everything in memory (tests, small runs).
public struct CollectingObserver: ReplayObserver {
  public var locations: [CalmGeoLocation] = []
  public var bodies: [[UInt8]] = []
  /// Requests in completion order.
  public var completed: [UploadRequest] = []
  /// Every fix's decision, in order.
  public var decisions: [FixDecision] = []
  public var modeChanges: [ModeChange] = []
  public var expired: [ExpiredRecord] = []
  public var calls: [AppCallRecord] = []
  public var crashes: [LibraryCrash] = []
  public init() {}
  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) { decisions.append(decision) }
  public mutating func replayDidEmit(_ location: CalmGeoLocation) { locations.append(location) }
  public mutating func replayDidChangeMode(_ change: ModeChange) { modeChanges.append(change) }
  public mutating func replayDidCall(_ record: AppCallRecord) { calls.append(record) }
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) { bodies.append(body) }
  public mutating func replayDidComplete(_ request: UploadRequest) { completed.append(request) }
  public mutating func replayDidExpire(_ record: ExpiredRecord) { expired.append(record) }
  public mutating func replayWouldCrash(_ crash: LibraryCrash) { crashes.append(crash) }
}
