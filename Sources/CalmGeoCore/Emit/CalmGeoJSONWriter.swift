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
    write(location, into: &json, omittingCoords: false)
  }

  /// A location's encoded length, `encode(location).count`, given the length of its
  /// `coords` object (`coordsByteCount(_:)`, which depends on the fix alone and so can be
  /// counted once per fix and shared by every replay of a track). `scratch` is reused.
  public static func byteCount(
    _ location: CalmGeoLocation, coordsBytes: Int, scratch: inout JSONBytes
  ) -> Int {
    // The id (36) and timestamp (24) have fixed lengths: only isMoving and the optional
    // activity and event vary beside the coords.
    var count = headBytes + (location.isMoving ? 4 : 5) + coordsBytes
    if location.activity != nil || location.event != nil {
      scratch.bytes.removeAll(keepingCapacity: true)
      writeTail(location, into: &scratch)
      count += scratch.bytes.count
    }
    return count
  }

  /// A record's length without coords, activity and event, less its `isMoving` value.
  private static let headBytes: Int = {
    let fix = Fix(time: 0, latitude: 0, longitude: 0)
    let location = CalmGeoLocation(
      id: LocationID(seed: 0, time: 0, occurrence: 0), sequence: 0, isMoving: true, event: nil, activity: nil, fix: fix)
    var json = JSONBytes()
    write(location, into: &json, omittingCoords: true)
    return json.bytes.count - 4
  }()

  /// The length of a fix's `coords` object as `write` encodes it. `scratch` is reused.
  public static func coordsByteCount(_ fix: Fix, scratch: inout JSONBytes) -> Int {
    scratch.bytes.removeAll(keepingCapacity: true)
    writeCoords(fix, into: &scratch)
    return scratch.bytes.count
  }

  private static func write(_ location: CalmGeoLocation, into json: inout JSONBytes, omittingCoords: Bool) {
    let fix = location.fix
    json.raw("{\"id\":\"")
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      location.id.write(into: buffer.baseAddress!)
      json.bytes.append(contentsOf: buffer)
    }
    json.raw("\",\"timestamp\":\"")
    json.iso8601(fix.time)
    json.raw(location.isMoving ? "\",\"isMoving\":true,\"coords\":" : "\",\"isMoving\":false,\"coords\":")
    if !omittingCoords { writeCoords(fix, into: &json) }
    writeTail(location, into: &json)
    json.raw("}")
  }

  /// A record's optional activity and event members.
  private static func writeTail(_ location: CalmGeoLocation, into json: inout JSONBytes) {
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
  }

  /// A fix's `coords` object (`CalmGeoCoords`, then its `timestamp`). Each key is written
  /// with the punctuation around it as one literal: a third of the appends of writing them apart.
  private static func writeCoords(_ fix: Fix, into json: inout JSONBytes) {
    json.raw("{\"latitude\":")
    json.double(fix.latitude)
    json.raw(",\"longitude\":")
    json.double(fix.longitude)
    json.raw(",\"accuracy\":")
    json.double(known(fix.storedHorizontalAccuracy))
    json.raw(",\"speed\":")
    json.double(known(fix.storedSpeed))
    json.raw(",\"speedAccuracy\":")
    json.double(known(fix.storedSpeedAccuracy))
    json.raw(",\"heading\":")
    json.double(known(fix.storedCourse))
    json.raw(",\"headingAccuracy\":-1,\"altitude\":")
    json.double(known(fix.storedAltitude))
    json.raw(",\"altitudeAccuracy\":")
    json.double(known(fix.storedVerticalAccuracy))
    json.raw(",\"ellipsoidalAltitude\":")
    json.double(known(fix.storedAltitude))
    json.raw(",\"timestamp\":")
    json.double(Double(fix.time - referenceDateMillis) / 1000)
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
  @inline(__always) static func known(_ value: Double) -> Double { value.isNaN ? -1 : value }
}
