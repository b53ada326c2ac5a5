/// The app's calls (CALMGEO.md §7), each at its virtual time.
extension ReplayEngine {
  /// Runs an app call at virtual time `time` (not before the clock: requests in flight
  /// and expiries are advanced to it first) and returns what it returned. (An engine
  /// made without a scenario and without a url keeps no whole records: give it a
  /// scenario, even an empty one, to list stored records or restart with a url.)
  @discardableResult
  public mutating func call(_ call: AppCall, at time: Int64) -> AppCallResult {
    perform(call, at: time, index: -1, line: 0)
  }

  /// Runs the scenario's entries due at or before `time`.
  mutating func runCalls(upTo time: Int64) {
    while let (at, index) = scheduler.next(upTo: time) {
      let entry = scheduler.entry(index)
      _ = perform(entry.call, at: at, index: index, line: entry.line)
    }
  }

  private mutating func perform(_ call: AppCall, at time: Int64, index: Int, line: Int) -> AppCallResult {
    now = max(now, time)
    uploads.advance(to: time, observer: &observer)
    if createdAt == nil {
      // The service is created at the first call; its initialiser starts tracking (§7).
      createdAt = time
      start(at: time)
    }
    var record = AppCallRecord(index: index, line: line, call: call, time: time)
    callCounts[call.name, default: 0] += 1
    switch call {
    case .start:
      start(at: time)
    case .stop:
      if let mode = machine.stop(at: time) {
        observer.replayDidChangeMode(ModeChange(time: time, from: Self.mode(mode), to: .stopped))
      }
    case .restart(let patch):
      config = patch.applied(to: config)
      machine.reconfigure(config)
      uploads.reconfigure(config)
      start(at: time)
    case .sync:
      uploads.manualSync(at: time, observer: &observer)
    case .clearAllLocations:
      record.cleared = uploads.clear(at: time, observer: &observer)
    case .getGeoData:
      record.result = .location(getGeoData(at: time, emitted: &record.emitted))
    case .getStoredLocations:
      record.result = .locations(uploads.listStored(at: time, observer: &observer))
    case .getStoredCount:
      record.result = .count(uploads.getStoredCount())
    case .getSyncState:
      record.result = .syncState(uploads.getSyncState(createdAt: createdAt ?? time))
    case .registerLocationListener:
      isHeard = true
    case .unregisterLocationListener:
      isHeard = false
    case .state:
      record.result = .state(machine.isRunning ? .running : .stopped)
    }
    observer.replayDidCall(record)
    return record.result
  }

  /// CalmGeo's `TIME_TO_EXPIRE`: a last location this old (ms) or older is stale. The
  /// library keeps one when `timestamp.timeIntervalSinceNow > -30`, so exactly 30 s is stale.
  static var locationExpiry: Int64 { 30_000 }

  private mutating func start(at time: Int64) {
    if machine.start(at: time) {
      observer.replayDidChangeMode(ModeChange(time: time, from: .stopped, to: Self.mode(machine.state.mode)))
    }
  }

  /// The OS's last known location (the latest fix at or before `time`). Older than
  /// `locationExpiry`: nil, nothing emitted, and the OS is asked for a location (the next
  /// fix answers, outside the filter). Fresh: unless monitoring, through the emitter as a
  /// live fix; then, always, once more as a plain moving location, which the call returns.
  private mutating func getGeoData(at time: Int64, emitted: inout [LocationID]) -> CalmGeoLocation? {
    let latest = arrivingFix.flatMap { $0.time <= time ? $0 : nil } ?? lastFix
    guard let fix = latest else { return nil }
    if time - fix.time >= Self.locationExpiry, machine.requestLocation() { return nil }
    if let emission = machine.emitLive() {
      let live = emit(
        fix, isMoving: emission.isMoving, event: emission.isMotionChange ? .motionchange : nil,
        at: time, call: .getGeoData)
      emitted.append(live.id)
    }
    let second = emit(fix, isMoving: true, event: nil, at: time, call: .getGeoData)
    emitted.append(second.id)
    return second
  }
}
