extension StopMetrics {
  /// The library's events inside the detector's current run, held until the run is
  /// known to be a stop or not.
  ///
  /// Bounded whatever the run's length or fix rate: only what the decision needs is
  /// kept, at most five events (the first still motionchange, the first monitoring
  /// start, the first moving motionchange, the first moving one after the latest still
  /// one, a moving one at the run's latest fix) and two counts. Times are milliseconds
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
    var departure: Moving? { movingAfterStill ?? (stills == 0 ? movingAtLatestFix : nil) }

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
      movings += 1
      let event = Moving(index: movings, time: time, pathSinceStopEnd: pathSinceStopEnd)
      if firstMoving == nil { firstMoving = event }
      if stills > 0 && movingAfterStill == nil { movingAfterStill = event }
      if isLatestFix && movingAtLatestFix == nil { movingAtLatestFix = event }
    }

    /// Records the GPS going off at `time`.
    mutating func monitoring(at time: Int64) {
      if firstMonitoring == nil { firstMonitoring = time }
    }

    /// A later fix joined the run: earlier events are no longer at its latest fix.
    mutating func fixJoined() {
      movingAtLatestFix = nil
    }
  }
}
