/// The column names the CSV reader understands, per field, in order of preference.
///
/// Names are matched by their `CSVHeaderName.key` (case-insensitive words joined by
/// `_`), first as written and then without a trailing unit word. When several columns
/// name the same field, the one whose name comes first in the list wins (so a G1000's
/// `TRK`, the track over ground, beats its `HDG`, where the nose points); between
/// equal names the leftmost column wins.
package enum CSVAliases {
  /// One accepted name.
  package struct Entry: Sendable {
    package var field: CSVField
    /// Position in the field's list; lower is preferred.
    var rank: Int
    /// The unit the name itself implies (`kph`, `speed_kn`).
    var unit: CSVUnit?
  }

  /// The names per field, best first. A name followed by a unit in the table below it
  /// implies that unit.
  static let names: [(CSVField, [String])] = [
    (
      .time,
      [
        "time", "timestamp", "date_time", "datetime", "utc", "time_utc", "utc_time", "timestamp_utc",
        "datetime_utc", "date_time_utc", "gmt_time", "time_gmt", "time_stamp", "iso_time", "iso8601",
        "unix_time", "unixtime", "unix", "epoch", "epoch_time", "fix_time", "location_time",
      ]
    ),
    (.date, ["date", "utc_date", "date_utc", "gmt_date", "date_gmt"]),
    (.localDate, ["lcl_date", "local_date", "date_local"]),
    (.localTime, ["lcl_time", "local_time", "time_local"]),
    (
      .utcOffset,
      [
        "utc_ofst", "utc_offset", "utcofst", "utcoffset", "gmt_offset", "tz_offset", "timezone_offset",
        "time_zone_offset",
      ]
    ),
    (.gpsMillis, ["millis_since_gps_epoch", "ms_since_gps_epoch", "gps_millis", "gps_time_millis"]),
    (.gpsWeek, ["gps_week", "gpsweek", "week", "gps_week_number", "week_number", "wn"]),
    (
      .gpsSecondsOfWeek,
      [
        "gps_seconds_of_week", "gps_second_of_week", "seconds_of_week", "second_of_week", "gps_sow", "sow",
        "gps_tow", "tow", "time_of_week", "gps_time_of_week",
      ]
    ),
    (
      .latitude,
      [
        "lat", "latitude", "latitude_n_s", "lat_n_s", "gps_latitude", "gps_lat", "location_latitude", "position_lat",
      ]
    ),
    (
      .longitude,
      [
        "lon", "lng", "long", "longitude", "longitude_e_w", "lon_e_w", "lng_e_w", "long_e_w", "gps_longitude",
        "gps_lon", "gps_lng", "location_longitude", "position_long", "position_lon",
      ]
    ),
    (.latitudeHemisphere, ["n_s", "ns", "lat_hemisphere", "latitude_hemisphere", "lat_dir", "lat_ref"]),
    (.longitudeHemisphere, ["e_w", "ew", "lon_hemisphere", "longitude_hemisphere", "lon_dir", "lon_ref"]),
    (
      .altitude,
      [
        "ele", "elevation", "alt", "altitude", "alt_msl", "altitude_msl", "height_msl", "elevation_msl",
        "msl_altitude", "height", "gps_altitude", "gps_alt", "orthometric_height",
        // Ellipsoidal heights only when no height above sea level is given (no geoid model here).
      ] + ellipsoidalAltitudes
    ),
    (.geoidSeparation, ["geoidheight", "geoid_height", "geoid_separation", "geoid_sep", "geoid", "undulation"]),
    (
      .speed,
      [
        "speed", "spd", "velocity", "sog", "speed_over_ground", "ground_speed", "groundspeed", "gnd_spd",
        "gps_speed", "horizontal_speed", "kph", "kmh", "knots", "kn", "kt", "kts", "mph",
      ]
    ),
    (
      .course,
      [
        "course", "cog", "course_over_ground", "track", "trk", "true_track", "track_angle", "bearing", "heading",
        "hdg", "direction", "dir", "azimuth",
      ]
    ),
    (
      .horizontalAccuracy,
      [
        "accuracy", "hacc", "h_acc", "horizontal_accuracy", "horizontal_acc", "hor_acc", "haccuracy",
        "accuracy_horizontal", "acc", "eph", "hpe", "position_accuracy", "pos_acc",
      ]
    ),
    (
      .verticalAccuracy,
      [
        "vacc", "v_acc", "vertical_accuracy", "vertical_acc", "vert_acc", "vaccuracy", "altitude_accuracy",
        "accuracy_vertical", "epv",
      ]
    ),
    (.speedAccuracy, ["speed_accuracy", "speed_acc", "sacc", "s_acc"]),
    (.hdop, ["hdop", "h_dop"]),
    (.vdop, ["vdop", "v_dop"]),
    (.pdop, ["pdop", "p_dop"]),
    (
      .satellites,
      [
        "sats", "satellites", "sat", "nsat", "nsats", "n_sat", "num_sats", "numsats", "num_sat", "num_satellites",
        "satellites_used", "sats_used", "used_satellites", "sats_in_use", "satellite_count", "sat_count", "num_sv",
        "numsv", "svs",
      ]
    ),
    (.valid, ["valid", "fix_valid", "validity"]),
    (.activity, ["activity", "detected_activity", "activity_type", "motion_activity"]),
  ]

  /// Names of heights above the WGS84 ellipsoid rather than mean sea level (GSDC,
  /// smartLoc, the G1000's `AltGPS`). Used as the altitude when nothing better is given,
  /// and counted as `altitude_above_ellipsoid` (as the GnssLogger reader does).
  static let ellipsoidalAltitudes = [
    "height_above_ellipsoid", "height_above_wgs84_ellipsoid", "ellipsoid_height", "ellipsoidal_height",
    "ellipsoidal_altitude", "altitude_ellipsoid", "hae", "alt_gps",
  ]

  /// Units implied by a name on its own.
  static let impliedUnits: [String: CSVUnit] = [
    "kph": .kilometresPerHour, "kmh": .kilometresPerHour, "knots": .knots, "kn": .knots, "kt": .knots,
    "kts": .knots, "mph": .milesPerHour,
  ]

  /// Every accepted name.
  static let table: [String: Entry] = {
    var table: [String: Entry] = [:]
    for (field, list) in names {
      for (rank, name) in list.enumerated() where table[name] == nil {
        table[name] = Entry(field: field, rank: rank, unit: impliedUnits[name])
      }
    }
    return table
  }()

  /// The accepted names of `field`, for messages.
  static func accepted(_ field: CSVField) -> [String] {
    names.first { $0.0 == field }?.1 ?? []
  }
}
