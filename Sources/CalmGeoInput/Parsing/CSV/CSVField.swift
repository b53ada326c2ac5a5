/// A value that a CSV column can hold for a fix.
package enum CSVField: String, Sendable, CaseIterable {
  /// A whole date-time: ISO 8601, Unix seconds/milliseconds, or `--time-format`.
  case time
  /// The date half of split date + time columns.
  case date
  /// The time-of-day half of split date + time columns (a `time` column beside a `date`).
  case timeOfDay
  /// A local date (Garmin G1000 `Lcl Date`), made UTC with `utcOffset`.
  case localDate
  /// A local time of day (Garmin G1000 `Lcl Time`), made UTC with `utcOffset`.
  case localTime
  /// The offset of local time from UTC (`+02:00`, `-0700`, `-7`).
  case utcOffset
  /// Milliseconds since the GPS epoch, in GPS time (GSDC `millisSinceGpsEpoch`).
  case gpsMillis
  /// GPS week number, counted from 1980-01-06 without rollover.
  case gpsWeek
  /// Seconds into the GPS week, in GPS time.
  case gpsSecondsOfWeek
  case latitude
  case longitude
  /// `N` or `S` in a column of its own (iBlue 747).
  case latitudeHemisphere
  /// `E` or `W` in a column of its own (iBlue 747).
  case longitudeHemisphere
  case altitude
  case geoidSeparation
  case speed
  case course
  case horizontalAccuracy
  case verticalAccuracy
  case speedAccuracy
  case hdop
  case vdop
  case pdop
  case satellites
  /// A validity flag; `No fix` / `Invalid` rows carry no position.
  case valid
  /// A motion activity name (GPSLogger's `activity`), for `fetchActivity`.
  case activity

  /// The field a `--column ROLE=NAME` role names: a field's name or a common short
  /// form (`lat`, `lon`, `ele`, `accuracy`, `sats`); `nil` for anything else.
  static func role(_ text: String) -> CSVField? {
    let folded = text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
    let short: [String: CSVField] = [
      "lat": .latitude, "lon": .longitude, "lng": .longitude, "long": .longitude, "ele": .altitude, "alt": .altitude,
      "elevation": .altitude, "accuracy": .horizontalAccuracy, "hacc": .horizontalAccuracy, "vacc": .verticalAccuracy,
      "sats": .satellites, "bearing": .course, "heading": .course, "timestamp": .time, "datetime": .time,
    ]
    if let field = short[folded] { return field }
    return allCases.first { $0.rawValue.lowercased() == folded }
  }

  /// The words used for this field in messages (`latitude`, `horizontal accuracy`).
  package var label: String {
    switch self {
    case .timeOfDay: return "time of day"
    case .localDate: return "local date"
    case .localTime: return "local time"
    case .utcOffset: return "UTC offset"
    case .gpsMillis: return "GPS milliseconds"
    case .gpsWeek: return "GPS week"
    case .gpsSecondsOfWeek: return "GPS seconds of week"
    case .latitudeHemisphere: return "latitude hemisphere"
    case .longitudeHemisphere: return "longitude hemisphere"
    case .geoidSeparation: return "geoid separation"
    case .horizontalAccuracy: return "horizontal accuracy"
    case .verticalAccuracy: return "vertical accuracy"
    case .speedAccuracy: return "speed accuracy"
    case .hdop: return "HDOP"
    case .vdop: return "VDOP"
    case .pdop: return "PDOP"
    default: return rawValue
    }
  }

  /// The kind of problem of a row skipped for a bad value of this field. Only the time
  /// and position fields skip a row; a bad optional value is left unknown instead
  /// (counted as `unreadable_…`, from `badKey`), so the others never meet a row's problem.
  var problem: ParseProblem {
    switch self {
    case .time, .date, .timeOfDay, .localDate, .localTime, .gpsMillis, .gpsWeek, .gpsSecondsOfWeek: .badTime
    case .latitude, .latitudeHemisphere: .badLatitude
    case .longitude, .longitudeHemisphere: .badLongitude
    default: ParseProblem(badKey)
    }
  }

  /// The stats key of a bad value of this field (`bad_latitude`); `unreadable_` and its
  /// end count an optional value of this field left unknown (`unreadable_altitude`).
  var badKey: String {
    switch self {
    case .time, .date, .timeOfDay, .localDate, .localTime, .gpsMillis, .gpsWeek, .gpsSecondsOfWeek:
      return "bad_time"
    case .latitudeHemisphere: return "bad_latitude"
    case .longitudeHemisphere: return "bad_longitude"
    case .utcOffset: return "bad_utc_offset"
    case .geoidSeparation: return "bad_geoid_separation"
    case .horizontalAccuracy: return "bad_horizontal_accuracy"
    case .verticalAccuracy: return "bad_vertical_accuracy"
    case .speedAccuracy: return "bad_speed_accuracy"
    default: return "bad_\(rawValue)"
    }
  }
}
