import Testing

@testable import CalmGeoReplay

struct CSVColumnMapTests {
  @Test(arguments: [
    ("lat", "lat"), ("Latitude", "latitude"), ("LclDate", "lcl_date"), ("Lcl Date", "lcl_date"),
    ("UTCOfst", "utc_ofst"), ("GPSSecondsOfWeek", "gps_seconds_of_week"), ("hDop", "h_dop"),
    ("heightAboveWgs84EllipsoidM", "height_above_wgs84_ellipsoid_m"), ("LATITUDE N/S", "latitude_n_s"),
    ("Latitude (GT Lat) [deg]", "latitude"), ("  speed_kmh ", "speed_kmh"), ("AltMSL", "alt_msl"),
    ("Heading (0° = East, counterclockwise) - (GT Heading) [rad]", "heading"), ("", ""),
  ])
  func reducesNamesToKeys(name: String, key: String) {
    #expect(CSVHeaderName(CSVHeaderName.trim(name)).key == key)
  }

  @Test func readsBracketsAndConventions() {
    let heading = CSVHeaderName("Heading (0° = East, counterclockwise) - (GT Heading) [rad]")
    #expect(heading.bracketed == ["0° = East, counterclockwise", "GT Heading", "rad"])
    #expect(heading.counterclockwiseFromEast)
    #expect(!CSVHeaderName("Heading [deg]").counterclockwiseFromEast)
  }

  /// ASCII names are read byte by byte, others character by character: both read alike.
  @Test func readsASCIIAndOtherNamesAlike() {
    let ascii = CSVHeaderName("GPSTime (ccw from East) [s")
    #expect(ascii.words == ["gps", "time"])
    #expect(ascii.bracketed == ["ccw from East", "s"])
    #expect(ascii.counterclockwiseFromEast)
    let other = CSVHeaderName("GPSTime (CCW° from east) [s")
    #expect(other.words == ["gps", "time"])
    #expect(other.bracketed == ["CCW° from east", "s"])
    #expect(other.counterclockwiseFromEast)
    // A combining mark makes its letter a character that is not a letter: a separator.
    #expect(CSVHeaderName("Lat\u{301}itude").words == ["la", "itude"])
    // A lower-case letter that is not ASCII still ends a run of capitals before it.
    #expect(CSVHeaderName("GPSé").words == ["gp", "s"])
    #expect(CSVHeaderName.trim(" \t\0 Höhe [m]\0 ") == "Höhe [m]")
  }

  /// Every alias the issue names, plus the corpus layouts' own spellings.
  @Test(
    arguments: [
      // time
      ("time", CSVField.time as CSVField?), ("Timestamp", .time), ("date_time", .time), ("DateTime", .time),
      ("UTC", .time), ("date", .date), ("Lcl Date", .localDate), ("Lcl Time", .localTime),
      ("UTCOfst", .utcOffset), ("millisSinceGpsEpoch", .gpsMillis), ("GPSWeek [weeks]", .gpsWeek),
      ("GPSSecondsOfWeek [s]", .gpsSecondsOfWeek), ("unix_time", .time), ("timestamp_ms", .time),
      // position
      ("lat", .latitude), ("Latitude", .latitude), ("LATITUDE N/S", .latitude), ("latDeg", .latitude),
      ("Latitude (GT Lat) [deg]", .latitude), ("lon", .longitude), ("lng", .longitude), ("long", .longitude),
      ("Longitude", .longitude), ("LONGITUDE E/W", .longitude), ("lngDeg", .longitude),
      ("N/S", .latitudeHemisphere), ("E/W", .longitudeHemisphere),
      // altitude
      ("ele", .altitude), ("elevation", .altitude), ("alt", .altitude), ("altitude", .altitude),
      ("HEIGHT", .altitude), ("AltMSL", .altitude), ("altitude_ft", .altitude),
      ("heightAboveWgs84EllipsoidM", .altitude), ("Height above ellipsoid (GT Height) [m]", .altitude),
      ("geoidheight", .geoidSeparation),
      // speed and course
      ("speed", .speed), ("speed_kmh", .speed), ("kph", .speed), ("speed_kn", .speed), ("knots", .speed),
      ("speedMps", .speed), ("GndSpd", .speed), ("Velocity (GT Velocity) [m/s]", .speed),
      ("course", .course), ("bearing", .course), ("heading", .course), ("track", .course), ("TRK", .course),
      ("courseDegree", .course), ("HDG", .course),
      // accuracy, DOP, satellites
      ("accuracy", .horizontalAccuracy), ("hacc", .horizontalAccuracy), ("horizontal_accuracy", .horizontalAccuracy),
      ("Horizontal Accuracy", .horizontalAccuracy), ("vacc", .verticalAccuracy), ("speed_accuracy", .speedAccuracy),
      ("hdop", .hdop), ("hDop", .hdop), ("VDOP", .vdop), ("pdop", .pdop), ("sats", .satellites),
      ("satellites", .satellites), ("NSAT (USED/VIEW)", .satellites), ("VALID", .valid),
      // not used
      ("Latitude Cov (GT Lat) [deg]", nil), ("timeSinceFirstFixSeconds", nil), ("AltB", nil), ("CRS", nil),
      ("E1 CHT1", nil), ("VAL", nil), ("battery", nil), ("provider", nil), ("Velocity Cov (GT Velocity) [m/s]", nil),
      ("Measurement time of week (rcvTow) [s]", nil), ("DISTANCE", nil), ("", nil),
    ] as [(String, CSVField?)])
  func mapsAliases(name: String, field: CSVField?) {
    #expect(CSVColumnMap.lookup(CSVHeaderName(name))?.entry.field == field)
  }

