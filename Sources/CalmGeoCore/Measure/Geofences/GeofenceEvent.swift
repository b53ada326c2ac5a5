/// One state change of a condition, as `CLMonitor` delivers it (`CLMonitor.Event`),
/// with the fix that decided it.
public struct GeofenceEvent: Sendable, Hashable {
  /// The condition's index in its file.
  public var condition: Int
  public var identifier: String
  /// The new state.
  public var state: GeofenceState
  /// The state before (the last event's, or the assumed one).
  public var previous: GeofenceState
  /// The virtual time the event is delivered: the triggering fix's time, ms since 1970.
  public var time: Int64
  /// The triggering fix: its 1-based number among the fixes replayed, its input line,
  /// its position (degrees) and horizontal accuracy (metres; `nil` when the log has none).
  public var fix: Int
  public var line: UInt32
  public var latitude: Double
  public var longitude: Double
  public var accuracy: Double?
  /// The fix's distance from the centre and the radius monitored, metres.
  public var distance: Double
  public var radius: Double
  /// For an exit reported late (`geofenceExitDelay`): the first fix outside, whose
  /// crossing the platform reports only now; `nil` otherwise.
  public var crossing: Crossing?

  /// The fix at which a delayed exit was crossed.
  public struct Crossing: Sendable, Hashable {
    /// The fix's 1-based number among the fixes replayed.
    public var fix: Int
    /// Its time, ms since 1970.
    public var time: Int64

    public init(fix: Int, time: Int64) {
      self.fix = fix
      self.time = time
    }
  }
}
