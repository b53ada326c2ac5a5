/// Writes `geofences.ndjson`: one line per `GeofenceEvent`, in delivery order.
///
/// Keys in this order: `identifier`, `state`, `previous`, `time` (ISO 8601 UTC), `fix`
/// (1-based number among the fixes replayed), `line` (input line), `latitude`,
/// `longitude` (7 decimals), `accuracy` (metres as logged, `null` without one),
/// `distance` from the centre and the monitored `radius` (metres, 2 decimals), and for a
/// delayed exit `crossingFix` / `crossingTime` (the first fix outside; `null` otherwise).
public enum GeofenceEventWriter {
  /// Appends `event`'s line, newline included.
  public static func append(_ event: GeofenceEvent, to json: inout JSONBytes) {
    json.raw("{")
    json.key("identifier")
    json.string(event.identifier)
    json.raw(",")
    json.key("state")
    json.string(event.state.rawValue)
    json.raw(",")
    json.key("previous")
    json.string(event.previous.rawValue)
    json.raw(",")
    json.key("time")
    time(event.time, &json)
    json.raw(",")
    json.key("fix")
    json.int(event.fix)
    json.raw(",")
    json.key("line")
    json.int(Int(event.line))
    json.raw(",")
    json.key("latitude")
    json.fixed(event.latitude, decimals: 7)
    json.raw(",")
    json.key("longitude")
    json.fixed(event.longitude, decimals: 7)
    json.raw(",")
    json.key("accuracy")
    if let accuracy = event.accuracy { json.float(Float(accuracy)) } else { json.raw("null") }
    json.raw(",")
    json.key("distance")
    metres(event.distance, &json)
    json.raw(",")
    json.key("radius")
    metres(event.radius, &json)
    json.raw(",")
    json.key("crossingFix")
    if let crossing = event.crossing { json.int(crossing.fix) } else { json.raw("null") }
    json.raw(",")
    json.key("crossingTime")
    if let crossing = event.crossing { time(crossing.time, &json) } else { json.raw("null") }
    json.raw("}\n")
  }

  /// The lines of `events`, as one text.
  public static func render(_ events: [GeofenceEvent]) -> String {
    var json = JSONBytes(escapesSlashes: false)
    for event in events { append(event, to: &json) }
    return String(decoding: json.bytes, as: UTF8.self)
  }

  private static func time(_ millis: Int64, _ json: inout JSONBytes) {
    json.bytes.append(34)
    json.iso8601(millis)
    json.bytes.append(34)
  }

  private static func metres(_ value: Double, _ json: inout JSONBytes) {
    if value.isFinite && abs(value) < 9e9 { json.fixed(value, decimals: 2) } else { json.raw("null") }
  }
}
