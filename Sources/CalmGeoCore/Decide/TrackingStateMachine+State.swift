extension TrackingStateMachine {
  /// Whether the GPS is listening or the library waits on a geofence.
  public enum Mode: Sendable, Hashable { case listening, monitoring }

  /// The part of the state a decision reports before and after a fix.
  public struct State: Sendable, Hashable {
    public var mode: Mode
    public var isMoving: Bool
    /// `false` while stopped (`stop()`, or before the first `start()`); `mode` is then the last one.
    public var isRunning = true

    /// Every stored property in declaration order, as the memberwise initializer took them.
    package init(mode: Mode, isMoving: Bool, isRunning: Bool = true) {
      self.mode = mode
      self.isMoving = isMoving
      self.isRunning = isRunning
    }
  }

  /// What a fix makes the library emit.
  public struct Emission: Sendable, Hashable {
    public var isMoving: Bool
    public var isMotionChange: Bool

    /// Every stored property in declaration order, as the memberwise initializer took them.
    package init(isMoving: Bool, isMotionChange: Bool) {
      self.isMoving = isMoving
      self.isMotionChange = isMotionChange
    }
  }

  /// Counters of what the machine did.
  public struct Counters: Sendable, Hashable {
    public var fixes = 0
    public var filtered = 0
    public var fixesWhileMonitoring = 0
    /// Fixes that arrived while stopped (`stop()` until the next start): ignored.
    public var fixesWhileStopped = 0
    public var motionChangesToMoving = 0
    public var motionChangesToStationary = 0
    public var geofenceExits = 0
    /// Geofence exits caused by an `unknown` state (platform model, `geofenceUnknown`).
    public var geofenceUnknowns = 0
    /// Deliveries of the significant-change model (each wakes the app).
    public var significantChanges = 0
    public var millisListening: Int64 = 0
    public var millisMonitoring: Int64 = 0

    /// Every stored property in declaration order, as the memberwise initializer took them.
    package init(
      fixes: Int = 0, filtered: Int = 0, fixesWhileMonitoring: Int = 0, fixesWhileStopped: Int = 0,
      motionChangesToMoving: Int = 0, motionChangesToStationary: Int = 0, geofenceExits: Int = 0,
      geofenceUnknowns: Int = 0, significantChanges: Int = 0, millisListening: Int64 = 0, millisMonitoring: Int64 = 0
    ) {
      self.fixes = fixes
      self.filtered = filtered
      self.fixesWhileMonitoring = fixesWhileMonitoring
      self.fixesWhileStopped = fixesWhileStopped
      self.motionChangesToMoving = motionChangesToMoving
      self.motionChangesToStationary = motionChangesToStationary
      self.geofenceExits = geofenceExits
      self.geofenceUnknowns = geofenceUnknowns
      self.significantChanges = significantChanges
      self.millisListening = millisListening
      self.millisMonitoring = millisMonitoring
    }
  }
}
