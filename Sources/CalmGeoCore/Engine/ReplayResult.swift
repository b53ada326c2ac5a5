/// Everything one replay produced: the engine's totals and, for a replay of a log, what
/// was read and the configuration used. The one result type of the library; its
/// `stats` is the one definition of every reported number.
public struct ReplayResult: Sendable, Hashable {
  public var firstFixTime: Int64?
  public var lastFixTime: Int64?
  /// Locations emitted to the listener.
  public var emitted: Int
  public var machine: TrackingStateMachine.Counters
  public var uploads: UploadCounters
  /// What was read (set by `ReplayRunner`; `nil` for an engine driven by hand).
  public var input: ReplayInput?
  /// The configuration the replay ran with (set by `ReplayRunner`).
  public var configuration: ReplayConfiguration?
  /// Fidelity and stop/start metrics (set by `ReplayRunner` unless turned off).
  public var metrics: ReplayMetricsResult?
  /// Fixes the platform model withheld, by rule (`nil` when no delivery rule is on).
  public var platform: PlatformDelivery.Counters?
  /// Where each emitted activity came from (`log`, `speed`), with `fetchActivity` on.
  public var activitySources: [String: Int]?
  /// Fixes by the rule that decided them (adds up to `fixesUsed`).
  public var decisions = DecisionCounts()
  /// Locations emitted by app calls (`getGeoData`) rather than by a fix.
  public var emittedByCalls = 0
  /// Calls made, by name, when the replay ran a scenario given by the user (`nil` for
  /// the standard one).
  public var calls: [AppCall.Name: Int]?
  /// A scenario entry that could not run on this log (before the first fix, after the
  /// last, an event that never happened); the CLI reports it with exit code 64.
  public var scenarioError: DocumentError?
  /// The first point where the real library would have crashed (an expired record still
  /// listed at a sync or listing; `LibraryCrash`); the replay went on.
  public var libraryCrash: LibraryCrash?
  /// Fixes the engine refused because their time was not after the previous fix's (none
  /// from `ReplayRunner`: its normalizer drops them first and counts them as skipped).
  public var fixesOutOfOrder = 0

  public init(
    firstFixTime: Int64?, lastFixTime: Int64?, emitted: Int,
    machine: TrackingStateMachine.Counters, uploads: UploadCounters
  ) {
    self.firstFixTime = firstFixTime
    self.lastFixTime = lastFixTime
    self.emitted = emitted
    self.machine = machine
    self.uploads = uploads
  }

  /// Fixes handed to the engine (after time-order drops), withheld ones included.
  public var fixesUsed: Int { machine.fixes + (platform?.total ?? 0) }
}

/// The log a replay read.
public struct ReplayInput: Sendable, Hashable {
  /// The input's name as the user gave it.
  public var name: String
  public var format: InputFormat
  public var gzipped: Bool
  public var diagnostics: InputDiagnostics
  /// SHA-256 of the stored bytes (see `InputChecksum`), when it was computed.
  public var sha256: String? = nil

  public init(name: String, format: InputFormat, gzipped: Bool, diagnostics: InputDiagnostics) {
    self.name = name
    self.format = format
    self.gzipped = gzipped
    self.diagnostics = diagnostics
  }
}
