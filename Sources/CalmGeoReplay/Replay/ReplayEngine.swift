/// Replays fixes through CalmGeo: the state machine (§3), then storage and uploads (§4),
/// on a virtual clock driven only by fix times.
///
/// A pure value: the same fixes, configuration and settings give the same calls to
/// the observer and the same result. Feed fixes with strictly increasing times
/// (`FixNormalizer` guarantees that), then call `finish()`.
public struct ReplayEngine<Observer: ReplayObserver> {
  public var observer: Observer
  private var machine: TrackingStateMachine
  private var uploads: UploadSimulator
  private let config: CalmGeoConfig
  private let settings: ReplaySettings
  private var emitted = 0
  private var firstTime: Int64?
  private var lastTime: Int64 = 0
  private var lastEmittedTime: Int64?

  public init(config: CalmGeoConfig, settings: ReplaySettings = ReplaySettings(), observer: Observer) {
    self.config = config
    self.settings = settings
    self.observer = observer
    machine = TrackingStateMachine(config: config, settings: settings)
    uploads = UploadSimulator(config: config, settings: settings)
  }

  /// Processes the next fix.
  public mutating func process(_ fix: Fix) {
    if firstTime == nil { firstTime = fix.time }
    lastTime = fix.time
    uploads.advance(to: fix.time) { observer.replayDidComplete($0) }
    guard let emission = machine.step(fix) else { return }
    let location = CalmGeoLocation(
      id: LocationID(seed: settings.seed, index: emitted), sequence: emitted,
      isMoving: emission.isMoving, event: emission.isMotionChange ? .motionchange : nil,
      activity: config.fetchActivity ? ActivityModel.activity(for: fix) : nil, fix: fix)
    emitted += 1
    lastEmittedTime = fix.time
    observer.replayDidEmit(location)
    uploads.append(location, sent: { observer.replayDidSend($0, body: $1) }, completed: { observer.replayDidComplete($0) })
  }

  /// Processes every fix of a sequence.
  public mutating func process<S: Sequence>(_ fixes: S) where S.Element == Fix {
    for fix in fixes { process(fix) }
  }

  /// Ends the replay: the optional final `sync()`, in-flight requests completed, totals.
  public mutating func finish() -> ReplayResult {
    machine.finish(at: lastTime)
    if settings.finalSync, let finalSyncTime = lastEmittedTime {
      // CALMGEO.md §6 stamps the final sync with the last location the app received.
      uploads.manualSync(at: finalSyncTime, sent: { observer.replayDidSend($0, body: $1) },
                         completed: { observer.replayDidComplete($0) })
    }
    uploads.drain { observer.replayDidComplete($0) }
    return ReplayResult(
      firstFixTime: firstTime, lastFixTime: firstTime == nil ? nil : lastTime,
      emitted: emitted, machine: machine.counters, uploads: uploads.finish())
  }
}

/// The totals of one replay.
public struct ReplayResult: Sendable, Hashable {
  public var firstFixTime: Int64?
  public var lastFixTime: Int64?
  /// Locations emitted to the listener.
  public var emitted: Int
  public var machine: TrackingStateMachine.Counters
  public var uploads: UploadCounters
}
