/// The `geofences` section of `stats.json` (present only for a replay with
/// `--geofences`): how many events the conditions produced, and per condition its
/// entries, exits, unknowns and dwell time.
public struct GeofenceStats: Codable, Sendable, Hashable {
  /// Events written to `geofences.ndjson`, all conditions together.
  public var events: Int
  /// One entry per condition, in the file's order.
  public var conditions: [Condition]

  /// One condition's account.
  public struct Condition: Codable, Sendable, Hashable {
    public var identifier: String
    /// Metres, as written.
    public var radius: Double
    /// Metres, as monitored (raised to `replay.platform.geofenceMinimumRadius`).
    public var monitoredRadius: Double
    /// The initial state (`satisfied`, `unsatisfied`, `unknown`).
    public var assuming: String
    /// Events to `satisfied`, `unsatisfied` and `unknown`.
    public var entries: Int
    public var exits: Int
    public var unknowns: Int
    /// Time reported `satisfied`: from each entry (or the first fix, when assumed
    /// satisfied) to the next event or the last fix, seconds.
    public var dwellSeconds: Double
    /// The state reported last.
    public var finalState: String
    /// Whether an exit was crossed but not yet reported (the exit delay) when the log ended.
    public var exitPending: Bool

    public init(
      identifier: String, radius: Double, monitoredRadius: Double, assuming: String, entries: Int,
      exits: Int, unknowns: Int, dwellSeconds: Double, finalState: String, exitPending: Bool
    ) {
      self.identifier = identifier
      self.radius = radius
      self.monitoredRadius = monitoredRadius
      self.assuming = assuming
      self.entries = entries
      self.exits = exits
      self.unknowns = unknowns
      self.dwellSeconds = dwellSeconds
      self.finalState = finalState
      self.exitPending = exitPending
    }
  }

  public init(events: Int, conditions: [Condition]) {
    self.events = events
    self.conditions = conditions
  }
}
