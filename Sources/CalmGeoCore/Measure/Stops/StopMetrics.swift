/// Matches CalmGeo's motionchanges and GPS-off times to the true stops of the raw log,
/// streaming, in memory that grows only with the number of stops.
///
/// True stops come from `StopDetector`. A stop is detected by the first still
/// motionchange within it (delay from its first fix, position error from its
/// centroid); without one it is covered when the library was already stationary (its
/// latest motionchange still, so also while monitoring) as the stop began, after the
/// events of the stop's first fix, and missed otherwise. Monitoring delay runs to the
/// first time the GPS went off within it. A
/// stop followed by more fixes is a start. Its departure is detected by the first
/// moving motionchange after the library's last still one within the stop or, when
/// there is none, at or after the stop's last fix; in both cases no later than the next
/// true stop's first fix. The delay runs from the stop's last fix, negative when the
/// library noticed the departure while the device was still within the radius; the
/// distance lost is the raw path from the stop's last fix to that motionchange's fix
/// (0 when early). A stop that began stationary counts the first moving motionchange
/// within it as its departure, as after a still one. A start followed by a covered stop
/// is covered: the library stayed stationary from one stop into the next. Still
/// motionchanges outside every stop are false stops; moving ones that detect no
/// departure are `unmatchedStarts`.
///
/// Call `observeRaw(_:)` for every fix handed to the engine, then the events the
/// engine produced at that fix. Events belong to the run of the latest raw fix, which
/// is decided (stop or not) only when a later fix leaves it or at `finish()`; until
/// then they wait in `PendingEvents`, a bounded summary of at most five events.
public struct StopMetrics: Sendable {
  private var detector: StopDetector
  /// The runs found beforehand (a sweep's shared track); the detector then stays empty.
  private let table: StopRunTable?
  /// Whether `table` is set, and its endings: read for every fix, where binding the optional
  /// table would copy it (its last run holds a whole fix).
  private let hasTable: Bool
  private let endings: [(fixIndex: Int, run: StopDetector.Run)]
  /// With `table`, each raw fix's distance from the one before it.
  private let steps: [Double]
  private var rawCount = 0
  private var nextEnding = 0
  private var pending = PendingEvents()
  private var stops: [TrueStop] = []
  private var falseStops = 0
  private var unmatchedStarts = 0
  /// The index in `stops` of the stop whose departure is not yet detected.
  private var awaitingStart: Int?
  /// Raw path from that stop's last fix to the latest fix, metres.
  private var pathSinceStopEnd = 0.0
  /// The latest raw fix's time and position (not the whole fix: it is copied for every fix).
  private var previousFix: (time: Int64, latitude: Double, longitude: Double)?
  /// The latest still motionchange while the library rests on it; nil once it moves.
  private var stationary: PendingEvents.Still?
  private var result: StopStats?

  /// A matcher with the detector's `radius` (metres) and `minDuration` (milliseconds).
  public init(radius: Double = StopDetector.defaultRadius, minDuration: Int64 = StopDetector.defaultMinDuration) {
    detector = StopDetector(radius: radius, minDuration: minDuration)
    table = nil
    hasTable = false
    endings = []
    steps = []
  }

  /// A matcher that reads the true-stop runs from `table` instead of detecting them, and
  /// the raw path from `steps` (`TrackAnalysis`): the raw fixes must be exactly the fixes
  /// both were worked out from, in order.
  public init(table: StopRunTable, steps: [Double]) {
    detector = StopDetector(radius: table.rule.radius, minDuration: table.rule.minDuration)
    self.table = table
    hasTable = true
    endings = table.endings
    self.steps = steps
  }

  /// Every raw fix handed to the engine, in time order (called before the events of that fix).
  public mutating func observeRaw(_ fix: Fix) {
    observeRaw(fix, cosLatitude: nil, step: nil)
  }

