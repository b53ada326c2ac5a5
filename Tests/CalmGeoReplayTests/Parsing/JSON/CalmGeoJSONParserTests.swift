import Testing

@testable import CalmGeoReplay

/// 2024-05-01T07:03:12Z in ms since 1970 (CSVTimeParserTests has the arithmetic). As
/// seconds since 2001-01-01 (978 307 200 s after 1970): 1 714 546 992 − 978 307 200 =
/// 736 239 792, the `coords.timestamp` of CALMGEO.md's example.
private let anchor: Int64 = 1_714_546_992_000

private struct JSONParseResult {
  var fixes: [Fix]
  var diagnostics: InputDiagnostics
  var problems: [String] { diagnostics.firstProblems.map(\.description) }
}

private func parse(_ text: String, maxChunk: Int = .max, strict: Bool = false) throws(ParseError) -> JSONParseResult {
  var parser = CalmGeoJSONParser(file: "track.json", options: ParseOptions())
  var diagnostics = InputDiagnostics(strict: strict, maxProblems: 100)
  var fixes: [Fix] = []
  try parser.parse(MemoryByteSource(text, name: "track.json", maxChunk: maxChunk), diagnostics: &diagnostics) {
    fixes.append($0)
  }
  return JSONParseResult(fixes: fixes, diagnostics: diagnostics)
}

/// A record as CalmGeo writes it, with the coords given.
private func record(_ coords: String, timestamp: String = "2024-05-01T07:03:12.000Z") -> String {
  "{\"id\":\"8b0c\",\"timestamp\":\"\(timestamp)\",\"isMoving\":true,\"coords\":{\(coords)},\"event\":\"motionchange\"}"
}

struct CalmGeoJSONParserTests {
  /// The record of CALMGEO.md §2 with every value known.
  static let full = """
    {"id":"0f8fad5b-d9cb-469f-a165-70867728950e","timestamp":"2024-05-01T07:03:12.000Z","isMoving":true,\
    "coords":{"latitude":60.5,"longitude":5.25,"accuracy":4.5,"speed":1.5,"speedAccuracy":0.25,"heading":219.93,\
    "headingAccuracy":10,"altitude":61.9,"altitudeAccuracy":3,"ellipsoidalAltitude":61.9,"timestamp":736239792.0},\
    "activity":{"type":"walking","confidence":100},"event":"motionchange"}
    """

  static var fullFix: Fix {
    var fix = Fix(time: anchor, latitude: 60.5, longitude: 5.25, line: 1)
    fix.horizontalAccuracy = 4.5
    fix.speed = 1.5
    fix.speedAccuracy = 0.25
    fix.course = 219.93
    fix.altitude = 61.9
    fix.verticalAccuracy = 3
    fix.activity = .walking  // the record's activity {type: walking}, read for fetchActivity
    return fix
  }

  @Test func mapsEveryField() throws {
    let result = try parse(Self.full)
    #expect(result.fixes == [Self.fullFix])
    #expect(result.diagnostics.recordsRead == 1)
  }

  @Test(
    arguments: [
      // One object per line.
      (
        record("\"latitude\":60.5,\"longitude\":5.25") + "\n"
          + record(
            "\"latitude\":60.6,\"longitude\":5.35",
            timestamp: "2024-05-01T07:03:13.000Z") + "\n", [1, 2] as [UInt32]
      ),
      // A JSON array, pretty-printed: records start on lines 2 and 8.
      (
        """
        [
          {
            "timestamp": "2024-05-01T07:03:12.000Z",
            "coords": {"latitude": 60.5,
                       "longitude": 5.25}
          }
          ,
          {"timestamp": "2024-05-01T07:03:13.000Z", "coords": {"latitude": 60.6, "longitude": 5.35}}
        ]
        """, [2, 8]
      ),
      // Two upload bodies one after the other, CRLF line ends, a BOM.
      (
        "\u{FEFF}[" + record("\"latitude\":60.5,\"longitude\":5.25") + "]\r\n["
          + record("\"latitude\":60.6,\"longitude\":5.35", timestamp: "2024-05-01T07:03:13.000Z") + "]\r\n", [1, 2]
      ),
      // NDJSON with blank lines and trailing spaces.
      (
        "\n" + record("\"latitude\":60.5,\"longitude\":5.25") + "  \n\n"
          + record("\"latitude\":60.6,\"longitude\":5.35", timestamp: "2024-05-01T07:03:13.000Z"), [2, 4]
      ),
    ] as [(String, [UInt32])])
  func readsArraysAndNDJSON(text: String, lines: [UInt32]) throws {
    let result = try parse(text)
    #expect(result.problems == [])
    #expect(result.fixes.map(\.line) == lines)
    #expect(result.fixes.map(\.time) == [anchor, anchor + 1000])
    #expect(result.fixes.map(\.latitude) == [60.5, 60.6])
    #expect(result.fixes.map(\.longitude) == [5.25, 5.35])
  }

