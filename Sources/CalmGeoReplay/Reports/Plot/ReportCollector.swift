/// Gathers what a report page draws from a replay's event stream, in memory bounded
/// by `capacity` whatever the log's length.
///
/// Series with one entry per fix, emit, request or storage change are decimated with
/// `StrideDecimator` (every k-th plus the last). Motionchanges, geofences and the
/// monitoring and moving intervals are all kept: they grow only with motionchanges,
/// which the still rule spaces at least a minute apart. Only what is drawn is
/// decimated; the numbers come from `ReplayStats`.
public struct ReportCollector: ReplayObserver, Sendable {
  /// The default points kept per drawn series.
  public static let defaultCapacity = 5_000

  /// Every fix with its speed and judge.
  public private(set) var track: StrideDecimator<TrackSample>
  /// Emitted locations other than motionchanges.
  public private(set) var emitted: StrideDecimator<EmitSample>
  /// Every motionchange.
  public private(set) var motionChanges: [EmitSample] = []
  /// Every stationary geofence, in time order.
  public private(set) var geofences: [Geofence] = []
  /// Every monitoring interval (GPS off).
  public private(set) var monitoring: [TimeSpan] = []
  /// Every interval in which the library was moving.
  public private(set) var moving: [TimeSpan] = []
  /// Requests in completion order.
  public private(set) var requests: StrideDecimator<RequestMark>
  /// Records held in storage after each change, each drawn sample with its window's peak.
  public private(set) var queue: StrideDecimator<QueueSample>
  /// Runs of fixes the platform withheld, in time order: a run of one rule continues
  /// across delivered fixes less than `withheldJoin` apart, and past `withheldCapacity`
  /// runs every new one joins the last (so a 10 Hz log under the rate rule is one run).
  public private(set) var withheld: [WithheldRun] = []
  /// The most runs `withheld` keeps apart.
  public static let withheldCapacity = 2_000
  /// Runs of one rule closer than this (ms) are drawn as one.
  public static let withheldJoin: Int64 = 10_000
  /// Every interval in which tracking was stopped (`stop()` until the next start).
  public private(set) var stopped: [TimeSpan] = []
  /// The app's calls, in time order (at most `callCapacity`; `callsDropped` counts the rest).
  public private(set) var calls: [CallMark] = []
  public private(set) var callsDropped = 0
  /// The most calls `calls` keeps.
  public static let callCapacity = 2_000
  /// The longest pauses between consecutive fixes (at most `gapCapacity`), in time
  /// order: a timeline can fold them instead of spending its width on no data.
  public private(set) var longestGaps: [TimeSpan] = []
  /// The most gaps `longestGaps` keeps.
  public static let gapCapacity = 12
  /// The box around every fix (not only the kept ones).
  public private(set) var bounds = GeoBounds()
  /// The first fix's time and the replay's end (a late completion may follow the last fix), ms.
  public private(set) var startTime: Int64?
  public private(set) var endTime: Int64?
  /// The last fix's time, ms.
  public private(set) var lastFixTime: Int64?

  private var stored = StoredRecords()
  private var lastJudge: Float = .nan
  private var monitoringSince: Int64?
  private var movingSince: Int64?
  private var stoppedSince: Int64?
  private var reference: (latitude: Double, longitude: Double)?
  /// The shortest of `longestGaps` once it is full, ms.
  private var shortestGap: Int64 = 0

  public init(capacity: Int = Self.defaultCapacity) {
    track = StrideDecimator(capacity: capacity)
    emitted = StrideDecimator(capacity: capacity)
    requests = StrideDecimator(capacity: capacity)
    queue = StrideDecimator(capacity: capacity) { $0.peak = max($0.peak, $1.peak) }
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    if startTime == nil { startTime = fix.time }
    if let previous = lastFixTime { noteGap(from: previous, to: fix.time) }
    lastFixTime = fix.time
    bounds.include(latitude: fix.latitude, longitude: fix.longitude)
    if let rule = decision.withheldRule {
      noteWithheld(fix.time, rule)
    } else {
      lastJudge = Float(decision.judge)
    }
    // A withheld fix keeps the judge in force, so the judge line does not break at each one.
    track.offer(
      TrackSample(
        time: fix.time, latitude: fix.latitude, longitude: fix.longitude,
        speed: Float(decision.speed), judge: decision.isWithheld ? lastJudge : Float(decision.judge),
        kind: decision.kind, distance: Float(decision.distance), threshold: Float(decision.threshold.metres),
        refAge: decision.refAge))

    switch decision.kind {
    case .keptRefEmpty, .keptBeyondJudge: reference = (fix.latitude, fix.longitude)
    default: if decision.refMoved { reference = (fix.latitude, fix.longitude) }
    }
    if decision.before.mode == .listening && decision.after.mode == .monitoring, let reference {
      geofences.append(
        Geofence(
          time: fix.time, latitude: reference.latitude, longitude: reference.longitude,
          radius: .nan))
    }
    if decision.before.mode == .monitoring, let last = geofences.indices.last, geofences[last].radius.isNaN {
      geofences[last].radius = decision.judge
    }

    switch (decision.after.isMoving, movingSince) {
    case (true, nil): movingSince = fix.time
    case (false, let since?):
      moving.append(TimeSpan(start: since, end: fix.time))
      movingSince = nil
    default: break
    }
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    let sample = EmitSample(
      time: location.time, latitude: location.fix.latitude, longitude: location.fix.longitude,
      isMoving: location.isMoving, isMotionChange: location.event == .motionchange)
    if sample.isMotionChange { motionChanges.append(sample) } else { emitted.offer(sample) }
    stored.append(location.sequence)
    sampleQueue(at: location.time)
  }

