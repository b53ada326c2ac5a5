extension StopMetrics {
  /// The library's events inside the detector's current run, held until the run is
  /// known to be a stop or not.
  ///
  /// Bounded whatever the run's length or fix rate: only what the decision needs is
  /// kept, at most six events (the still motionchange the library rested on when the run
  /// began, the first still motionchange, the first monitoring start, the first moving
  /// motionchange, the first moving one after the latest still one, a moving one at the
  /// run's latest fix) and two counts. Times are milliseconds
  /// since 1970 UTC.
  struct PendingEvents: Sendable {
    /// A still motionchange: its time and where the library was.
    struct Still: Sendable {
      var time: Int64
      var latitude: Double
      var longitude: Double
    }

    /// A moving motionchange: its 1-based number in the run, its time, and the raw path
    /// since the last fix of the stop whose departure is awaited.
    struct Moving: Sendable {
      var index: Int
      var time: Int64
      var pathSinceStopEnd: Double
    }

    /// The still motionchange the library was resting on when the run began (after the
    /// events of its first fix): it was already stationary, so a stop here is covered.
    private(set) var stationaryAtStart: Still?
    /// Whether the run still holds a single fix (events now are at its first fix).
    private(set) var atFirstFix = true
    private(set) var firstStill: Still?
    private(set) var stills = 0
    private(set) var firstMonitoring: Int64?
    private(set) var firstMoving: Moving?
    private(set) var movings = 0
    /// The first moving motionchange after the latest still one: the library left the
    /// stationary state it found in this run.
    private(set) var movingAfterStill: Moving?
    /// A moving motionchange at the run's latest fix.
    private(set) var movingAtLatestFix: Moving?

    /// The departure from this run, if it is a stop: the first moving motionchange after
    /// the latest still one or, without a still one, one at the run's last fix.
    /// A run that began with the library stationary counts as if a still one came first.
    var departure: Moving? {
      movingAfterStill ?? (stills == 0 && stationaryAtStart == nil ? movingAtLatestFix : nil)
    }

    /// The run begins at the latest fix, with the library resting on `still` (nil when moving).
    mutating func begin(stationaryOn still: Still?) {
      stationaryAtStart = still
      atFirstFix = true
    }

    /// Records a still motionchange at `fix`.
    mutating func still(at fix: Fix) {
      stills += 1
      movingAfterStill = nil
      if firstStill == nil {
        firstStill = Still(time: fix.time, latitude: fix.latitude, longitude: fix.longitude)
      }
    }

    /// Records a moving motionchange at `time`, `isLatestFix` when at the run's latest fix.
    mutating func moving(at time: Int64, pathSinceStopEnd: Double, isLatestFix: Bool) {
      // Moving again at the run's first fix: the run did not begin stationary.
      if atFirstFix { stationaryAtStart = nil }
      movings += 1
      let event = Moving(index: movings, time: time, pathSinceStopEnd: pathSinceStopEnd)
      if firstMoving == nil { firstMoving = event }
      if (stills > 0 || stationaryAtStart != nil) && movingAfterStill == nil { movingAfterStill = event }
      if isLatestFix && movingAtLatestFix == nil { movingAtLatestFix = event }
    }

    /// Records the GPS going off at `time`.
    mutating func monitoring(at time: Int64) {
      if firstMonitoring == nil { firstMonitoring = time }
    }

    /// A later fix joined the run: earlier events are no longer at its latest fix.
    mutating func fixJoined() {
      movingAtLatestFix = nil
      atFirstFix = false
    }
  }
}