  /// `observeRaw(_:)` with the fix's cosine of latitude and its distance from the raw fix before
  /// it (0 for the first) when already known (`GeoMath.Anchor(fix)`'s cosine and the haversine
  /// from the previous fix's anchor: the same numbers this would compute).
  package mutating func observeRaw(_ fix: Fix, cosLatitude: Double?, step: Double?) {
    if hasTable {
      let index = rawCount
      rawCount += 1
      if awaitingStart != nil { pathSinceStopEnd += steps[index] }
      previousFix = (fix.time, fix.latitude, fix.longitude)
      if nextEnding < endings.count, endings[nextEnding].fixIndex == index {
        nextEnding += 1
        close(endings[nextEnding - 1].run, isFinal: false)
        pending.begin(stationaryOn: stationary)
      } else if index == 0 {
        pending.begin(stationaryOn: stationary)
      } else {
        pending.fixJoined()
      }
      return
    }
    if awaitingStart != nil, let previous = previousFix {
      pathSinceStopEnd +=
        step
        ?? GeoMath.distance(
          lat1: previous.latitude, lon1: previous.longitude, lat2: fix.latitude, lon2: fix.longitude)
    }
    let isFirst = previousFix == nil
    previousFix = (fix.time, fix.latitude, fix.longitude)
    if let ended = detector.observe(fix, cosLatitude: cosLatitude) {
      close(ended, isFinal: false)
      pending.begin(stationaryOn: stationary)
    } else if isFirst {
      pending.begin(stationaryOn: stationary)
    } else {
      pending.fixJoined()
    }
  }

  /// The raw fixes of a track's analysis from the next one up to `end` (exclusive), as
  /// `observeRaw(_:)` of each would take them, for a matcher made with the analysis's run table
  /// and steps (`init(table:steps:)`): the runs' endings are looked up in the table, and only
  /// the fixes that end a run, and the last one, are read.
  package mutating func observeRaw(upTo end: Int, of analysis: TrackAnalysis) {
    guard hasTable, rawCount < end else { return }
    var index = rawCount
    while index < end {
      // The fixes before the next ending join the current run (the first one begins it): one
      // `fixJoined()` stands for them all, and the path since an awaited departure adds up their
      // steps in order.
      let ending = nextEnding < endings.count ? endings[nextEnding].fixIndex : Int.max
      let joinEnd = Swift.min(ending, end)
      if index < joinEnd {
        if awaitingStart != nil {
          var path = pathSinceStopEnd
          for i in index..<joinEnd { path += steps[i] }
          pathSinceStopEnd = path
        }
        if index == 0 { pending.begin(stationaryOn: stationary) }
        if joinEnd > Swift.max(index, 1) { pending.fixJoined() }
        index = joinEnd
      }
      guard index < end else { break }
      // This fix ends the run and begins the next.
      if awaitingStart != nil { pathSinceStopEnd += steps[index] }
      previousFix = Self.position(analysis.frames[index])
      nextEnding += 1
      close(endings[nextEnding - 1].run, isFinal: false)
      pending.begin(stationaryOn: stationary)
      index += 1
    }
    rawCount = end
    previousFix = Self.position(analysis.frames[end - 1])
  }

  private static func position(_ raw: TimedFrame) -> (time: Int64, latitude: Double, longitude: Double) {
    (raw.time, raw.frame.latitude, raw.frame.longitude)
  }

  /// A motionchange the library emitted at fix `fix` (isMoving false = stop detected, true = start detected).
  public mutating func observeMotionChange(isMoving: Bool, at fix: Fix) {
    defer {
      stationary =
        isMoving
        ? nil : PendingEvents.Still(time: fix.time, latitude: fix.latitude, longitude: fix.longitude)
    }
    // The detector's run always holds the latest raw fix.
    guard let latest = previousFix else {
      // Before any raw fix: outside every stop.
      if isMoving { unmatchedStarts += 1 } else { falseStops += 1 }
      return
    }
    if isMoving {
      pending.moving(at: fix.time, pathSinceStopEnd: pathSinceStopEnd, isLatestFix: fix.time == latest.time)
    } else {
      pending.still(at: fix)
    }
  }

  /// The library switched the GPS off (monitoring began) at time `time` (ms).
  public mutating func observeMonitoringStart(at time: Int64) {
    guard previousFix != nil else { return }  // before any raw fix: outside every stop
    pending.monitoring(at: time)
  }