  public mutating func replayDidChangeMode(_ change: ModeChange) {
    if change.to == .stopped { stoppedSince = change.time }
    if change.from == .stopped, let since = stoppedSince {
      stopped.append(TimeSpan(start: since, end: change.time))
      stoppedSince = nil
    }
    if change.to == .monitoring { monitoringSince = change.time }
    if change.from == .monitoring, let since = monitoringSince {
      monitoring.append(TimeSpan(start: since, end: change.time))
      monitoringSince = nil
    }
  }

  public mutating func replayDidCall(_ record: AppCallRecord) {
    if calls.count < Self.callCapacity {
      calls.append(CallMark(time: record.time, name: record.call.name, line: record.line))
    } else {
      callsDropped += 1
    }
    guard case .clearAllLocations = record.call, stored.count > 0 else { return }
    stored.removeAll()
    sampleQueue(at: record.time)
  }

  public mutating func replayDidComplete(_ request: UploadRequest) {
    requests.offer(
      RequestMark(
        sequence: request.sequence, sentAt: request.sentAt, completedAt: request.completedAt,
        outcome: request.outcome, records: request.recordCount))
    guard request.succeeded else { return }
    let before = stored.count
    for sequence in request.recordSequences { stored.remove(sequence) }
    if stored.count != before { sampleQueue(at: request.completedAt) }
  }

  public mutating func replayDidExpire(_ record: ExpiredRecord) {
    if stored.remove(record.sequence) { sampleQueue(at: record.expiredAt) }
  }

  public mutating func replayDidEnd(at time: Int64) {
    endTime = time
    let last = lastFixTime ?? time
    if let since = monitoringSince { monitoring.append(TimeSpan(start: since, end: last)) }
    if let since = movingSince { moving.append(TimeSpan(start: since, end: last)) }
    if let since = stoppedSince { stopped.append(TimeSpan(start: since, end: max(last, since))) }
    stoppedSince = nil
    monitoringSince = nil
    movingSince = nil
    // A log that ends at the fix that started monitoring: the radius is a run's constant.
    if let index = geofences.indices.last, geofences[index].radius.isNaN,
      let radius = geofences.last(where: { !$0.radius.isNaN })?.radius
    {
      geofences[index].radius = radius
    }
  }

  private mutating func sampleQueue(at time: Int64) {
    queue.offer(QueueSample(time: time, size: stored.count, peak: stored.count))
  }

  /// Extends the last run of `rule` or starts a new one.
  private mutating func noteWithheld(_ time: Int64, _ rule: PlatformDelivery.Rule) {
    if let last = withheld.indices.last,
      withheld[last].rule == rule && time - withheld[last].end < Self.withheldJoin
        || withheld.count >= Self.withheldCapacity
    {
      withheld[last].end = time
      withheld[last].fixes += 1
    } else {
      withheld.append(WithheldRun(start: time, end: time, rule: rule, fixes: 1))
    }
  }

  /// Keeps the gap if it is among the longest (ties: the earlier one stays).
  private mutating func noteGap(from start: Int64, to end: Int64) {
    let length = end - start
    let full = longestGaps.count == Self.gapCapacity
    guard !full || length > shortestGap else { return }
    if full, let shortest = longestGaps.indices.min(by: { Self.shorter(longestGaps[$0], than: longestGaps[$1]) }) {
      longestGaps.remove(at: shortest)
    }
    longestGaps.append(TimeSpan(start: start, end: end))
    if longestGaps.count == Self.gapCapacity { shortestGap = longestGaps.lazy.map { $0.end - $0.start }.min() ?? 0 }
  }

  /// Shorter, or as long and later (the one to drop first).
  private static func shorter(_ a: TimeSpan, than b: TimeSpan) -> Bool {
    let (la, lb) = (a.end - a.start, b.end - b.start)
    return la < lb || (la == lb && a.start > b.start)
  }

  /// Records held in storage now (at the end: what `storedAtEnd` reports).
  public var storedCount: Int { stored.count }
  /// Locations emitted, motionchanges included.
  public var emittedCount: Int { emitted.count + motionChanges.count }
}
