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

  /// The length of a fix's `coords` object as `write` encodes it (`scratch` is no longer used: the
  /// length is counted from the numbers' lengths, nothing is written).
  public static func coordsByteCount(_ fix: Fix, scratch: inout JSONBytes) -> Int {
    coordsKeyBytes + JSONText.length(fix.latitude) + JSONText.length(fix.longitude)
      + JSONText.knownLength(fix.storedHorizontalAccuracy) + JSONText.knownLength(fix.storedSpeed)
      + JSONText.knownLength(fix.storedSpeedAccuracy) + JSONText.knownLength(fix.storedCourse)
      + 2 * JSONText.knownLength(fix.storedAltitude) + JSONText.knownLength(fix.storedVerticalAccuracy)
      + JSONText.length(Double(fix.time - referenceDateMillis) / 1000)
  }

  /// The bytes of a `coords` object besides its numbers (`writeCoords`'s keys and punctuation,
  /// `headingAccuracy`'s -1 included): a coords object of single-digit numbers less its nine numbers
  /// (altitude written twice).
  private static let coordsKeyBytes: Int = {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headAndCoordsCapacity) { buffer in
      var text = JSONText(buffer.baseAddress!)
      writeCoords(Fix(time: referenceDateMillis, latitude: 0, longitude: 0), into: &text)
      // Latitude, longitude and the time are "0"; the six absent values and the repeated altitude "-1".
      return text.count - 3 - 7 * 2
    }
  }()

  /// The length of `fix`'s `coords` object, written (what `coordsByteCount` counts; for tests).
  package static func writtenCoordsByteCount(_ fix: Fix) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headAndCoordsCapacity) { buffer in
      var text = JSONText(buffer.baseAddress!)
      writeCoords(fix, into: &text)
      return text.count
    }
  }

  /// The most a record's head (id, timestamp, isMoving) and coords take: 110 bytes of text
  /// and ids, 164 of coords keys, 9 numbers.
  private static var headAndCoordsCapacity: Int { 300 + 9 * JSONText.maxNumberBytes }

  private static func write(_ location: CalmGeoLocation, into json: inout JSONBytes, omittingCoords: Bool) {
    // The head and the coords assembled in one buffer and appended at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headAndCoordsCapacity) { buffer in
      var text = JSONText(buffer.baseAddress!)
      writeHead(location, into: &text, omittingCoords: omittingCoords)
      json.bytes.append(contentsOf: text.written)
    }
    writeTail(location, into: &json)
    json.raw("}")
  }

  /// The most `writeHead(_:into:)` writes.
  package static var headCapacity: Int { headAndCoordsCapacity }

  /// A record's text up to the end of its coords, as `write` starts it, at `out` (which has room
  /// for `headCapacity` bytes); returns the bytes written. The record goes on with its tail
  /// (`writeTail`, nothing unless `hasTail`) and `}`. For writers that assemble records in
  /// their own buffers (a file's), without a `JSONBytes` between.
  package static func writeHead(_ location: CalmGeoLocation, into out: UnsafeMutablePointer<UInt8>) -> Int {
    var text = JSONText(out)
    writeHead(location, into: &text, omittingCoords: false)
    return text.count
  }

  /// `writeHead(_:into:)` for a stream of records, the timestamps' dates worked out once a day.
  package static func writeHead(
    _ location: CalmGeoLocation, into out: UnsafeMutablePointer<UInt8>, days: inout ISO8601Days
  ) -> Int {
    var text = JSONText(out)
    writeHead(location, into: &text, omittingCoords: false, days: &days)
    return text.count
  }

  /// Whether a record has members after its coords (activity, event).
  @inline(__always)
  package static func hasTail(_ location: CalmGeoLocation) -> Bool {
    location.activity != nil || location.event != nil
  }

  @inline(__always)
  private static func writeHead(_ location: CalmGeoLocation, into text: inout JSONText, omittingCoords: Bool) {
    var days = ISO8601Days()
    writeHead(location, into: &text, omittingCoords: omittingCoords, days: &days)
  }

  @inline(__always)
  private static func writeHead(
    _ location: CalmGeoLocation, into text: inout JSONText, omittingCoords: Bool, days: inout ISO8601Days
  ) {
    let fix = location.fix
    text.raw("{\"id\":\"")
    location.id.write(into: text.position)
    text.advance(by: 36)
    text.raw("\",\"timestamp\":\"")
    UTCTime.writeISO8601(fix.time, into: text.position, days: &days)
    text.advance(by: 24)
    text.raw(location.isMoving ? "\",\"isMoving\":true,\"coords\":" : "\",\"isMoving\":false,\"coords\":")
    if !omittingCoords { writeCoords(fix, into: &text) }
  }

  /// A record's optional activity and event members.
  package static func writeTail(_ location: CalmGeoLocation, into json: inout JSONBytes) {
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
  /// with the punctuation around it as one literal: a third of the writes of writing them apart.
  private static func writeCoords(_ fix: Fix, into text: inout JSONText) {
    text.raw("{\"latitude\":")
    text.double(fix.latitude)
    text.raw(",\"longitude\":")
    text.double(fix.longitude)
    text.raw(",\"accuracy\":")
    text.known(fix.storedHorizontalAccuracy)
    text.raw(",\"speed\":")
    text.known(fix.storedSpeed)
    text.raw(",\"speedAccuracy\":")
    text.known(fix.storedSpeedAccuracy)
    text.raw(",\"heading\":")
    text.known(fix.storedCourse)
    text.raw(",\"headingAccuracy\":-1,\"altitude\":")
    let altitudeStart = text.count
    text.known(fix.storedAltitude)
    let altitudeBytes = text.count - altitudeStart
    text.raw(",\"altitudeAccuracy\":")
    text.known(fix.storedVerticalAccuracy)
    // The same value as `altitude` (the library's quirk), so the same text.
    text.raw(",\"ellipsoidalAltitude\":")
    text.repeatWritten(from: altitudeStart, count: altitudeBytes)
    text.raw(",\"timestamp\":")
    text.double(Double(fix.time - referenceDateMillis) / 1000)
    text.raw("}")
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