  @Test(
    arguments: [
      // coords.timestamp wins over the ISO string: 736239792.5 s after 2001 is anchor + 500 ms.
      (
        record("\"latitude\":1,\"longitude\":2,\"timestamp\":736239792.5", timestamp: "2030-01-01T00:00:00.000Z"),
        anchor + 500
      ),
      (record("\"latitude\":1,\"longitude\":2,\"timestamp\":736239792.1234"), anchor + 123),
      (record("\"latitude\":1,\"longitude\":2"), anchor),
      (record("\"latitude\":1,\"longitude\":2", timestamp: "2024-05-01T09:03:12.250+02:00"), anchor + 250),
      // 0 s after 2001 is 2001-01-01T00:00:00Z.
      (record("\"latitude\":1,\"longitude\":2,\"timestamp\":0"), 978_307_200_000),
    ] as [(String, Int64)])
  func readsTimes(text: String, expected: Int64) throws {
    #expect(try parse(text).fixes.map(\.time) == [expected])
  }

  @Test func unknownValuesAreAbsent() throws {
    let text = record(
      """
      "latitude":60.5,"longitude":5.25,"accuracy":-1,"speed":-1,"speedAccuracy":-1,"heading":-1,\
      "headingAccuracy":-1,"altitude":-1,"altitudeAccuracy":-1,"ellipsoidalAltitude":-1
      """)
    #expect(try parse(text).fixes == [Fix(time: anchor, latitude: 60.5, longitude: 5.25, line: 1)])
  }

  @Test func anAltitudeBelowSeaLevelIsKeptWithoutItsAccuracy() throws {
    // The Dead Sea shore, -430.5 m, with an unknown vertical accuracy (as this tool's
    // writer puts it when the log had no vertical accuracy).
    let text = record("\"latitude\":31.5,\"longitude\":35.5,\"altitude\":-430.5,\"altitudeAccuracy\":-1")
    var expected = Fix(time: anchor, latitude: 31.5, longitude: 35.5, line: 1)
    expected.altitude = -430.5
    #expect(try parse(text).fixes == [expected])
  }

  @Test(
    arguments: [
      (
        record("\"latitude\":91.5,\"longitude\":5.25"),
        "track.json:1:1: error: json: coords.latitude 91.5 is out of range", "bad_latitude"
      ),
      (
        record("\"latitude\":60.5,\"longitude\":-180.5"),
        "track.json:1:1: error: json: coords.longitude -180.5 is out of range", "bad_longitude"
      ),
      (
        record("\"latitude\":\"60.5\",\"longitude\":5.25"),
        "track.json:1:1: error: json: coords.latitude is not a number", "bad_record"
      ),
      (record("\"longitude\":5.25"), "track.json:1:1: error: json: record has no coords.latitude", "missing_field"),
      (
        "{\"timestamp\":\"2024-05-01T07:03:12.000Z\"}", "track.json:1:1: error: json: record has no coords",
        "missing_field"
      ),
      (
        record("\"latitude\":60.5,\"longitude\":5.25", timestamp: "yesterday"),
        "track.json:1:1: error: json: timestamp 'yesterday' is not ISO 8601", "bad_time"
      ),
      (
        "{\"coords\":{\"latitude\":60.5,\"longitude\":5.25}}",
        "track.json:1:1: error: json: record has neither coords.timestamp nor timestamp", "missing_field"
      ),
      (
        "{\"coords\":{\"latitude\":60.5 \"longitude\":5.25},\"timestamp\":\"2024-05-01T07:03:12Z\"}",
        "track.json:1:1: error: json: record is not valid JSON", "bad_record"
      ),
      ("  hello world", "track.json:1:3: error: json: 'hello world' is not a JSON object or array", "bad_json"),
      (
        "{\"timestamp\":", "track.json:1:1: error: json: the record starting here is not closed at the end of its line",
        "bad_json"
      ),
      ("[1]", "track.json:1:2: error: json: record is not an object", "bad_record"),
      ("[\"x\"]", "track.json:1:2: error: json: record is not an object", "bad_record"),
    ] as [(String, String, String)])
  func skipsAndReportsBadRecords(text: String, message: String, key: String) throws {
    let result = try parse(text)
    #expect(result.problems == [message])
    #expect(result.diagnostics.skipped == [key: 1])
    #expect(result.fixes.isEmpty)
    #expect(result.diagnostics.recordsRead == 1)
  }