  /// Builds a map for `time,lat,lon,<name>` and returns the column that `name` became.
  private func valueColumn(_ name: String, units: [String]? = nil) throws -> CSVColumnMap.Column {
    let map = try CSVColumnMap(header: ["time", "lat", "lon", name], units: units)
    return try #require(map.values.first { $0.index == 3 })
  }

  @Test(
    arguments: [
      ("speed", CSVUnit?.none, 1.0),
      ("speed_kmh", .kilometresPerHour, 1 / 3.6),  // 1 km/h = 1000 m / 3600 s
      ("Speed (km/h)", .kilometresPerHour, 1 / 3.6),
      ("kph", .kilometresPerHour, 1 / 3.6),
      ("speed_kn", .knots, 1852.0 / 3600),  // 1 kn = 1852 m / 3600 s = 0.51444 m/s
      ("knots", .knots, 1852.0 / 3600),
      ("speed_mph", .milesPerHour, 0.44704),  // 1609.344 m / 3600 s
      ("speedMps", .metresPerSecond, 1.0),
      ("Velocity (GT Velocity) [m/s]", .metresPerSecond, 1.0),
      ("ele_ft", .feet, 0.3048),
      ("altitude [ft]", .feet, 0.3048),
      ("heightAboveWgs84EllipsoidM", .metres, 1.0),
      ("bearing [rad]", .radians, 180 / Double.pi),
      ("courseDegree", .degrees, 1.0),
    ] as [(String, CSVUnit?, Double)])
  func readsUnitsFromNames(name: String, unit: CSVUnit?, factor: Double) throws {
    let column = try valueColumn(name)
    #expect(column.unit == unit)
    #expect(abs(column.factor - factor) < 1e-15)
  }

  @Test func readsUnitsFromTheLineAboveTheHeader() throws {
    // The G1000 writes a `#` line of units, one per column.
    let map = try CSVColumnMap(
      header: ["Lcl Date", "Lcl Time", "UTCOfst", "Latitude", "Longitude", "AltMSL", "GndSpd"],
      units: ["yyy-mm-dd", "hh:mm:ss", "hh:mm", "degrees", "degrees", "ft msl", "kt"])
    #expect(map.values.map(\.unit) == [.feet, .knots])
    #expect(map.layout == .garminG1000)
  }

  @Test(
    arguments: [
      (
        "INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W,HEIGHT,SPEED,HEADING", CSVLayout.columbus,
        CSVUnit?.some(.kilometresPerHour)
      ),
      ("INDEX,RCR,DATE,TIME,VALID,LATITUDE,N/S,LONGITUDE,E/W,HEIGHT,SPEED,DISTANCE,", .iBlue747, .kilometresPerHour),
      ("Lcl Date,Lcl Time,UTCOfst,AtvWpt,Latitude,Longitude,AltB,BaroA,AltMSL,OAT,IAS,GndSpd", .garminG1000, .knots),
      ("time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider", .gpsLogger, nil),
      ("collectionName,phoneName,millisSinceGpsEpoch,latDeg,lngDeg,speedMps", .gsdcGroundTruth, .metresPerSecond),
      (
        "GPSWeek [weeks];GPSSecondsOfWeek [s];Longitude (GT Lon) [deg];Latitude (GT Lat) [deg];Velocity (GT Velocity) [m/s]",
        .smartLoc, .metresPerSecond
      ),
      ("time,lat,lon,speed", .generic, nil),
    ] as [(String, CSVLayout, CSVUnit?)])
  func detectsLayoutsAndTheirSpeedUnit(header: String, layout: CSVLayout, speedUnit: CSVUnit?) throws {
    let names =
      header.contains(";")
      ? header.split(separator: ";").map(String.init)
      : header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let map = try CSVColumnMap(header: names)
    #expect(map.layout == layout)
    let speed = try #require(map.values.first { $0.field == .speed })
    #expect(speed.unit == speedUnit)
  }