  /// Decides the open run and returns the totals; later calls return the same totals.
  public mutating func finish() -> StopStats {
    if let result { return result }
    if let run = table == nil ? detector.run : (rawCount > 0 ? table?.last : nil) { close(run, isFinal: true) }
    let finalStop = stops.last.flatMap { $0.isFinal ? $0 : nil }
    let detected = stops.filter { $0.detectedAt != nil }
    let covered = stops.filter { $0.outcome == .covered }.count
    let departures = stops.filter { !$0.isFinal }
    let started = departures.filter { $0.startDetectedAt != nil }
    func delays(_ stops: [TrueStop], _ from: (TrueStop) -> Int64, _ to: (TrueStop) -> Int64?) -> [Double] {
      stops.compactMap { stop in to(stop).map { Self.seconds($0 - from(stop)) } }
    }
    let stats = StopStats(
      radiusMetres: detector.radius, minDurationSeconds: Double(detector.minDuration) / 1000,
      trueStops: stops.count, detected: detected.count, covered: covered,
      missed: stops.count - detected.count - covered,
      falseStops: falseStops,
      stopDelaySeconds: .init(of: delays(detected, \.start, \.detectedAt)),
      monitoringDelaySeconds: .init(of: delays(stops, \.start, \.monitoringAt)),
      positionErrorMetres: .init(of: detected.compactMap(\.positionError)),
      starts: departures.count, startsDetected: started.count,
      startsCovered: departures.filter { $0.startOutcome == .covered }.count,
      startDelaySeconds: .init(of: delays(started, \.end, \.startDetectedAt)),
      startDistanceLostMetres: .init(of: started.compactMap(\.distanceLost)),
      unmatchedStarts: unmatchedStarts, finalParkedRecorded: finalStop.map { $0.detectedAt != nil })
    result = stats
    return stats
  }

  /// The true stops decided so far (all of them after `finish()`), in time order.
  public func stopList() -> [TrueStop] { stops }

  private static func seconds(_ millis: Int64) -> Double { Double(millis) / 1000 }

  /// Resolves the pending events of `run`, which just ended (or the log did).
  private mutating func close(_ run: StopDetector.Run, isFinal: Bool) {
    let events = pending
    pending = PendingEvents()
    let isStop = detector.isStop(run)
    // The awaited departure: the first moving motionchange of a run that is no stop, or
    // one at the very first fix of the next stop (left straight into it).
    var usedForPrevious: Int?
    if let index = awaitingStart, let moving = events.firstMoving, !isStop || moving.time == run.start {
      stops[index].startDetectedAt = moving.time
      stops[index].distanceLost = moving.pathSinceStopEnd
      usedForPrevious = moving.index
      awaitingStart = nil
    }
    guard isStop else {
      falseStops += events.stills
      unmatchedStarts += events.movings - (usedForPrevious == nil ? 0 : 1)
      return
    }
    var stop = TrueStop(
      start: run.start, end: run.end, latitude: run.latitude, longitude: run.longitude,
      fixes: run.count, isFinal: isFinal, monitoringAt: events.firstMonitoring)
    if let still = events.firstStill {
      stop.detectedAt = still.time
      stop.positionError = GeoMath.distance(
        lat1: run.latitude, lon1: run.longitude, lat2: still.latitude, lon2: still.longitude)
    } else if let resting = events.stationaryAtStart {
      stop.coveredSince = resting.time
      stop.positionError = GeoMath.distance(
        lat1: run.latitude, lon1: run.longitude, lat2: resting.latitude, lon2: resting.longitude)
    }
    // A true stop began before the previous stop's departure was detected: missed, or
    // covered when the library stayed stationary into this stop.
    if let index = awaitingStart, stop.coveredSince != nil { stops[index].startCovered = true }
    awaitingStart = nil
    var usedForOwn: Int?
    if !isFinal {
      if let own = events.departure, own.index != usedForPrevious {
        // Noticed within the stop (early) or at its last fix: nothing travelled yet.
        stop.startDetectedAt = own.time
        stop.distanceLost = 0
        usedForOwn = own.index
      } else {
        awaitingStart = stops.count
        pathSinceStopEnd =
          previousFix.map {
            GeoMath.distance(
              lat1: run.lastLatitude, lon1: run.lastLongitude, lat2: $0.latitude, lon2: $0.longitude)
          } ?? 0
      }
    }
    unmatchedStarts += events.movings - (usedForPrevious == nil ? 0 : 1) - (usedForOwn == nil ? 0 : 1)
    stops.append(stop)
  }
}
