/// Writes `trace.ndjson`: one line per input fix with the state machine's decision,
/// the numbers it decided on (`compared` names the threshold `distance` was held against:
/// `judge`, `distanceFilter` for the still rule, `geofenceRadius` while monitoring), the
/// state before and after, and the events it produced.
///
/// An observer that only formats: full buffers of lines go to `sink` (the CLI writes
/// them to a file), so memory stays flat. Numbers: positions in degrees with 7 decimals
/// (about 1 cm), distances, judges and thresholds in metres and ages in seconds with 3
/// decimals, `null` where a value took no part.
public struct TraceRecorder: ReplayObserver {
  private var json = JSONBytes(reservingCapacity: 1 << 16, escapesSlashes: false)
  private var open = false
  private var events = 0
  private let sink: ([UInt8]) -> Void
  private let flushAt = 1 << 16

  /// A recorder handing buffers of complete lines to `sink`.
  public init(sink: @escaping ([UInt8]) -> Void) {
    self.sink = sink
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    closeLine()
    if json.bytes.count >= flushAt { flush() }
    json.raw("{")
    json.key("t")
    time(fix.time)
    json.raw(",")
    json.key("line")
    json.int(Int(fix.line))
    json.raw(",")
    json.key("lat")
    json.fixed(fix.latitude, decimals: 7)
    json.raw(",")
    json.key("lon")
    json.fixed(fix.longitude, decimals: 7)
    json.raw(",")
    json.key("decision")
    json.raw("\"")
    json.raw(Self.names[Int(decision.kind.rawValue)])
    json.raw("\"")
    json.raw(",")
    json.key("distance")
    number(decision.distance)
    json.raw(",")
    json.key("judge")
    number(decision.judge)
    json.raw(",")
    // The number the decision compared `distance` with: the still rule's is distanceFilter.
    let threshold = decision.threshold
    json.key("compared")
    json.raw(Self.thresholdNames[Int(threshold.kind.rawValue)])
    json.raw(",")
    json.key("threshold")
    number(threshold.metres)
    json.raw(",")
    json.key("speed")
    number(decision.speed < 0 ? .nan : decision.speed)
    json.raw(",")
    json.key("speedDerived")
    json.bool(decision.speedDerived)
    json.raw(",")
    json.key("refAge")
    seconds(decision.refAge)
    json.raw(",")
    json.key("listeningAge")
    seconds(decision.listeningAge)
    json.raw(",")
    json.key("before")
    state(decision.before)
    json.raw(",")
    json.key("after")
    state(decision.after)
    json.raw(",")
    json.key("events")
    json.raw("[")
    open = true
    events = 0
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    guard event("emit") else { return }
    json.raw(",")
    json.key("seq")
    json.int(location.sequence)
    json.raw(",")
    json.key("isMoving")
    json.bool(location.isMoving)
    if let event = location.event {
      json.raw(",")
      json.key("event")
      json.string(event.rawValue)
    }
    json.raw("}")
  }

  public mutating func replayDidChangeMode(_ change: ModeChange) {
    guard event("mode") else { return }
    json.raw(",")
    json.key("from")
    json.string(change.from.rawValue)
    json.raw(",")
    json.key("to")
    json.string(change.to.rawValue)
    json.raw("}")
  }

  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {
    guard event("request") else { return }
    json.raw(",")
    json.key("seq")
    json.int(request.sequence)
    json.raw(",")
    json.key("records")
    json.int(request.recordCount)
    json.raw("}")
  }

  public mutating func replayDidEnd(at time: Int64) {
    closeLine()
    flush()
  }

  /// Starts an event object inside the current line's `events`; false (and nothing
  /// written) before the first decision: `start()` at the first fix precedes it, and
  /// the first line's `before` state already says listening.
  private mutating func event(_ type: StaticString) -> Bool {
    guard open else { return false }
    if events > 0 { json.raw(",") }
    events += 1
    json.raw("{")
    json.key("type")
    json.raw("\"")
    json.raw(type)
    json.raw("\"")
    return true
  }

  private mutating func closeLine() {
    guard open else { return }
    json.raw("]}\n")
    open = false
  }

  private mutating func flush() {
    guard !json.bytes.isEmpty else { return }
    sink(json.bytes)
    json.bytes.removeAll(keepingCapacity: true)
  }

  private mutating func time(_ millis: Int64) {
    json.bytes.append(34)
    json.iso8601(millis)
    json.bytes.append(34)
  }

  private mutating func number(_ value: Double) {
    if value.isFinite && abs(value) < 9e9 { json.fixed(value, decimals: 3) } else { json.raw("null") }
  }

  private mutating func seconds(_ millis: Int64) {
    if millis < 0 { json.raw("null") } else { json.fixed(Double(millis) / 1000, decimals: 3) }
  }

  /// `FixDecision.Kind` descriptions as static text, by raw value.
  private static let names: [StaticString] = [
    "one_shot", "kept_ref_empty", "kept_beyond_judge", "filtered", "still_rule", "sleep_rule",
    "ignored_while_monitoring", "geofence_exit", "withheld_stationary", "withheld_accuracy", "withheld_rate",
    "ignored_while_stopped",
  ]

  /// `FixDecision.Threshold` descriptions as quoted static text, by raw value (`none`: null).
  private static let thresholdNames: [StaticString] = ["null", "\"judge\"", "\"distanceFilter\"", "\"geofenceRadius\""]

  private mutating func state(_ state: TrackingStateMachine.State) {
    json.raw("{")
    json.key("mode")
    json.raw(!state.isRunning ? "\"stopped\"" : state.mode == .listening ? "\"listening\"" : "\"monitoring\"")
    json.raw(",")
    json.key("moving")
    json.bool(state.isMoving)
    json.raw("}")
  }
}
