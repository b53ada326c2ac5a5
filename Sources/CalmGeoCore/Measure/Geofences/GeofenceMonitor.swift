/// Monitors an app's circular conditions over a replay the way Core Location's
/// `CLMonitor` does: one event each time a condition's state changes.
///
/// A pure observer: it reads every fix from `replayDidDecide` (whatever CalmGeo decided
/// about it), and the engine knows nothing of it. The rule, for each fix and each
/// condition (centre C, monitored radius R = max(radius, geofenceMinimumRadius)):
/// - a fix whose horizontal accuracy is known and worse than R (accuracy > R, or a
///   negative, invalid accuracy) observes `unknown`: the platform cannot tell;
/// - otherwise its great-circle distance d from C decides: d ≤ R `satisfied` (the
///   boundary counts as inside, as for CalmGeo's own geofence, which exits only at
///   d > radius), d > R `unsatisfied`. A fix without an accuracy counts as exact;
/// - an observed state that differs from the last reported one is an event at that fix.
///   The state starts as the condition's `assuming` (default `unknown`), so the first
///   fix that decides a condition reports it.
///
/// Platform delay (`geofenceExitDelay`, the same setting that delays CalmGeo's own
/// stationary geofence): a change from `satisfied` to `unsatisfied` (an exit) is
/// delivered at the first fix at least the delay after the first fix outside; until
/// then the condition reports nothing else, and the delivering fix is then judged as
/// any other (so a user already back inside gets an entry right after the late exit).
/// Entries and `unknown` are not delayed. An exit still pending at the end of the log
/// is never delivered. With a range (`geofenceExitDelay: [40, 60]`), each exit's delay is
/// drawn uniformly from it, from the run's seed.
public struct GeofenceMonitor: ReplayObserver {
  /// Events drawn on a report at most (decimated beyond; every event is counted and written).
  public static let defaultCapacity = 5_000

  public let conditions: [GeofenceCondition]
  /// The platform's exit delay, ms (0: exits are reported at the first fix outside), or
  /// the lower end of a seeded range up to `exitDelayMax` (`geofenceExitDelay: [40, 60]`).
  public let exitDelay: Int64
  /// The upper end of the exit delay's range, ms (nil: the delay is fixed).
  public let exitDelayMax: Int64?
  /// The platform's minimum radius, metres (0: none).
  public let minimumRadius: Double
  /// The events kept for drawing (all of them up to `capacity`).
  public private(set) var events: StrideDecimator<GeofenceEvent>

  private let anchors: [GeoMath.Anchor]
  private let radii: [Double]
  private var states: [GeofenceState]
  private var pending: [GeofenceEvent.Crossing?]
  /// Each pending exit's delay (drawn from the range when there is one).
  private var pendingDelays: [Int64]
  /// Draws each exit's delay from `exitDelay...exitDelayMax`, as CalmGeo's own geofence
  /// draws its own (its own stream of the run's seed).
  private var exitDelays: SplitMix64
  private var tallies: [Tally]
  private var fixes = 0
  private var lastFixTime: Int64?
  private let sink: (([UInt8]) -> Void)?
  private var json = JSONBytes(reservingCapacity: 1 << 12, escapesSlashes: false)

  /// What one condition went through.
  struct Tally: Sendable, Hashable {
    var entries = 0
    var exits = 0
    var unknowns = 0
    var dwell: Int64 = 0
    /// Since when the reported state is `satisfied`.
    var satisfiedSince: Int64?
  }

  /// A monitor of `conditions` under the platform model of `settings`; each event is
  /// written as one NDJSON line to `sink` when given (`GeofenceEventWriter`).
  public init(
    conditions: [GeofenceCondition], settings: ReplaySettings = ReplaySettings(),
    capacity: Int = Self.defaultCapacity, sink: (([UInt8]) -> Void)? = nil
  ) {
    self.conditions = conditions
    exitDelay = settings.geofenceExitDelay
    exitDelayMax = settings.geofenceExitDelayMax.flatMap { $0 > settings.geofenceExitDelay ? $0 : nil }
    exitDelays = SplitMix64(seed: SplitMix64.mix(settings.seed ^ 0x6170_7066_656E_6365))  // "appfence"
    pendingDelays = Array(repeating: 0, count: conditions.count)
    minimumRadius = settings.geofenceMinimumRadius
    anchors = conditions.map { GeoMath.Anchor(latitude: $0.latitude, longitude: $0.longitude) }
    radii = conditions.map { $0.monitoredRadius(minimum: settings.geofenceMinimumRadius) }
    states = conditions.map(\.assuming)
    pending = Array(repeating: nil, count: conditions.count)
    tallies = Array(repeating: Tally(), count: conditions.count)
    events = StrideDecimator(capacity: capacity)
    self.sink = sink
  }