  @Test func prefersTrackOverHeadingAndSeaLevelOverEllipsoid() throws {
    let map = try CSVColumnMap(header: ["time", "Latitude", "Longitude", "HDG", "TRK", "AltGPS", "AltMSL"])
    #expect(map.values.map(\.index) == [4, 6])
    #expect(map.values.map(\.field) == [.course, .altitude])
  }

  @Test func leftmostOfEqualNamesWins() throws {
    let map = try CSVColumnMap(header: ["time", "lat", "lon", "speed_kmh", "speed"])
    #expect(map.values.map(\.index) == [3])
  }

  @Test(arguments: [
    ("time,lat,lon", "single(time)"),
    ("time [ms],lat,lon", "single(time) unix(milliseconds)"),
    ("date,time,lat,lon", "split(date, time of day)"),
    ("DATE,TIME,LATITUDE N/S,LONGITUDE E/W", "split(date, time of day)"),
    ("date,lat,lon", "single(date)"),
    ("Lcl Date,Lcl Time,UTCOfst,Latitude,Longitude", "local(local date, local time, UTC offset)"),
    ("Lcl Date,Lcl Time,Latitude,Longitude", "local(local date, local time)"),
    ("millisSinceGpsEpoch,latDeg,lngDeg", "gpsMillis"),
    ("GPSWeek,GPSSecondsOfWeek,Latitude,Longitude", "gpsWeek"),
  ])
  func picksTimeColumns(header: String, expected: String) throws {
    let map = try CSVColumnMap(header: header.split(separator: ",").map(String.init))
    let described: String
    switch map.time {
    case .single(let c, .auto): described = "single(\(c.field.label))"
    case .single(let c, .unix(let unit)): described = "single(\(c.field.label)) unix(\(unit))"
    case .single(let c, _): described = "single(\(c.field.label)) other"
    case .split(let d, let t, _): described = "split(\(d.field.label), \(t.field.label))"
    case .local(let d, let t, let o, _):
      described = "local(\(d.field.label), \(t.field.label)\(o.map { ", \($0.field.label)" } ?? ""))"
    case .gpsMillis: described = "gpsMillis"
    case .gpsWeek: described = "gpsWeek"
    }
    #expect(described == expected)
  }

  @Test func explicitTimeFormatAppliesToTheTimeColumn() throws {
    let pattern = try #require(CSVTimePattern("%d/%m/%Y %H:%M:%S"))
    let map = try CSVColumnMap(header: ["time", "lat", "lon"], timeFormat: .pattern(pattern))
    #expect(map.time == .single(map.time.firstColumn, .pattern(pattern)))
  }

  @Test func lastIndexStopsAtTheLastUsedColumn() throws {
    let map = try CSVColumnMap(header: ["a", "time", "lat", "b", "lon", "c", "d"])
    #expect(map.lastIndex == 4)
  }

  @Test func headerWithoutTimeIsAProblem() {
    #expect(
      throws: CSVColumnMap.Problem(
        key: "bad_header",
        reason: "no time column in the header (found 'lat', 'lon', 'ele'); accepted: time, timestamp, date_time, "
          + "datetime, utc, time_utc, utc_time, timestamp_utc, or date + time, lcl_date + lcl_time [+ utc_ofst], "
          + "millisSinceGpsEpoch, or gps_week + gps_seconds_of_week; or name it with --column time=NAME")
    ) {
      try CSVColumnMap(header: ["lat", "lon", "ele"])
    }
  }
}

extension CSVColumnMap.TimeSource {
  /// The first column of the source (for tests).
  var firstColumn: CSVColumnMap.Column {
    switch self {
    case .single(let c, _), .gpsMillis(let c), .split(let c, _, _), .local(let c, _, _, _), .gpsWeek(let c, _):
      return c
    }
  }
}
