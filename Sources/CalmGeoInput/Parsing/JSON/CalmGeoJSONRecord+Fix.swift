extension CalmGeoJSONRecord {
  /// Why a record gives no fix: its kind and a message.
  struct Problem: Error, Equatable {
    var problem: ParseProblem
    var reason: String
  }

  /// Seconds from 1970-01-01 to 2001-01-01, Foundation's reference date.
  static let referenceDateOffsetMillis: Int64 = 978_307_200_000

  /// The fix this record describes, its line set to `line`.
  ///
  /// The time is `coords.timestamp` (seconds since 2001, rounded to the millisecond)
  /// when present, else the top-level ISO `timestamp`. Negative speed, heading and
  /// accuracies are Core Location's "unknown" and leave the value absent. An altitude
  /// can be below sea level, so only exactly -1 (what CalmGeo and this tool's writer
  /// put for "unknown") leaves it absent; it is kept when only `altitudeAccuracy` is -1,
  /// so that the tool's own output reads back as it was written. `isMoving`, `event`,
  /// `id` and `ellipsoidalAltitude` are not part of a fix: the replay computes its own.
  func fix(line: Int) throws(Problem) -> Fix {
    guard let coords else { throw Problem(problem: .missingField, reason: "record has no coords") }
    guard let latitude = coords.latitude else {
      throw Problem(problem: .missingField, reason: "record has no coords.latitude")
    }
    guard let longitude = coords.longitude else {
      throw Problem(problem: .missingField, reason: "record has no coords.longitude")
    }
    guard latitude.isFinite, abs(latitude) <= 90 else {
      throw Problem(problem: .badLatitude, reason: "coords.latitude \(latitude) is out of range")
    }
    guard longitude.isFinite, abs(longitude) <= 180 else {
      throw Problem(problem: .badLongitude, reason: "coords.longitude \(longitude) is out of range")
    }
    let time: Int64
    if let seconds = coords.timestamp {
      guard seconds.isFinite, abs(seconds) < 1e13 else {
        throw Problem(problem: .badTime, reason: "coords.timestamp \(seconds) is not a time")
      }
      time = Int64((seconds * 1000).rounded()) + Self.referenceDateOffsetMillis
    } else if let text = timestamp {
      guard let parsed = ISO8601Parser.parse(text) else {
        throw Problem(problem: .badTime, reason: "timestamp '\(text.prefix(40))' is not ISO 8601")
      }
      time = parsed
    } else {
      throw Problem(problem: .missingField, reason: "record has neither coords.timestamp nor timestamp")
    }

    var fix = Fix(time: time, latitude: latitude, longitude: longitude, line: UInt32(clamping: line))
    func known(_ value: Double?) -> Double? {
      guard let value, value.isFinite, value >= 0 else { return nil }
      return value
    }
    fix.horizontalAccuracy = known(coords.accuracy)
    fix.speed = known(coords.speed)
    fix.speedAccuracy = known(coords.speedAccuracy)
    fix.course = known(coords.heading).map { $0.truncatingRemainder(dividingBy: 360) }
    fix.verticalAccuracy = known(coords.altitudeAccuracy)
    if let altitude = coords.altitude, altitude.isFinite, altitude != -1 {
      fix.altitude = altitude
    }
    fix.activity = activity?.type.flatMap { MotionActivity(logged: Substring($0)) }
    return fix
  }
}
