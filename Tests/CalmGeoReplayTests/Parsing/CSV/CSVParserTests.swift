import Testing
@testable import CalmGeoReplay

/// 2024-05-01T07:03:12Z (see CSVTimeParserTests for the arithmetic).
private let anchor: Int64 = 1_714_546_992_000

/// A value as a `Fix` stores it (a `Float`), for comparing optional measurements.
private func stored(_ value: Double) -> Double { Double(Float(value)) }

private func fix(_ time: Int64, _ latitude: Double, _ longitude: Double, line: UInt32) -> Fix {
  Fix(time: time, latitude: latitude, longitude: longitude, line: line)
}

struct CSVParserTests {
  // MARK: Header names and delimiters

  @Test(arguments: [
    "time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25\n",
    "Timestamp,Latitude,Longitude\n2024-05-01T07:03:12Z,60.5,5.25\n",
    "TIME,LAT,LNG\n2024-05-01T07:03:12Z,60.5,5.25\n",
    "date_time;latitude;long\n2024-05-01T07:03:12Z;60.5;5.25\n",
    "utc\tlatDeg\tlngDeg\n2024-05-01T07:03:12Z\t60.5\t5.25\n",
    "DateTime , Latitude [deg] , Longitude [deg]\n2024-05-01T07:03:12Z , 60.5 , 5.25\n",
    "\"time\",\"lat\",\"lon\"\n\"2024-05-01T07:03:12Z\",\"60.5\",\"5.25\"\n",
    "id,name,lon,lat,time\n7,x,5.25,60.5,2024-05-01T07:03:12Z\n",
  ])
  func readsHeaderAliasesAnyOrder(text: String) throws {
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes == [fix(anchor, 60.5, 5.25, line: 2)])
    #expect(result.diagnostics.recordsRead == 1)
    #expect(result.diagnostics.ignored == ["header": 1])
  }

  /// The layout `calmgeo-replay fixes --format csv` writes, so its output reads back.
  @Test func readsTheFixesCommandsOwnCSV() throws {
    let text = "time,latitude,longitude,altitude,speed,course,horizontal_accuracy,vertical_accuracy,hdop,"
      + "satellites,line,derived\n"
      + "2024-05-01T07:03:12.000Z,60.5,5.25,61.9,1.25,219.93,30,,6,9,2,hacc\n"
    var expected = fix(anchor, 60.5, 5.25, line: 2)
    expected.altitude = 61.9
    expected.speed = 1.25
    expected.course = 219.93
    expected.horizontalAccuracy = 30
    expected.hdop = 6
    expected.satellites = 9
    #expect(try CSVTestSupport.parse(text).fixes == [expected])
  }

  @Test(arguments: [
    ("time,lat,lon", UInt8(ascii: ",")),
    ("time;lat;lon", UInt8(ascii: ";")),
    ("time\tlat\tlon", 0x09),
    ("\"time, UTC\";lat;lon", UInt8(ascii: ";")),          // the comma is inside quotes
    ("time,lat,lon,note;x", UInt8(ascii: ",")),            // more commas than semicolons
    ("a;b;Heading (0° = East, counterclockwise);c", UInt8(ascii: ";")),  // smartLoc
    ("time;lat,lon", UInt8(ascii: ",")),                   // a tie goes to the comma
    ("time;lat\tlon", UInt8(ascii: ";")),                  // then to the semicolon
    ("time", UInt8(ascii: ",")),                           // none at all
  ] as [(String, UInt8)])
  func detectsTheDelimiterFromTheHeader(header: String, delimiter: UInt8) {
    var copy = header
    #expect(copy.withUTF8 { CSVDialect.detect(header: $0) }.delimiter == delimiter)
  }

  @Test(arguments: [",", ";", "\t"])
  func readsEachDelimiter(separator: String) throws {
    let text = ["time", "lat", "lon"].joined(separator: separator) + "\n"
      + ["2024-05-01T07:03:12Z", "60.5", "5.25"].joined(separator: separator) + "\n"
    let result = try CSVTestSupport.parse(text)
    #expect(result.parser.dialect?.delimiter == separator.utf8.first)
    #expect(result.fixes == [fix(anchor, 60.5, 5.25, line: 2)])
  }

  @Test func readsDecimalCommasWhenCommaIsNotTheDelimiter() throws {
    let result = try CSVTestSupport.parse("time;lat;lon;speed\n2024-05-01T07:03:12Z;60,5;5,25;1,5\n")
    var expected = fix(anchor, 60.5, 5.25, line: 2)
    expected.speed = 1.5
    #expect(result.fixes == [expected])
  }

  // MARK: Quoting, BOM, line ends, blank lines, comments, padding

  @Test(arguments: [
    // A quoted field with the delimiter and doubled quotes before the position columns.
    ("time,name,lat,lon\n2024-05-01T07:03:12Z,\"Bergen, \"\"harbour\"\"\",60.5,5.25\n", 2 as UInt32),
    // Quoted numbers, padded inside the quotes.
    ("time,lat,lon\n\"2024-05-01T07:03:12Z\",\" 60.5 \",\"5.25\"\n", 2),
    // A quoted field that spans two lines: the record starts on line 2.
    ("time,note,lat,lon\n2024-05-01T07:03:12Z,\"first\nsecond\",60.5,5.25\n", 2),
    // Quotes in a column after the last one used.
    ("time,lat,lon,note\n2024-05-01T07:03:12Z,60.5,5.25,\"a \"\"b\"\", c\"\n", 2),
    // An empty quoted field.
    ("time,lat,lon,speed\n2024-05-01T07:03:12Z,60.5,5.25,\"\"\n", 2),
  ] as [(String, UInt32)])
  func readsQuotedFields(text: String, line: UInt32) throws {
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes == [fix(anchor, 60.5, 5.25, line: line)])
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test func aQuotedLineBreakMovesLaterLineNumbers() throws {
    let text = "time,note,lat,lon\n2024-05-01T07:03:12Z,\"a\nb\nc\",60.5,5.25\n2024-05-01T07:03:13Z,x,60.5,5.25\n"
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [2, 5])
    #expect(result.diagnostics.recordsRead == 2)
  }

  @Test(arguments: [
    [0xEF, 0xBB, 0xBF] + Array("time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25".utf8),
    [0xEF, 0xBB, 0xBF] + Array("# exported\ntime,lat,lon\r\n2024-05-01T07:03:12Z,60.5,5.25\r\n".utf8),
  ] as [[UInt8]])
  func skipsAUTF8ByteOrderMark(bytes: [UInt8]) throws {
    let result = try CSVTestSupport.parse(bytes: bytes)
    #expect(result.fixes.map(\.time) == [anchor])
    #expect(result.fixes.first?.latitude == 60.5)
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func readsEveryLineEnd(end: String) throws {
    let text = ["time,lat,lon", "2024-05-01T07:03:12Z,60.5,5.25", "2024-05-01T07:03:13Z,60.5,5.25"]
      .joined(separator: end) + end
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [2, 3])
    #expect(result.fixes.map(\.time) == [anchor, anchor + 1000])
  }

  @Test func passesOverBlankLinesAndComments() throws {
    let text = """

      # GPS logger 1.2
      # units: deg

      time,lat,lon
      # a note between rows

      2024-05-01T07:03:12Z,60.5,5.25
        \t
      ,,
      2024-05-01T07:03:13Z,60.5,5.25

      """
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [8, 11])
    #expect(result.diagnostics.recordsRead == 2)
    #expect(result.diagnostics.ignored == ["comment": 3, "header": 1])
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test func dropsNULAndSpacePadding() throws {
    // The Columbus V-900 pads fields with NUL bytes, the Garmin G1000 with spaces.
    let bytes = Array("INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W,HEIGHT,SPEED,HEADING,VOX\r\n".utf8)
      + Array("68".utf8) + [0, 0, 0, 0] + Array(",T,090404,063510,31.765973N,035.206901E,827".utf8) + [0, 0]
      + Array(",12".utf8) + [0, 0] + Array(",357,".utf8) + [UInt8](repeating: 0, count: 9) + [0x0D, 0x0A]
    let result = try CSVTestSupport.parse(bytes: bytes)
    // 2009-04-04: 2009-01-01 is day 39×365 + 10 = 14245; + 31 + 28 + 31 + 3 = 14338.
    // 06:35:10 = 23 710 s. SPEED 12 km/h = 12 / 3.6 = 3.333… m/s.
    var expected = fix(14_338 * 86_400_000 + 23_710_000, 31.765973, 35.206901, line: 2)
    expected.altitude = 827
    expected.speed = 12 / 3.6
    expected.course = 357
    #expect(result.fixes == [expected])
  }

  @Test func ignoresARepeatedHeader() throws {
    // GPSLogger appends to a day's file and may write its header again.
    let text = "time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25\ntime,lat,lon\n2024-05-01T07:03:13Z,60.5,5.25\n"
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [2, 4])
    #expect(result.diagnostics.ignored == ["header": 2])
    #expect(result.diagnostics.recordsRead == 2)
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test(arguments: [
    "time,lat,lon\n2024-05-01T07:03:12Z,0,0\n",
    "time,lat,lon\n2024-05-01T07:03:12Z,0.000000,-0.000000\n",
    "time,valid,lat,lon\n2024-05-01T07:03:12Z,No fix,,\n",
    "time,VALID,lat,lon\n2024-05-01T07:03:12Z,invalid,60.5,5.25\n",
  ])
  func noFixRowsAreIgnoredNotSkipped(text: String) throws {
    let result = try CSVTestSupport.parse(text, strict: true)
    #expect(result.fixes.isEmpty)
    #expect(result.diagnostics.ignored["no_fix"] == 1)
    #expect(result.diagnostics.recordsRead == 1)
  }

  // MARK: Times

  @Test(arguments: [
    ("time", "2024-05-01T07:03:12.000Z", nil, anchor),
    ("time", "2024-05-01T07:03:12", nil, anchor),                       // no zone: UTC
    ("time", "2024-05-01 09:03:12.25+02:00", nil, anchor + 250),
    ("time", "1714546992", nil, anchor),                                // Unix seconds by size
    ("time", "1714546992.5", nil, anchor + 500),
    ("time", "1714546992000", nil, anchor),                             // Unix ms by size
    ("time", "1714546992", "unix", anchor),
    ("time", "1714546992000", "unix_ms", anchor),
    ("time", "2024-05-01T07:03:12Z", "iso8601", anchor),
    ("time", "01/05/2024 07:03:12", "%d/%m/%Y %H:%M:%S", anchor),
    ("time", "05/01/2024 07:03:12 AM", "%m/%d/%Y %I:%M:%S %p", anchor),
    ("time_ms", "1714546992000", nil, anchor),                          // unit in the name
    ("timestamp [s]", "1714546992", nil, anchor),
    ("date", "2024-05-01 07:03:12", nil, anchor),                       // a date column with a whole date-time
  ] as [(String, String, String?, Int64)])
  func readsTimeColumns(header: String, value: String, format: String?, expected: Int64) throws {
    let result = try CSVTestSupport.parse("\(header),lat,lon\n\(value),60.5,5.25\n", timeFormat: format)
    #expect(result.fixes.map(\.time) == [expected])
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test(arguments: [
    // iBlue 747: 2005-05-01 is day 12904 (35×365 + 9 + 120); 10:12:47 = 36 767 s.
    ("DATE,TIME", "2005/05/01,10:12:47", nil, 12_904 * 86_400_000 + 36_767_000),
    // Columbus: 2025-07-24 is day 20293 (55×365 + 14 + 181 + 23); 17:34:18 = 63 258 s.
    ("DATE,TIME", "250724,173418", nil, 20_293 * 86_400_000 + 63_258_000),
    ("date,time", "2024-05-01,07:03:12.5", nil, anchor + 500),
    ("date,utc", "2024-05-01,07:03:12Z", nil, anchor),
    ("date,time", "01/05/2024,07:03", "%d/%m/%Y %H:%M", anchor - 12_000),  // a pattern reads "date time"
    ("date,time", "ignored,2024-05-01T07:03:12Z", nil, anchor),            // a whole date-time in the time column
    // G1000: local 2014-03-29 22:50:22 at -06:00 is 2014-03-30 04:50:22 UTC. 2014-03-29 is
    // day 16158 (44×365 + 11 + 31 + 28 + 28); 22:50:22 = 82 222 s; + 6 h = 21 600 s.
    ("Lcl Date,Lcl Time,UTCOfst", "2014-03-29,22:50:22,-06:00", nil,
     16_158 * 86_400_000 + 82_222_000 + 21_600_000),
    ("Lcl Date,Lcl Time,UTCOfst", "2014-03-29, 22:50:22,  +00:00", nil, 16_158 * 86_400_000 + 82_222_000),
    ("Lcl Date,Lcl Time", "2014-03-29,22:50:22", nil, 16_158 * 86_400_000 + 82_222_000),  // no offset: UTC
    // GSDC: see GPSTimeTests.gsdcMillisSinceGPSEpoch.
    ("millisSinceGpsEpoch", "1273529463442", nil, 1_589_494_245_442),
    // smartLoc: see GPSTimeTests.smartLocWeekAndSeconds.
    ("GPSWeek [weeks],GPSSecondsOfWeek [s]", "1900,126641.499999971", nil, 1_465_211_424_500),
  ] as [(String, String, String?, Int64)])
  func readsSplitLocalAndGPSTimes(header: String, values: String, format: String?, expected: Int64) throws {
    let result = try CSVTestSupport.parse("\(header),lat,lon\n\(values),60.5,5.25\n", timeFormat: format)
    #expect(CSVTestSupport.problems(result) == [])
    #expect(result.fixes.map(\.time) == [expected])
  }

  // MARK: Units and values

  @Test(arguments: [
    ("speed", "2.5", "speed", 2.5 as Double?),
    ("speed_kmh", "36", "speed", 10),                        // 36 000 m / 3600 s
    ("kph", "9", "speed", 2.5),                              // 9 / 3.6
    ("speed_kn", "10", "speed", 10 * 1852.0 / 3600),          // 5.1444… m/s
    ("knots", "1", "speed", 0.514_444_444_444_444_4),
    ("speed_mph", "10", "speed", 4.4704),                    // 10 × 1609.344 / 3600
    ("speed", "-1", "speed", nil),                           // Core Location's "unknown"
    ("speed", "NaN", "speed", nil),
    ("speed", "n/a", "speed", nil),
    ("speed", "-", "speed", nil),
    ("ele", "61.9", "altitude", 61.9),
    ("altitude_ft", "1000", "altitude", 304.8),              // 1000 × 0.3048
    ("altitude [ft]", "-10", "altitude", -3.048),
    ("ele", "-1", "altitude", -1),                           // below sea level is a height
    ("geoidheight", "39.2", "geoidSeparation", 39.2),
    ("bearing", "219.93", "course", 219.93),
    ("course", "360", "course", 0),
    ("course", "-90", "course", 270),
    ("course", "-1", "course", nil),
    ("course [rad]", "3.141592653589793", "course", 180),
    // smartLoc: 0 rad = east, counterclockwise. East is 90° clockwise from north.
    ("\"Heading (0° = East, counterclockwise) [rad]\"", "0", "course", 90),
    // π/2 counterclockwise from east is north: 90° − 90° = 0°.
    ("\"Heading (0° = East, counterclockwise) [rad]\"", "1.5707963267948966", "course", 0),
    // π counterclockwise from east is west: 90° − 180° = −90° → 270°.
    ("\"Heading (0° = East, counterclockwise) [rad]\"", "3.141592653589793", "course", 270),
    ("accuracy", "7.0", "horizontalAccuracy", 7),
    ("accuracy", "-1", "horizontalAccuracy", nil),
    ("vacc", "3.5", "verticalAccuracy", 3.5),
    ("speed_accuracy", "0.4", "speedAccuracy", 0.4),
    ("hdop", "1.02", "hdop", 1.02),
    ("hdop", "99.99", "hdop", nil),                          // "no DOP" placeholder
    ("vdop", "0.00", "vdop", nil),
    ("pdop", "1.33", "pdop", 1.33),
  ] as [(String, String, String, Double?)])
  func convertsUnitsAndPlaceholders(header: String, value: String, property: String, expected: Double?) throws {
    let result = try CSVTestSupport.parse("time,lat,lon,\(header)\n2024-05-01T07:03:12Z,60.5,5.25,\(value)\n")
    #expect(CSVTestSupport.problems(result) == [])
    let fix = try #require(result.fixes.first)
    let values: [String: Double?] = [
      "speed": fix.speed, "altitude": fix.altitude, "geoidSeparation": fix.geoidSeparation, "course": fix.course,
      "horizontalAccuracy": fix.horizontalAccuracy, "verticalAccuracy": fix.verticalAccuracy,
      "speedAccuracy": fix.speedAccuracy, "hdop": fix.hdop, "vdop": fix.vdop, "pdop": fix.pdop,
    ]
    let got = try #require(values[property])
    if let expected, let got {
      #expect(abs(got - stored(expected)) <= abs(stored(expected)) * 1e-7 + 1e-5, "\(got) vs \(expected)")
    } else {
      #expect(got == nil && expected == nil)
    }
  }

  @Test(arguments: [
    ("sats", "7", 7 as Int?), ("NSAT (USED/VIEW)", "7(12)", 7), ("satellites", "", nil), ("sats", "-", nil),
    ("sats", "300", 254),
  ] as [(String, String, Int?)])
  func readsSatellites(header: String, value: String, expected: Int?) throws {
    let result = try CSVTestSupport.parse("time,lat,lon,\(header)\n2024-05-01T07:03:12Z,60.5,5.25,\(value)\n")
    #expect(result.fixes.first?.satellites == expected)
  }

  @Test(arguments: [
    ("lat,lon", "49.0733336N,125.7648551W", 49.0733336, -125.7648551),
    ("lat,lon", "49.5S,5.25E", -49.5, 5.25),
    ("lat,lon", "S49.5,W5.25", -49.5, -5.25),
    ("lat,lon", "49.5 s,5.25 w", -49.5, -5.25),
    ("LATITUDE,N/S,LONGITUDE,E/W", "51.311770,N,12.413179,E", 51.311770, 12.413179),
    ("LATITUDE,N/S,LONGITUDE,E/W", "51.311770,S,12.413179,W", -51.311770, -12.413179),
    ("LATITUDE,N/S,LONGITUDE,E/W", "-51.311770,S,12.413179,", -51.311770, 12.413179),
    ("lat [rad],lon [rad]", "1,-1", 180 / Double.pi, -180 / Double.pi),
  ] as [(String, String, Double, Double)])
  func readsHemispheres(header: String, values: String, latitude: Double, longitude: Double) throws {
    let result = try CSVTestSupport.parse("time,\(header)\n2024-05-01T07:03:12Z,\(values)\n")
    #expect(CSVTestSupport.problems(result) == [])
    #expect(result.fixes.map(\.latitude) == [latitude])
    #expect(result.fixes.map(\.longitude) == [longitude])
  }

  @Test func estimatesAccuracyFromDOPLikeTheNMEAReader() throws {
    // Default UERE 5 m: HDOP 1.2 → 6 m, VDOP 0.8 → 4 m.
    let result = try CSVTestSupport.parse("time,lat,lon,hdop,vdop\n2024-05-01T07:03:12Z,60.5,5.25,1.2,0.8\n")
    var expected = fix(anchor, 60.5, 5.25, line: 2)
    expected.hdop = 1.2
    expected.vdop = 0.8
    expected.horizontalAccuracy = 1.2 * 5
    expected.verticalAccuracy = 0.8 * 5
    expected.flags = [.horizontalAccuracyEstimated, .verticalAccuracyEstimated]
    #expect(result.fixes == [expected])
    #expect(result.diagnostics.estimated == ["horizontal_accuracy_from_hdop": 1, "vertical_accuracy_from_vdop": 1])
  }

  @Test func anAccuracyOfItsOwnIsNotReplaced() throws {
    let result = try CSVTestSupport.parse("time,lat,lon,hdop,accuracy\n2024-05-01T07:03:12Z,60.5,5.25,1.2,3\n")
    #expect(result.fixes.first?.horizontalAccuracy == 3)
    #expect(result.fixes.first?.flags == [])
    #expect(result.diagnostics.estimated.isEmpty)
  }

  @Test(arguments: [
    ("heightAboveWgs84EllipsoidM", ["altitude_above_ellipsoid": 1]),
    ("ele,heightAboveWgs84EllipsoidM", [:]),                  // a sea-level height wins
    ("AltGPS,AltMSL", [:]),
  ] as [(String, [String: Int])])
  func countsEllipsoidalHeightsUsedAsAltitude(columns: String, estimated: [String: Int]) throws {
    let values = columns.split(separator: ",").map { _ in "12.5" }.joined(separator: ",")
    let result = try CSVTestSupport.parse("time,lat,lon,\(columns)\n2024-05-01T07:03:12Z,60.5,5.25,\(values)\n")
    #expect(result.fixes.first?.altitude == 12.5)
    #expect(result.diagnostics.estimated == estimated)
  }

  @Test func aTimeOfDayTakesItsDateFromTheOption() throws {
    let text = "time,lat,lon\n07:03:12,60.5,5.25\n"
    let dated = try CSVTestSupport.parse(text, date: CivilDate(year: 2024, month: 5, day: 1))
    #expect(dated.fixes.map(\.time) == [anchor])
    let undated = try CSVTestSupport.parse(text)
    #expect(CSVTestSupport.problems(undated)
      == ["track.csv:2:1: error: csv: time '07:03:12' has no date (give it with --date YYYY-MM-DD)"])
  }

  // MARK: Bad rows

  @Test(arguments: [
    ("time,lat,lon\n2024-05-01T07:03:12Z,91.5,5.25\n",
     "track.csv:2:22: error: csv: latitude '91.5' is out of range", "bad_latitude"),
    ("time,lat,lon\n2024-05-01T07:03:12Z,60.5,-180.5\n",
     "track.csv:2:27: error: csv: longitude '-180.5' is out of range", "bad_longitude"),
    ("time,lat,lon\n2024-05-01T07:03:12Z,60.5,5,25\n",  // a decimal comma in a comma file: lon is '5'
     nil, nil),
    ("time,lat,lon\n2024-05-01T07:03:12Z,sixty,5.25\n",
     "track.csv:2:22: error: csv: latitude 'sixty' is not a number", "bad_latitude"),
    ("time,lat,lon\n2024-05-01T07:03:12Z,49.07E,5.25\n",
     "track.csv:2:22: error: csv: latitude '49.07E' is not a number", "bad_latitude"),
    ("time,lat,lon\n2024-13-01T07:03:12Z,60.5,5.25\n",
     "track.csv:2:1: error: csv: time '2024-13-01T07:03:12Z' is not a date-time "
       + "(expected ISO 8601 or Unix seconds/milliseconds)", "bad_time"),
    ("time,lat,lon\n,60.5,5.25\n",
     "track.csv:2:1: error: csv: time is empty (column 'time')", "missing_field"),
    ("time,lat,lon\n2024-05-01T07:03:12Z,,5.25\n",
     "track.csv:2:22: error: csv: latitude is empty (column 'lat')", "missing_field"),
    ("time,lat,lon\n2024-05-01T07:03:12Z,60.5\n",
     "track.csv:2: error: csv: longitude is missing: the row has 2 fields and 'lon' is field 3", "missing_field"),
    ("time, lat, lon\n2024-05-01T07:03:12Z,    91.5, 5.25\n",  // the column is where the value starts
     "track.csv:2:26: error: csv: latitude '91.5' is out of range", "bad_latitude"),
    ("time,name,lat,lon\n2024-05-01T07:03:12Z,Bergen é,91.5,5.25\n",  // columns count Unicode scalars
     "track.csv:2:31: error: csv: latitude '91.5' is out of range", "bad_latitude"),
    ("time,note,lat,lon\n2024-05-01T07:03:12Z,\"a\nb\",91.5,5.25\n",  // after a quoted line break
     "track.csv:3:4: error: csv: latitude '91.5' is out of range", "bad_latitude"),
    ("DATE,TIME,lat,lon\n2005/13/01,10:12:47,60.5,5.25\n",
     "track.csv:2:1: error: csv: date '2005/13/01' is not a date "
       + "(expected YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, YYMMDD or DD.MM.YYYY)", "bad_time"),
    ("DATE,TIME,lat,lon\n2005/05/01,10:72:47,60.5,5.25\n",
     "track.csv:2:12: error: csv: time of day '10:72:47' is not a time of day "
       + "(expected HH:MM[:SS[.fff]] or HHMMSS)", "bad_time"),
    ("Lcl Date,Lcl Time,UTCOfst,lat,lon\n2014-03-29,22:50:22,+25:00,60.5,5.25\n",
     "track.csv:2:21: error: csv: UTC offset '+25:00' is not an offset (expected ±HH:MM or hours)", "bad_time"),
    ("LATITUDE,N/S,LONGITUDE,E/W,time\n51.3,X,12.4,E,2024-05-01T07:03:12Z\n",
     "track.csv:2:6: error: csv: latitude hemisphere 'X' is not N or S", "bad_latitude"),
    ("GPSWeek,GPSSecondsOfWeek,lat,lon\n1900,604800.5,60.5,5.25\n",
     "track.csv:2:6: error: csv: GPS seconds of week '604800.5' is out of range", "bad_time"),
    ("millisSinceGpsEpoch,lat,lon\n12e5,60.5,5.25\n",
     "track.csv:2:1: error: csv: GPS milliseconds '12e5' is not a whole number of milliseconds", "bad_time"),
    ("time,note,lat,lon\n2024-05-01T07:03:12Z,\"never closed,60.5,5.25\n",
     "track.csv:2: error: csv: a quoted field is not closed before the end of the file", "bad_quote"),
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
    let text = "time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25\n2024-05-01T07:03:13Z,91.5,5.25\n"
      + "2024-05-01T07:03:14Z,sixty,5.25\n"
    #expect(throws: ParseError(
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
    ("time,x,y\n2024-05-01T07:03:12Z,60.5,5.25\n",
     "track.csv:1: error: csv: no latitude column in the header (found 'time', 'x', 'y'); accepted names "
       + "(any case, words split by space, '_' or camelCase, units in brackets ignored): latitude: lat, "
       + "latitude, latitude_n_s, lat_n_s, gps_latitude, gps_lat, location_latitude, position_lat; longitude: "
       + "lon, lng, long, longitude, longitude_e_w, lon_e_w, lng_e_w, long_e_w, gps_longitude, gps_lon, gps_lng, "
       + "location_longitude, position_long, position_lon; or name the columns with --column lat=NAME --column lon=NAME (and --column time=NAME), and skip lines above the header with --skip-lines N"),
    ("# no header\n2024-05-01T07:03:12Z,60.5,5.25\n",
     "track.csv:2: error: csv: no latitude column in the header (found '2024-05-01T07:03:12Z', '60.5', "
       + "'5.25'); accepted names (any case, words split by space, '_' or camelCase, units in brackets "
       + "ignored): latitude: lat, latitude, latitude_n_s, lat_n_s, gps_latitude, gps_lat, location_latitude, "
       + "position_lat; longitude: lon, lng, long, longitude, longitude_e_w, lon_e_w, lng_e_w, long_e_w, "
       + "gps_longitude, gps_lon, gps_lng, location_longitude, position_long, position_lon; or name the columns with --column lat=NAME --column lon=NAME (and --column time=NAME), and skip lines above the header with --skip-lines N"),
    ("lat,lon\n60.5,5.25\n",
     "track.csv:1: error: csv: no time column in the header (found 'lat', 'lon'); accepted: time, timestamp, "
       + "date_time, datetime, utc, time_utc, utc_time, timestamp_utc, or date + time, lcl_date + lcl_time "
       + "[+ utc_ofst], millisSinceGpsEpoch, or gps_week + gps_seconds_of_week; or name it with --column time=NAME"),
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
    let result = try CSVTestSupport.parse("time,lat,lon,ele,speed\n2024-05-01T07:03:12Z,60.5,5.25,374.812 m,0.865 km/h\n"
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
      #expect(error.description == "track.csv: error: csv: unknown time format '%Q'; expected auto, iso8601, "
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
  private static let everything: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((
    "# logger: test\r\n"
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
    var first = fix(anchor, 60.5, 5.25, line: 4)
    first.speed = 10
    first.satellites = 7
    var second = fix(anchor + 1250, 60.50001, 5.25001, line: 5)
    second.speed = 5
    second.satellites = 8
    let third = fix(anchor + 2000, 60.50002, 5.25002, line: 8)
    // 07:03:16+01:00 is 06:03:16Z: 4 s after the anchor minus one hour.
    var fifth = fix(anchor + 4000 - 3_600_000, -33.9, 151.2, line: 10)
    fifth.speed = 0.5 / 3.6
    var sixth = fix(anchor + 5000, 60.50003, 5.25003, line: 11)
    sixth.speed = 10 / 3.6
    sixth.satellites = 12
    #expect(result.fixes == [first, second, third, fifth, sixth])
    #expect(CSVTestSupport.problems(result) == ["track.csv:9:26: error: csv: latitude '91' is out of range"])
    #expect(result.diagnostics.ignored == ["comment": 2, "header": 1])
  }
}
