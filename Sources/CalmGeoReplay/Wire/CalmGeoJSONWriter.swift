/// Encodes `CalmGeoLocation`s as the phone's `JSONEncoder` would (CALMGEO.md §2): the wire
/// format, shared by the upload path (request bodies) and the file writers.
///
/// Keys are written in the order of the library's types (id, timestamp, isMoving,
/// coords, activity, event; coords in `CalmGeoCoords` order, then its `timestamp`)
/// so that the output is byte-stable. `coords.timestamp` is seconds since
/// 2001-01-01T00:00:00Z, as `JSONEncoder` writes a `Date`. Unknown values are -1;
/// `ellipsoidalAltitude` repeats `altitude` (the library's quirk).
public enum CalmGeoJSONWriter {
  /// 2001-01-01T00:00:00Z in milliseconds since 1970.
  public static let referenceDateMillis: Int64 = 978_307_200_000

  /// Appends one location's JSON object.
  public static func write(_ location: CalmGeoLocation, into json: inout JSONBytes) {
    let fix = location.fix
    json.raw("{")
    json.key("id")
    json.bytes.append(34)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      location.id.write(into: buffer.baseAddress!)
      json.bytes.append(contentsOf: buffer)
    }
    json.bytes.append(34)
    json.raw(",")
    json.key("timestamp")
    json.bytes.append(34)
    json.iso8601(fix.time)
    json.bytes.append(34)
    json.raw(",")
    json.key("isMoving")
    json.bool(location.isMoving)
    json.raw(",")
    json.key("coords")
    json.raw("{")
    json.key("latitude")
    json.double(fix.latitude)
    json.raw(",")
    json.key("longitude")
    json.double(fix.longitude)
    json.raw(",")
    json.key("accuracy")
    json.float(known(fix.storedHorizontalAccuracy))
    json.raw(",")
    json.key("speed")
    json.float(known(fix.storedSpeed))
    json.raw(",")
    json.key("speedAccuracy")
    json.float(known(fix.storedSpeedAccuracy))
    json.raw(",")
    json.key("heading")
    json.float(known(fix.storedCourse))
    json.raw(",")
    json.key("headingAccuracy")
    json.float(-1)
    json.raw(",")
    json.key("altitude")
    json.float(known(fix.storedAltitude))
    json.raw(",")
    json.key("altitudeAccuracy")
    json.float(known(fix.storedVerticalAccuracy))
    json.raw(",")
    json.key("ellipsoidalAltitude")
    json.float(known(fix.storedAltitude))
    json.raw(",")
    json.key("timestamp")
    json.double(Double(fix.time - referenceDateMillis) / 1000)
    json.raw("}")
    if let activity = location.activity {
      json.raw(",")
      json.key("activity")
      json.raw("{")
      json.key("type")
      json.string(activity.type)
      json.raw(",")
      json.key("confidence")
      json.int(activity.confidence)
      json.raw("}")
    }
    if let event = location.event {
      json.raw(",")
      json.key("event")
      json.string(event.rawValue)
    }
    json.raw("}")
  }

  /// One location's JSON object as bytes.
  public static func encode(_ location: CalmGeoLocation) -> [UInt8] {
    var json = JSONBytes(reservingCapacity: 420)
    write(location, into: &json)
    return json.bytes
  }

  /// A request body: a compact JSON array of the records, as `JSONEncoder` writes `[CalmGeoLocation]`.
  public static func encodeBody<C: Collection>(_ locations: C) -> [UInt8] where C.Element == CalmGeoLocation {
    var json = JSONBytes(reservingCapacity: 2 + locations.count * 420)
    json.raw("[")
    var first = true
    for location in locations {
      if !first { json.raw(",") }
      first = false
      write(location, into: &json)
    }
    json.raw("]")
    return json.bytes
  }

  /// A stored value, or -1 (Core Location's "unknown") when absent.
  @inline(__always) static func known(_ value: Float) -> Float { value.isNaN ? -1 : value }
}
