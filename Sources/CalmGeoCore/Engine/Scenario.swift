/// The app's timeline: calls on CalmGeo's service, each at a virtual time (CALMGEO.md §7).
///
/// Without a scenario file a replay runs `Scenario.standard`: `start()` at the first fix,
/// and with the final sync `sync()` after the last fix. Entries keep their file order,
/// which orders calls at the same time.
public struct Scenario: Sendable, Hashable {
  /// When an entry runs.
  public enum Time: Sendable, Hashable {
    /// An absolute virtual time, ms since 1970.
    case absolute(Int64)
    /// This many ms after the first fix.
    case sinceFirstFix(Int64)
    /// At the time of fix number `n` (from 1), before that fix is processed.
    case atFix(Int)
    /// This many ms (0 or more) after the `n`-th event of a kind, once it has happened.
    case after(Event, number: Int, offset: Int64)
    /// After the last fix, when the log ends (the final sync's time).
    case end
  }

  /// Events an entry can be timed after.
  public enum Event: String, Sendable, Hashable, CaseIterable {
    /// A fix handed to the engine (after it was processed).
    case fix
    /// A location emitted.
    case location
    /// A motionchange emitted (either way).
    case motionchange
    /// Monitoring started (the GPS went off).
    case monitoring
    /// A geofence exit ended monitoring.
    case geofenceExit
  }

  /// One call at one time.
  public struct Entry: Sendable, Hashable {
    public var call: AppCall
    public var time: Time
    /// The entry's line in the file (0 for entries made in code).
    public var line: Int

    public init(_ call: AppCall, at time: Time, line: Int = 0) {
      self.call = call
      self.time = time
      self.line = line
    }
  }

  public var entries: [Entry]
  /// The file as the user named it (errors name it); empty for the standard scenario.
  public var source: String

  public init(entries: [Entry], source: String = "") {
    self.entries = entries
    self.source = source
  }

  /// `start()` at the first fix, and with `finalSync`, `sync()` when the log ends.
  public static func standard(finalSync: Bool) -> Scenario {
    Scenario(entries: [Entry(.start, at: .sinceFirstFix(0))] + (finalSync ? [Entry(.sync, at: .end)] : []))
  }

  /// This scenario followed by the final `sync()` when the log ends.
  public func withFinalSync() -> Scenario {
    Scenario(entries: entries + [Entry(.sync, at: .end)], source: source)
  }
}
