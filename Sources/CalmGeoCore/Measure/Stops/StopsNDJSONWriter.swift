/// Writes `stops.ndjson`: each true stop of the raw log and what the library made of it,
/// then (unless the log ends in it) its departure, one JSON object a line, in time order.
///
/// A stop line: `kind` `"stop"`, `stop` (1-based number), `start`, `end` (ISO 8601 UTC of
/// its first and last fix), `durationSeconds`, `fixes`, `latitude`, `longitude` (the
/// centroid, 7 decimals), `outcome` (`detected`, `covered`, `missed`), `stillAt` (the
/// detecting still motionchange, or for a covered stop the one the library was resting
/// on, from before the stop), `monitoringAt` (the GPS going off within the stop; null when it
/// went off before the stop began, or not before its end),
/// `delaySeconds` (`stillAt − start` when detected, 0 when covered, null when missed),
/// `positionErrorMetres` (centroid to the `stillAt` fix), `final` (the log ends in it).
///
/// A start line: `kind` `"start"`, `stop` (the stop left), `start` (the stop's last fix),
/// `outcome` (`detected`; `covered` when the library stayed stationary into the next
/// stop; `missed`), `movingAt` (the moving motionchange that noticed the departure),
/// `delaySeconds` (`movingAt − start`, negative when noticed within the radius) and
/// `distanceLostMetres` (raw path from the stop's last fix to that motionchange's fix).
/// Absent values are `null`; distances have 2 decimals, durations 3.
public enum StopsNDJSONWriter {
  /// The lines of `stops`, newline-terminated.
  public static func render(_ stops: [TrueStop]) -> [UInt8] {
    var json = JSONBytes(escapesSlashes: false)
    for (index, stop) in stops.enumerated() {
      appendStop(stop, number: index + 1, to: &json)
      if !stop.isFinal { appendStart(stop, number: index + 1, to: &json) }
    }
    return json.bytes
  }

  private static func appendStop(_ stop: TrueStop, number: Int, to json: inout JSONBytes) {
    json.raw("{")
    json.key("kind")
    json.string("stop")
    json.raw(",")
    json.key("stop")
    json.int(number)
    json.raw(",")
    json.key("start")
    time(stop.start, &json)
    json.raw(",")
    json.key("end")
    time(stop.end, &json)
    json.raw(",")
    json.key("durationSeconds")
    seconds(stop.end - stop.start, &json)
    json.raw(",")
    json.key("fixes")
    json.int(stop.fixes)
    json.raw(",")
    json.key("latitude")
    json.fixed(stop.latitude, decimals: 7)
    json.raw(",")
    json.key("longitude")
    json.fixed(stop.longitude, decimals: 7)
    json.raw(",")
    json.key("outcome")
    json.string(stop.outcome.rawValue)
    json.raw(",")
    json.key("stillAt")
    optionalTime(stop.detectedAt ?? stop.coveredSince, &json)
    json.raw(",")
    json.key("monitoringAt")
    optionalTime(stop.monitoringAt, &json)
    json.raw(",")
    json.key("delaySeconds")
    switch stop.outcome {
    case .detected: seconds((stop.detectedAt ?? stop.start) - stop.start, &json)
    case .covered: json.int(0)
    case .missed: json.raw("null")
    }
    json.raw(",")
    json.key("positionErrorMetres")
    metres(stop.positionError, &json)
    json.raw(",")
    json.key("final")
    json.bool(stop.isFinal)
    json.raw("}\n")
  }

  private static func appendStart(_ stop: TrueStop, number: Int, to json: inout JSONBytes) {
    json.raw("{")
    json.key("kind")
    json.string("start")
    json.raw(",")
    json.key("stop")
    json.int(number)
    json.raw(",")
    json.key("start")
    time(stop.end, &json)
    json.raw(",")
    json.key("outcome")
    json.string((stop.startOutcome ?? .missed).rawValue)
    json.raw(",")
    json.key("movingAt")
    optionalTime(stop.startDetectedAt, &json)
    json.raw(",")
    json.key("delaySeconds")
    if let moving = stop.startDetectedAt { seconds(moving - stop.end, &json) } else { json.raw("null") }
    json.raw(",")
    json.key("distanceLostMetres")
    metres(stop.distanceLost, &json)
    json.raw("}\n")
  }

  private static func time(_ millis: Int64, _ json: inout JSONBytes) {
    json.bytes.append(34)
    json.iso8601(millis)
    json.bytes.append(34)
  }

  private static func optionalTime(_ millis: Int64?, _ json: inout JSONBytes) {
    if let millis { time(millis, &json) } else { json.raw("null") }
  }

  private static func seconds(_ millis: Int64, _ json: inout JSONBytes) {
    json.fixed(Double(millis) / 1000, decimals: 3)
  }

  private static func metres(_ value: Double?, _ json: inout JSONBytes) {
    if let value, value.isFinite, abs(value) < 9e9 { json.fixed(value, decimals: 2) } else { json.raw("null") }
  }
}
