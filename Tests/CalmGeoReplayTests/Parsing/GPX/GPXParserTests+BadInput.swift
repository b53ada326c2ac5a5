import Testing

@testable import CalmGeoReplay

// Bad points and malformed XML: what is skipped, what stops the reading, and the messages.
extension GPXParserTests {
  // MARK: - Bad points

  @Test(arguments: [
    (#"<trkpt lon="8.25">"#, "missing_lat", "t.gpx:4: error: gpx: <trkpt> has no lat attribute"),
    (#"<trkpt lat="47.5">"#, "missing_lon", "t.gpx:4: error: gpx: <trkpt> has no lon attribute"),
    (#"<trkpt lat="91" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: "91""#),
    (#"<trkpt lat="47.5" lon="east">"#, "bad_lon", #"t.gpx:4: error: gpx: <trkpt> lon is not a longitude: "east""#),
    (#"<trkpt lat="" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: """#),
    // libxml2 hands `&` over as `&#38;`; the reader decodes it back for the message.
    (#"<trkpt lat="4&amp;7" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: "4&7""#),
    (
      #"<trkpt lat="47.5" lon="&amp;8&amp;&amp;25&amp;">"#, "bad_lon",
      #"t.gpx:4: error: gpx: <trkpt> lon is not a longitude: "&8&&25&""#
    ),
  ])
  func skipsPointsWithBadCoordinates(start: String, key: String, message: String) throws {
    let text = GPXTesting.document(
      """
      <trk><trkseg>
      \(start)<time>2024-05-01T07:03:12Z</time></trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.line) == [5])
    #expect(result.diagnostics.skipped == [key: 1])
    #expect(result.diagnostics.recordsRead == 2)
    #expect(result.diagnostics.firstProblems.map(\.description) == [message])
    #expect(GPXTesting.error(text, options: GPXTesting.options(strict: true)) == message)
  }

  @Test func aPointWithSeveralProblemsIsSkippedOnceForItsFirst() throws {
    // Waypoints, held to the end of the file: their problems are kept with them.
    let text = GPXTesting.document(
      """
      <wpt lat="91" lon="8.25"><ele>x</ele><time>2024-05-01T07:03:12Z</time></wpt>
      <wpt lat="1" lon="2"><ele>high</ele><time>bad</time></wpt>
      <wpt lat="1" lon="3"><time>2024-05-01T07:03:14Z</time></wpt>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.line) == [5])
    #expect(result.diagnostics.skipped == ["bad_lat": 1, "bad_ele": 1])
    #expect(
      result.diagnostics.firstProblems.map(\.description) == [
        #"t.gpx:3: error: gpx: <wpt> lat is not a latitude: "91""#,
        #"t.gpx:4: error: gpx: <ele> is not a number: "high""#,
      ])
  }

  @Test func readsCharacterReferencesAndSpacesInCoordinates() throws {
    let text = GPXTesting.document(
      #"<wpt lat="&#52;7.5" lon=" 8.25&#10;"><time>2024-05-01T07:03:12Z</time></wpt>"#)
    let fix = try only(try GPXTesting.parse(text))
    #expect(fix.latitude == 47.5)
    #expect(fix.longitude == 8.25)
  }

  @Test(arguments: [
    ("<ele>12,5</ele>", "bad_ele", #"t.gpx:6: error: gpx: <ele> is not a number: "12,5""#),
    ("<ele>NaN</ele>", "bad_ele", #"t.gpx:6: error: gpx: <ele> is not a number: "NaN""#),
    ("<time>yesterday</time>", "bad_time", #"t.gpx:6: error: gpx: <time> is not an ISO 8601 date-time: "yesterday""#),
    ("<sat>4.5</sat>", "bad_sat", #"t.gpx:6: error: gpx: <sat> is not a satellite count: "4.5""#),
    (
      "<extensions><gpxtpx:speed>fast</gpxtpx:speed></extensions>", "bad_speed",
      #"t.gpx:6: error: gpx: <gpxtpx:speed> is not a number: "fast""#
    ),
  ])
  func skipsPointsWithBadValuesNamingElementAndLine(value: String, key: String, message: String) throws {
    let text = GPXTesting.document(
      """
      <trk><trkseg>
      <trkpt lat="1" lon="2">
        <time>2024-05-01T07:03:12Z</time>
        \(value)
      </trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.line) == [8])
    #expect(result.diagnostics.skipped == [key: 1])
    #expect(result.diagnostics.firstProblems.map(\.description) == [message])
    #expect(GPXTesting.error(text, options: GPXTesting.options(strict: true)) == message)
  }

  @Test func longValuesAreCutInMessages() throws {
    let long = String(repeating: "9", count: 30) + "x" + String(repeating: "9", count: 30)
    let text = GPXTesting.document(
      "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time><ele>\(long)</ele></trkpt></trkseg></trk>"
    )
    #expect(
      GPXTesting.error(text, options: GPXTesting.options(strict: true))
        == "t.gpx:3: error: gpx: <ele> is not a number: \"\(String(long.prefix(40)))…\"")
  }

  // MARK: - Malformed XML

  @Test func malformedXMLGivesLibxml2sMessageAtItsLineAndColumn() {
    let text = """
      <?xml version="1.0"?>
      <gpx>
       <trk>
        <trkseg>
         <trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time>
        </trkseg>
      """
    // libxml2 reports the position just past the offending end tag: line 6, column 12.
    #expect(
      GPXTesting.error(text)
        == "t.gpx:6:12: error: gpx: Opening and ending tag mismatch: trkpt line 5 and trkseg")
  }

  @Test func truncatedXMLIsAnErrorAtTheEnd() {
    // libxml2's words were "Extra content at the end of the document"; the message
    // names the element left open and where it started. Position: the end of the file.
    #expect(
      GPXTesting.error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">")
        == "t.gpx:3:24: error: gpx: the file ends in the middle of <trkpt> opened at line 3; "
        + "it was cut short (an interrupted download or copy?)")
  }

  @Test func notXMLAtAll() {
    // libxml2's words were "Document is empty".
    #expect(
      GPXTesting.error("lat,lon\n1,2\n")
        == "t.gpx:1:1: error: gpx: not a GPX file: it does not start with an XML element")
  }
}