  /// The state a fix shows for condition `index` (the rule above), with its distance.
  public func observe(_ fix: Fix, condition index: Int) -> (state: GeofenceState, distance: Double) {
    let radius = radii[index]
    let distance = anchors[index].distance(to: fix)
    if let accuracy = fix.horizontalAccuracy, !(accuracy >= 0 && accuracy <= radius) { return (.unknown, distance) }
    return (distance <= radius ? .satisfied : .unsatisfied, distance)
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    fixes += 1
    if lastFixTime == nil {
      for index in conditions.indices where states[index] == .satisfied { tallies[index].satisfiedSince = fix.time }
    }
    lastFixTime = fix.time
    for index in conditions.indices {
      if let crossing = pending[index] {
        guard fix.time - crossing.time >= pendingDelays[index] else { continue }
        pending[index] = nil
        report(index, .unsatisfied, fix: fix, distance: observe(fix, condition: index).distance, crossing: crossing)
      }
      let (state, distance) = observe(fix, condition: index)
      guard state != states[index] else { continue }
      if state == .unsatisfied && states[index] == .satisfied && (exitDelay > 0 || exitDelayMax != nil) {
        pending[index] = GeofenceEvent.Crossing(fix: fixes, time: fix.time)
        pendingDelays[index] = exitDelay
        if let high = exitDelayMax {
          pendingDelays[index] += Int64(exitDelays.nextUnit() * Double(high - exitDelay + 1))
        }
        continue
      }
      report(index, state, fix: fix, distance: distance, crossing: nil)
    }
  }

  public mutating func replayDidEnd(at time: Int64) {
    flush()
  }

  private mutating func report(
    _ index: Int, _ state: GeofenceState, fix: Fix, distance: Double,
    crossing: GeofenceEvent.Crossing?
  ) {
    let event = GeofenceEvent(
      condition: index, identifier: conditions[index].identifier, state: state, previous: states[index],
      time: fix.time, fix: fixes, line: fix.line, latitude: fix.latitude, longitude: fix.longitude,
      accuracy: fix.horizontalAccuracy, distance: distance, radius: radii[index], crossing: crossing)
    if let since = tallies[index].satisfiedSince {
      tallies[index].dwell += fix.time - since
      tallies[index].satisfiedSince = nil
    }
    switch state {
    case .satisfied:
      tallies[index].entries += 1
      tallies[index].satisfiedSince = fix.time
    case .unsatisfied: tallies[index].exits += 1
    case .unknown: tallies[index].unknowns += 1
    }
    states[index] = state
    events.offer(event)
    if sink != nil {
      GeofenceEventWriter.append(event, to: &json)
      if json.bytes.count >= 1 << 16 { flush() }
    }
  }

  private mutating func flush() {
    guard let sink, !json.bytes.isEmpty else { return }
    sink(json.bytes)
    json.bytes.removeAll(keepingCapacity: true)
  }

  /// The state each condition is in now (the last reported one).
  public var currentStates: [GeofenceState] { states }

  /// The `geofences` section of `stats.json`: per condition, its events and the time
  /// it was reported `satisfied` (up to the last fix).
  public var stats: GeofenceStats {
    let end = lastFixTime ?? 0
    return GeofenceStats(
      events: events.count,
      conditions: conditions.indices.map { index in
        let tally = tallies[index]
        let dwell = tally.dwell + (tally.satisfiedSince.map { end - $0 } ?? 0)
        return GeofenceStats.Condition(
          identifier: conditions[index].identifier, radius: conditions[index].radius, monitoredRadius: radii[index],
          assuming: conditions[index].assuming.rawValue, entries: tally.entries, exits: tally.exits,
          unknowns: tally.unknowns, dwellSeconds: Double(dwell) / 1000, finalState: states[index].rawValue,
          exitPending: pending[index] != nil)
      })
  }
}

extension GeofenceMonitor {
  /// It reads no decision's distance: the state machine may settle its comparisons without one.
  public var wantsDecisionDistances: Bool { false }
}