  @Test func badRecordsDoNotSpoilTheRest() throws {
    let text = """
      [
        {"timestamp": "2024-05-01T07:03:12.000Z", "coords": {"latitude": 60.5, "longitude": 5.25}},
        {"timestamp": "2024-05-01T07:03:13.000Z", "coords": {"latitude": "x", "longitude": 5.25}},
        42,
          {"timestamp": "2024-05-01T07:03:14.000Z", "coords": {"latitude": 60.6, "longitude": 5.35}}
      """
    let result = try parse(text)
    #expect(result.fixes.map(\.line) == [2, 5])
    #expect(result.diagnostics.recordsRead == 4)
    #expect(
      result.problems == [
        "track.json:3:3: error: json: coords.latitude is not a number",
        "track.json:4:3: error: json: record is not an object",
        "track.json:1:1: error: json: the array starting here is not closed before the end of the file",
      ])
    #expect(result.diagnostics.skipped == ["bad_record": 2, "bad_json": 1])
  }

  @Test func ndjsonResumesAfterABrokenLine() throws {
    let text =
      record("\"latitude\":60.5,\"longitude\":5.25") + "\n{\"timestamp\": \"2024-05\n"
      + record("\"latitude\":60.6,\"longitude\":5.35", timestamp: "2024-05-01T07:03:13.000Z") + "\n"
    let result = try parse(text)
    #expect(result.fixes.map(\.line) == [1, 3])
    #expect(
      result.problems == [
        "track.json:2:1: error: json: the record starting here is not closed at the end of its line"
      ])
  }

  @Test func strictModeThrowsAtTheFirstBadRecord() {
    let text = record("\"latitude\":60.5,\"longitude\":5.25") + "\n" + record("\"latitude\":95,\"longitude\":5.25")
    do {
      _ = try parse(text, strict: true)
      Issue.record("no error")
    } catch {
      #expect(error.description == "track.json:2:1: error: json: coords.latitude 95.0 is out of range")
      #expect(!error.isFatal)
    }
  }

  @Test(arguments: ["", "[]", "\n  \n", "[\n]\n"])
  func aFileWithoutRecordsIsAnError(text: String) {
    do {
      _ = try parse(text)
      Issue.record("no error")
    } catch {
      #expect(
        error.description
          == "track.json: error: json: no CalmGeo location records (expected a JSON array or one object per line)")
      #expect(error.isFatal)
    }
  }

  @Test func chunkBoundariesDoNotChangeTheResult() throws {
    let text =
      "\u{FEFF}[\r\n " + Self.full + ",\r\n" + record("\"latitude\":\"bad\"") + ",\n"
      + record("\"latitude\":60.6,\"longitude\":5.35,\"speed\":2", timestamp: "2024-05-01T07:03:13.000Z")
      + "]\n[" + record("\"latitude\":60.7,\"longitude\":5.45", timestamp: "2024-05-01T07:03:14.000Z") + "]"
    let whole = try parse(text)
    #expect(whole.fixes.count == 3)
    #expect(whole.diagnostics.skipped == ["bad_record": 1])
    for chunk in 1...64 {
      let split = try parse(text, maxChunk: chunk)
      #expect(split.fixes == whole.fixes, "chunk \(chunk)")
      #expect(split.diagnostics == whole.diagnostics, "chunk \(chunk)")
    }
  }

  @Test func sniffedAsJSONByContent() {
    #expect(InputFormat.detect(prefix: Array("[{\"id\":1}]".utf8), fileName: "upload") == .calmgeoJSON)
    #expect(InputFormat.detect(prefix: Array("{\"id\":1}\n".utf8), fileName: "x.txt") == .calmgeoJSON)
  }
}
