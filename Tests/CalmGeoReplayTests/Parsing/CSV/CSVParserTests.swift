import Testing

@testable import CalmGeoReplay

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
    #expect(result.fixes == [csvFix(csvAnchor, 60.5, 5.25, line: 2)])
    #expect(result.diagnostics.recordsRead == 1)
    #expect(result.diagnostics.ignored == ["header": 1])
  }

  /// The layout `calmgeo-replay fixes --format csv` writes, so its output reads back.
  @Test func readsTheFixesCommandsOwnCSV() throws {
    let text =
      "time,latitude,longitude,altitude,speed,course,horizontal_accuracy,vertical_accuracy,hdop,"
      + "satellites,line,derived\n"
      + "2024-05-01T07:03:12.000Z,60.5,5.25,61.9,1.25,219.93,30,,6,9,2,hacc\n"
    var expected = csvFix(csvAnchor, 60.5, 5.25, line: 2)
    expected.altitude = 61.9
    expected.speed = 1.25
    expected.course = 219.93
    expected.horizontalAccuracy = 30
    expected.hdop = 6
    expected.satellites = 9
    #expect(try CSVTestSupport.parse(text).fixes == [expected])
  }

  @Test(
    arguments: [
      ("time,lat,lon", UInt8(ascii: ",")),
      ("time;lat;lon", UInt8(ascii: ";")),
      ("time\tlat\tlon", 0x09),
      ("\"time, UTC\";lat;lon", UInt8(ascii: ";")),  // the comma is inside quotes
      ("time,lat,lon,note;x", UInt8(ascii: ",")),  // more commas than semicolons
      ("a;b;Heading (0° = East, counterclockwise);c", UInt8(ascii: ";")),  // smartLoc
      ("time;lat,lon", UInt8(ascii: ",")),  // a tie goes to the comma
      ("time;lat\tlon", UInt8(ascii: ";")),  // then to the semicolon
      ("time", UInt8(ascii: ",")),  // none at all
    ] as [(String, UInt8)])
  func detectsTheDelimiterFromTheHeader(header: String, delimiter: UInt8) {
    var copy = header
    #expect(copy.withUTF8 { CSVDialect.detect(header: $0) }.delimiter == delimiter)
  }

  @Test(arguments: [",", ";", "\t"])
  func readsEachDelimiter(separator: String) throws {
    let text =
      ["time", "lat", "lon"].joined(separator: separator) + "\n"
      + ["2024-05-01T07:03:12Z", "60.5", "5.25"].joined(separator: separator) + "\n"
    let result = try CSVTestSupport.parse(text)
    #expect(result.parser.dialect?.delimiter == separator.utf8.first)
    #expect(result.fixes == [csvFix(csvAnchor, 60.5, 5.25, line: 2)])
  }

  @Test func readsDecimalCommasWhenCommaIsNotTheDelimiter() throws {
    let result = try CSVTestSupport.parse("time;lat;lon;speed\n2024-05-01T07:03:12Z;60,5;5,25;1,5\n")
    var expected = csvFix(csvAnchor, 60.5, 5.25, line: 2)
    expected.speed = 1.5
    #expect(result.fixes == [expected])
  }

  // MARK: Quoting, BOM, line ends, blank lines, comments, padding

  @Test(
    arguments: [
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
    #expect(result.fixes == [csvFix(csvAnchor, 60.5, 5.25, line: line)])
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test func aQuotedLineBreakMovesLaterLineNumbers() throws {
    let text = "time,note,lat,lon\n2024-05-01T07:03:12Z,\"a\nb\nc\",60.5,5.25\n2024-05-01T07:03:13Z,x,60.5,5.25\n"
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [2, 5])
    #expect(result.diagnostics.recordsRead == 2)
  }

  @Test(
    arguments: [
      [0xEF, 0xBB, 0xBF] + Array("time,lat,lon\n2024-05-01T07:03:12Z,60.5,5.25".utf8),
      [0xEF, 0xBB, 0xBF] + Array("# exported\ntime,lat,lon\r\n2024-05-01T07:03:12Z,60.5,5.25\r\n".utf8),
    ] as [[UInt8]])
  func skipsAUTF8ByteOrderMark(bytes: [UInt8]) throws {
    let result = try CSVTestSupport.parse(bytes: bytes)
    #expect(result.fixes.map(\.time) == [csvAnchor])
    #expect(result.fixes.first?.latitude == 60.5)
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func readsEveryLineEnd(end: String) throws {
    let text =
      ["time,lat,lon", "2024-05-01T07:03:12Z,60.5,5.25", "2024-05-01T07:03:13Z,60.5,5.25"]
      .joined(separator: end) + end
    let result = try CSVTestSupport.parse(text)
    #expect(result.fixes.map(\.line) == [2, 3])
    #expect(result.fixes.map(\.time) == [csvAnchor, csvAnchor + 1000])
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
    let bytes =
      Array("INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W,HEIGHT,SPEED,HEADING,VOX\r\n".utf8)
      + Array("68".utf8) + [0, 0, 0, 0] + Array(",T,090404,063510,31.765973N,035.206901E,827".utf8) + [0, 0]
      + Array(",12".utf8) + [0, 0] + Array(",357,".utf8) + [UInt8](repeating: 0, count: 9) + [0x0D, 0x0A]
    let result = try CSVTestSupport.parse(bytes: bytes)
    // 2009-04-04: 2009-01-01 is day 39×365 + 10 = 14245; + 31 + 28 + 31 + 3 = 14338.
    // 06:35:10 = 23 710 s. SPEED 12 km/h = 12 / 3.6 = 3.333… m/s, as the parser's factor
    // computes it (12 × (1000 / 3600); a Double now, not a Float).
    var expected = csvFix(14_338 * 86_400_000 + 23_710_000, 31.765973, 35.206901, line: 2)
    expected.altitude = 827
    expected.speed = 12 * (1000.0 / 3600)
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

  @Test(
    arguments: [
      ("time", "2024-05-01T07:03:12.000Z", nil, csvAnchor),
      ("time", "2024-05-01T07:03:12", nil, csvAnchor),  // no zone: UTC
      ("time", "2024-05-01 09:03:12.25+02:00", nil, csvAnchor + 250),
      ("time", "1714546992", nil, csvAnchor),  // Unix seconds by size
      ("time", "1714546992.5", nil, csvAnchor + 500),
      ("time", "1714546992000", nil, csvAnchor),  // Unix ms by size
      ("time", "1714546992", "unix", csvAnchor),
      ("time", "1714546992000", "unix_ms", csvAnchor),
      ("time", "2024-05-01T07:03:12Z", "iso8601", csvAnchor),
      ("time", "01/05/2024 07:03:12", "%d/%m/%Y %H:%M:%S", csvAnchor),
      ("time", "05/01/2024 07:03:12 AM", "%m/%d/%Y %I:%M:%S %p", csvAnchor),
      ("time_ms", "1714546992000", nil, csvAnchor),  // unit in the name
      ("timestamp [s]", "1714546992", nil, csvAnchor),
      ("date", "2024-05-01 07:03:12", nil, csvAnchor),  // a date column with a whole date-time
    ] as [(String, String, String?, Int64)])
  func readsTimeColumns(header: String, value: String, format: String?, expected: Int64) throws {
    let result = try CSVTestSupport.parse("\(header),lat,lon\n\(value),60.5,5.25\n", timeFormat: format)
    #expect(result.fixes.map(\.time) == [expected])
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test(
    arguments: [
      // iBlue 747: 2005-05-01 is day 12904 (35×365 + 9 + 120); 10:12:47 = 36 767 s.
      ("DATE,TIME", "2005/05/01,10:12:47", nil, 12_904 * 86_400_000 + 36_767_000),
      // Columbus: 2025-07-24 is day 20293 (55×365 + 14 + 181 + 23); 17:34:18 = 63 258 s.
      ("DATE,TIME", "250724,173418", nil, 20_293 * 86_400_000 + 63_258_000),
      ("date,time", "2024-05-01,07:03:12.5", nil, csvAnchor + 500),
      ("date,utc", "2024-05-01,07:03:12Z", nil, csvAnchor),
      ("date,time", "01/05/2024,07:03", "%d/%m/%Y %H:%M", csvAnchor - 12_000),  // a pattern reads "date time"
      ("date,time", "ignored,2024-05-01T07:03:12Z", nil, csvAnchor),  // a whole date-time in the time column
      // G1000: local 2014-03-29 22:50:22 at -06:00 is 2014-03-30 04:50:22 UTC. 2014-03-29 is
      // day 16158 (44×365 + 11 + 31 + 28 + 28); 22:50:22 = 82 222 s; + 6 h = 21 600 s.
      (
        "Lcl Date,Lcl Time,UTCOfst", "2014-03-29,22:50:22,-06:00", nil,
        16_158 * 86_400_000 + 82_222_000 + 21_600_000
      ),
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
}
