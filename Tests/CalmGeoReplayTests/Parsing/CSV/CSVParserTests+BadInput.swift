import Testing

@testable import CalmGeoReplay

// Bad rows, unusable files, and chunk boundaries: what is skipped, what stops, and the messages.
extension CSVParserTests {
  // MARK: Bad rows

  @Test(
    arguments: [
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,91.5,5.25\n",
        "track.csv:2:22: error: csv: latitude '91.5' is out of range", "bad_latitude"
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,60.5,-180.5\n",
        "track.csv:2:27: error: csv: longitude '-180.5' is out of range", "bad_longitude"
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,60.5,5,25\n",  // a decimal comma in a comma file: lon is '5'
        nil, nil
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,sixty,5.25\n",
        "track.csv:2:22: error: csv: latitude 'sixty' is not a number", "bad_latitude"
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,49.07E,5.25\n",
        "track.csv:2:22: error: csv: latitude '49.07E' is not a number", "bad_latitude"
      ),
      (
        "time,lat,lon\n2024-13-01T07:03:12Z,60.5,5.25\n",
        "track.csv:2:1: error: csv: time '2024-13-01T07:03:12Z' is not a date-time "
          + "(expected ISO 8601 or Unix seconds/milliseconds)", "bad_time"
      ),
      (
        "time,lat,lon\n,60.5,5.25\n",
        "track.csv:2:1: error: csv: time is empty (column 'time')", "missing_field"
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,,5.25\n",
        "track.csv:2:22: error: csv: latitude is empty (column 'lat')", "missing_field"
      ),
      (
        "time,lat,lon\n2024-05-01T07:03:12Z,60.5\n",
        "track.csv:2: error: csv: longitude is missing: the row has 2 fields and 'lon' is field 3", "missing_field"
      ),
      (
        "time, lat, lon\n2024-05-01T07:03:12Z,    91.5, 5.25\n",  // the column is where the value starts
        "track.csv:2:26: error: csv: latitude '91.5' is out of range", "bad_latitude"
      ),
      (
        "time,name,lat,lon\n2024-05-01T07:03:12Z,Bergen é,91.5,5.25\n",  // columns count Unicode scalars
        "track.csv:2:31: error: csv: latitude '91.5' is out of range", "bad_latitude"
      ),
      (
        "time,note,lat,lon\n2024-05-01T07:03:12Z,\"a\nb\",91.5,5.25\n",  // after a quoted line break
        "track.csv:3:4: error: csv: latitude '91.5' is out of range", "bad_latitude"
      ),
      (
        "DATE,TIME,lat,lon\n2005/13/01,10:12:47,60.5,5.25\n",
        "track.csv:2:1: error: csv: date '2005/13/01' is not a date "
          + "(expected YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, YYMMDD or DD.MM.YYYY)", "bad_time"
      ),
      (
        "DATE,TIME,lat,lon\n2005/05/01,10:72:47,60.5,5.25\n",
        "track.csv:2:12: error: csv: time of day '10:72:47' is not a time of day "
          + "(expected HH:MM[:SS[.fff]] or HHMMSS)", "bad_time"
      ),
      (
        "Lcl Date,Lcl Time,UTCOfst,lat,lon\n2014-03-29,22:50:22,+25:00,60.5,5.25\n",
        "track.csv:2:21: error: csv: UTC offset '+25:00' is not an offset (expected ±HH:MM or hours)", "bad_time"
      ),
      (
        "LATITUDE,N/S,LONGITUDE,E/W,time\n51.3,X,12.4,E,2024-05-01T07:03:12Z\n",
        "track.csv:2:6: error: csv: latitude hemisphere 'X' is not N or S", "bad_latitude"
      ),
      (
        "GPSWeek,GPSSecondsOfWeek,lat,lon\n1900,604800.5,60.5,5.25\n",
        "track.csv:2:6: error: csv: GPS seconds of week '604800.5' is out of range", "bad_time"
      ),
      (
        "millisSinceGpsEpoch,lat,lon\n12e5,60.5,5.25\n",
        "track.csv:2:1: error: csv: GPS milliseconds '12e5' is not a whole number of milliseconds", "bad_time"
      ),
      (
        "time,note,lat,lon\n2024-05-01T07:03:12Z,\"never closed,60.5,5.25\n",
        "track.csv:2: error: csv: a quoted field is not closed before the end of the file", "bad_quote"
      ),
    ] as [(String, String?, String?)])
  func skipsAndReportsBadRows(text: String, message: String?, key: String?) throws {
    let result = try CSVTestSupport.parse(text)
    #expect(CSVTestSupport.problems(result) == (message.map { [$0] } ?? []))
    #expect(result.diagnostics.skipped == (key.map { [$0: 1] } ?? [:]))
    #expect(result.fixes.count == (message == nil ? 1 : 0))
    #expect(result.diagnostics.recordsRead == 1)
  }

  @Test func countsSkippedRowsByReasonAndKeepsTheGoodOnes() throws {
    let text = """
      time,lat,lon,speed
      2024-05-01T07:03:12Z,60.5,5.25,1
      2024-05-01T07:03:13Z,95,5.25,1
      2024-05-01T07:03:14Z,60.5,5.25,x
      garbage
      2024-05-01T07:03:15Z,-95,5.25,1
      2024-05-01T07:03:16Z,60.5,5.25,2
      """
    let result = try CSVTestSupport.parse(text)
    // Line 4's bad speed is optional: the fix is kept with its speed unknown (issue 12 item 6).
    #expect(result.fixes.map(\.line) == [2, 4, 7])
    #expect(result.fixes[1].speed == nil)
    #expect(result.diagnostics.recordsRead == 6)
    #expect(result.diagnostics.skipped == ["bad_latitude": 2, "missing_field": 1])
    #expect(result.diagnostics.ignored["unreadable_speed"] == 1)
    #expect(result.diagnostics.firstProblems.map(\.location.line) == [3, 5, 6])
  }

  @Test func strictModeThrowsAtTheFirstBadRow() {
    let text =
      "time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25\n2024-05-01T07:03:13Z,91.5,5.25\n"
      + "2024-05-01T07:03:14Z,sixty,5.25\n"
    #expect(
      throws: ParseError(
        format: "csv", location: SourceLocation(file: "track.csv", line: 3, column: 22), key: "bad_latitude",
        reason: "latitude '91.5' is out of range")
    ) {
      try CSVTestSupport.parse(text, strict: true)
    }
    do {
      _ = try CSVTestSupport.parse(text, strict: true)
    } catch {
      #expect(error.description == "track.csv:3:22: error: csv: latitude '91.5' is out of range")
    }
  }

  // MARK: Unusable files

  @Test(arguments: [
    (
      "time,x,y\n2024-05-01T07:03:12Z,60.5,5.25\n",
      "track.csv:1: error: csv: no latitude column in the header (found 'time', 'x', 'y'); accepted names "
        + "(any case, words split by space, '_' or camelCase, units in brackets ignored): latitude: lat, "
        + "latitude, latitude_n_s, lat_n_s, gps_latitude, gps_lat, location_latitude, position_lat; longitude: "
        + "lon, lng, long, longitude, longitude_e_w, lon_e_w, lng_e_w, long_e_w, gps_longitude, gps_lon, gps_lng, "
        + "location_longitude, position_long, position_lon; or name the columns with --column lat=NAME --column lon=NAME (and --column time=NAME), and skip lines above the header with --skip-lines N"
    ),
    (
      "# no header\n2024-05-01T07:03:12Z,60.5,5.25\n",
      "track.csv:2: error: csv: no latitude column in the header (found '2024-05-01T07:03:12Z', '60.5', "
        + "'5.25'); accepted names (any case, words split by space, '_' or camelCase, units in brackets "
        + "ignored): latitude: lat, latitude, latitude_n_s, lat_n_s, gps_latitude, gps_lat, location_latitude, "
        + "position_lat; longitude: lon, lng, long, longitude, longitude_e_w, lon_e_w, lng_e_w, long_e_w, "
        + "gps_longitude, gps_lon, gps_lng, location_longitude, position_long, position_lon; or name the columns with --column lat=NAME --column lon=NAME (and --column time=NAME), and skip lines above the header with --skip-lines N"
    ),
    (
      "lat,lon\n60.5,5.25\n",
      "track.csv:1: error: csv: no time column in the header (found 'lat', 'lon'); accepted: time, timestamp, "
        + "date_time, datetime, utc, time_utc, utc_time, timestamp_utc, or date + time, lcl_date + lcl_time "
        + "[+ utc_ofst], millisSinceGpsEpoch, or gps_week + gps_seconds_of_week; or name it with --column time=NAME"
    ),
    ("", "track.csv: error: csv: the file is empty: no header row"),
    ("\n\n  \n", "track.csv: error: csv: the file is empty: no header row"),
    ("# only\n# comments\n", "track.csv: error: csv: no header row after the comment lines"),
  ])
  func rejectsFilesWithoutAUsableHeader(text: String, message: String) {
    do {
      let result = try CSVTestSupport.parse(text)
      Issue.record("parsed \(result.fixes.count) fixes")
    } catch {
      #expect(error.description == message)
      #expect(error.isFatal)
      #expect(error.key == "bad_header")
    }
  }

  /// An optional value that cannot be read leaves that value unknown, counted per column;
  /// the fix is kept (issue 12 item 6: one bad altitude used to drop every fix).
  @Test(arguments: [
    ("time,lat,lon,speed\n2024-05-01T07:03:12Z,60.5,5.25,fast\n", "unreadable_speed"),
    ("time,lat,lon,sats\n2024-05-01T07:03:12Z,60.5,5.25,many\n", "unreadable_satellites"),
    ("time,lat,lon,ele\n2024-05-01T07:03:12Z,60.5,5.25,12 parsecs\n", "unreadable_altitude"),
  ])
  func badOptionalValuesAreUnknown(text: String, key: String) throws {
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.count == 1)
    #expect(result.diagnostics.skipped.isEmpty)
    #expect(result.diagnostics.ignored[key] == 1)
  }

  /// Numbers followed by a unit the field takes (GPSBabel's MTK CSV).
  @Test func unitsInCells() throws {
    let result = try CSVTestSupport.parse(
      "time,lat,lon,ele,speed\n2024-05-01T07:03:12Z,60.5,5.25,374.812 m,0.865 km/h\n"
        + "2024-05-01T07:03:13Z,60.5,5.25,100 ft,10 mph\n")
    #expect(result.fixes.count == 2)
    #expect(abs(result.fixes[0].altitude! - 374.812) < 1e-4)
    #expect(abs(result.fixes[0].speed! - 0.865 / 3.6) < 1e-6)  // 0.24027… m/s
    #expect(abs(result.fixes[1].altitude! - 30.48) < 1e-4)  // 100 · 0.3048
    #expect(abs(result.fixes[1].speed! - 4.4704) < 1e-5)  // 10 · 1609.344 / 3600
  }

  @Test func rejectsAnUnknownTimeFormat() {
    do {
      _ = try CSVTestSupport.parse("time,lat,lon\n", timeFormat: "%Q")
      Issue.record("no error")
    } catch {
      #expect(
        error.description == "track.csv: error: csv: unknown time format '%Q'; expected auto, iso8601, "
          + "unix, unix_ms, unix_us, unix_ns, or a pattern with %Y %m %d %H %M %S %f %z (e.g. '%d/%m/%Y %H:%M:%S')")
      #expect(error.isFatal)
    }
  }

  @Test func rejectsUTF16() {
    let bytes: [UInt8] = [0xFF, 0xFE] + Array("time,lat,lon".utf8).flatMap { [$0, 0] }
    #expect(throws: ParseError.self) { try CSVTestSupport.parse(bytes: bytes) }
  }

  // MARK: Chunk boundaries

  /// A file with every feature that could be split badly: a BOM, comments, CRLF and LF,
  /// quotes with delimiters and line breaks, NUL padding, a bad row and no final newline.
  private static let everything: [UInt8] =
    [0xEF, 0xBB, 0xBF]
    + Array(
      ("# logger: test\r\n"
        + "# ,,,deg,deg\r\n"
        + "time,\"name, with comma\",lat,lon,speed_kmh,sats\r\n"
        + "2024-05-01T07:03:12Z,\"say \"\"hi\"\"\",60.5,5.25,36,7\r\n"
        + "2024-05-01T07:03:13.250Z,\"two\r\nlines\",60.50001,5.25001,\"18\",8(12)\r\n"
        + "\r\n"
        + "1714546994,plain,60.50002,5.25002,,\n"
        + "2024-05-01T07:03:15Z,bad,91,5.25,1,1\n"
        + "2024-05-01T07:03:16+01:00,late,-33.9,151.2,0.5,\u{0}\u{0}\n"
        + "2024-05-01T07:03:17Z,é,60.50003N,5.25003E,1e1,12").utf8)

  @Test func chunkBoundariesDoNotChangeTheResult() throws {
    let whole = try CSVTestSupport.parse(bytes: Self.everything)
    #expect(whole.fixes.count == 5)
    #expect(whole.diagnostics.skipped == ["bad_latitude": 1])
    for chunk in Array(1...80) + [97, 128, 500, 4096] {
      let split = try CSVTestSupport.parse(bytes: Self.everything, maxChunk: chunk)
      #expect(split.fixes == whole.fixes, "chunk \(chunk)")
      #expect(split.diagnostics == whole.diagnostics, "chunk \(chunk)")
    }
  }

  @Test func theEverythingFileReadsAsWrittenByHand() throws {
    let result = try CSVTestSupport.parse(bytes: Self.everything)
    // speed_kmh 36 → 10 m/s, 18 → 5 m/s, 1e1 → 10 km/h = 2.777… m/s.
    var first = csvFix(csvAnchor, 60.5, 5.25, line: 4)
    first.speed = 10
    first.satellites = 7
    var second = csvFix(csvAnchor + 1250, 60.50001, 5.25001, line: 5)
    second.speed = 5
    second.satellites = 8
    let third = csvFix(csvAnchor + 2000, 60.50002, 5.25002, line: 8)
    // 07:03:16+01:00 is 06:03:16Z: 4 s after the anchor minus one hour.
    var fifth = csvFix(csvAnchor + 4000 - 3_600_000, -33.9, 151.2, line: 10)
    fifth.speed = 0.5 / 3.6
    var sixth = csvFix(csvAnchor + 5000, 60.50003, 5.25003, line: 11)
    sixth.speed = 10 / 3.6
    sixth.satellites = 12
    #expect(result.fixes == [first, second, third, fifth, sixth])
    #expect(CSVTestSupport.problems(result) == ["track.csv:9:26: error: csv: latitude '91' is out of range"])
    #expect(result.diagnostics.ignored == ["comment": 2, "header": 1])
  }
}
