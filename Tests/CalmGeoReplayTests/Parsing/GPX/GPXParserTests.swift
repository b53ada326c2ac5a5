import Foundation
import Testing
@testable import CalmGeoReplay

/// Hand-made GPX for each reading rule; expected values are worked out by hand
/// (times with Python's `datetime`, distances with R = 6,371,008.8 m).
struct GPXParserTests {
  /// 2024-05-01T07:03:12Z in milliseconds since 1970.
  static let may1 = Int64(1_714_546_992_000)

  static let onePoint = """
    <trk><trkseg>
    <trkpt lat="47.5" lon="8.25"><ele>400.5</ele><time>2024-05-01T07:03:12Z</time></trkpt>
    </trkseg></trk>
    """

  private func only(_ result: GPXTesting.Result) throws -> Fix {
    try #require(result.fixes.count == 1)
    return result.fixes[0]
  }

  // MARK: - Namespaces and encodings

  @Test(arguments: [
    #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"#,
    #"<gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">"#,
    #"<gpx>"#,
    #"<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1">"#,
  ])
  func readsGPX11GPX10AndNoNamespace(root: String) throws {
    let prefixed = root.hasPrefix("<g:")
    var body = Self.onePoint
    if prefixed {
      for name in ["trkpt", "trkseg", "trk", "ele", "time"] {
        body = body.replacingOccurrences(of: "<\(name)", with: "<g:\(name)")
          .replacingOccurrences(of: "</\(name)>", with: "</g:\(name)>")
      }
    }
    let text = "<?xml version=\"1.0\"?>\n\(root)\n\(body)\n\(prefixed ? "</g:gpx>" : "</gpx>")"
    let fix = try only(try GPXTesting.parse(text))
    #expect(fix.time == Self.may1)
    #expect(fix.latitude == 47.5)
    #expect(fix.longitude == 8.25)
    #expect(fix.altitude == 400.5)
    #expect(fix.line == 4)
    #expect(fix.flags == [.segmentStart])
  }

  @Test func readsUTF8WithByteOrderMark() throws {
    let fix = try only(try GPXTesting.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(GPXTesting.document(Self.onePoint).utf8)))
    #expect(fix.time == Self.may1)
  }

  @Test(arguments: [true, false])
  func readsUTF16(littleEndian: Bool) throws {
    let text = GPXTesting.document(Self.onePoint).replacingOccurrences(of: "UTF-8", with: "UTF-16")
    var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
    for unit in text.utf16 {
      let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
      bytes += littleEndian ? [low, high] : [high, low]
    }
    let fix = try only(try GPXTesting.parse(bytes: bytes, chunk: 7))
    #expect(fix.time == Self.may1)
    #expect(fix.altitude == 400.5)
    #expect(fix.line == 4)
    // The whole input path too: the opener recognises UTF-16 GPX by its content.
    let track = try TrackReader.load(try InputOpener.open(MemoryByteSource(bytes, name: "utf16")))
    #expect(track.format == .gpx)
    #expect(track.fixes.map(\.time) == [Self.may1])
  }

  @Test func readsISO88591() throws {
    // "Zürich" in Latin-1: ü is the single byte 0xFC, which is not valid UTF-8.
    let head = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx><trk><name>Z".utf8)
    let tail = Array("rich</name><trkseg>\n<trkpt lat=\"47.5\" lon=\"8.25\"><time>2024-05-01T07:03:12Z</time></trkpt>\n</trkseg></trk></gpx>".utf8)
    let fix = try only(try GPXTesting.parse(bytes: head + [0xFC] + tail))
    #expect(fix.time == Self.may1)
    #expect(fix.line == 3)
  }

  @Test func readsCDATAEntitiesAndComments() throws {
    let text = GPXTesting.document("""
      <!-- a comment before the track -->
      <trk><name>Fish &amp; Chips &#x263A;</name><trkseg>
      <trkpt lat="4&#55;.5" lon="8.25">
        <ele>4&#48;0<!-- split -->.5</ele>
        <time><![CDATA[2024-05-01T07:03:12Z]]></time>
        <speed>&#32;2.5 </speed>
      </trkpt>
      </trkseg></trk>
      """)
    let fix = try only(try GPXTesting.parse(text))
    #expect(fix.latitude == 47.5)
    #expect(fix.altitude == 400.5)
    #expect(fix.time == Self.may1)
    #expect(fix.speed == 2.5)
  }

  @Test func readsOneLineFilesWithoutFinalNewline() throws {
    let text = #"<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time></trkpt><trkpt lat="1.5" lon="2.5"><time>2024-05-01T07:03:13Z</time></trkpt></trkseg></trk></gpx>"#
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.time) == [Self.may1, Self.may1 + 1000])
    #expect(result.fixes.map(\.line) == [1, 1])
    #expect(result.fixes.map(\.latitude) == [1, 1.5])
  }

  @Test(arguments: [1, 2, 3, 7, 64, 4096])
  func sameFixesWhateverTheChunkSize(chunk: Int) throws {
    let text = GPXTesting.document(Self.twoTracks)
    #expect(try GPXTesting.parse(text, chunk: chunk).fixes == (try GPXTesting.parse(text).fixes))
  }

  // MARK: - Values

  @Test func readsGPX10Fields() throws {
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="-33.875" lon="151.25">
        <ele>12.25</ele><time>2024-05-01T09:03:12.250+02:00</time>
        <course>271.5</course><speed>3.75</speed>
        <geoidheight>22.5</geoidheight><fix>dgps</fix><sat>9</sat>
        <hdop>0.75</hdop><vdop>1.25</vdop><pdop>1.5</pdop>
      </trkpt>
      </trkseg></trk>
      """)
    let fix = try only(try GPXTesting.parse(text))
    #expect(fix.time == Self.may1 + 250)
    #expect(fix.latitude == -33.875)
    #expect(fix.longitude == 151.25)
    #expect(fix.altitude == 12.25)
    #expect(fix.course == 271.5)
    #expect(fix.speed == 3.75)
    #expect(fix.geoidSeparation == 22.5)
    #expect(fix.quality == 2)
    #expect(fix.satellites == 9)
    #expect(fix.hdop == 0.75)
    #expect(fix.vdop == 1.25)
    #expect(fix.pdop == 1.5)
    // No accuracy in the file: DOP × UERE (5 m), as every reader does: 0.75 · 5, 1.25 · 5.
    #expect(fix.horizontalAccuracy == 3.75)
    #expect(fix.verticalAccuracy == 6.25)
    #expect(fix.flags.contains(.horizontalAccuracyEstimated) && fix.flags.contains(.verticalAccuracyEstimated))
  }

  @Test(arguments: [
    ("none", 0), ("2d", 1), ("3d", 1), ("dgps", 2), ("pps", 3), ("something_not_in_the_spec", nil), ("", nil),
  ] as [(String, Int?)])
  func mapsFixToGGAQuality(value: String, quality: Int?) throws {
    let text = GPXTesting.document(
      "<wpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time><fix>\(value)</fix></wpt>")
    #expect(try only(try GPXTesting.parse(text)).quality == quality)
  }

  @Test(arguments: [
    ("2024-05-01T07:03:12Z", Int64(1_714_546_992_000)),
    ("2024-05-01T09:03:12+02:00", 1_714_546_992_000),
    ("2024-05-01T07:03:12.250Z", 1_714_546_992_250),
    ("1969-07-20T20:17:40Z", -14_182_940_000),
    ("  2024-05-01T07:03:12Z\n  ", 1_714_546_992_000),
  ])
  func readsTimes(text: String, millis: Int64) throws {
    let document = GPXTesting.document("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>\(text)</time></trkpt></trkseg></trk>")
    #expect(try only(try GPXTesting.parse(document)).time == millis)
  }

  @Test func pointsMayListTheirValuesInAnyOrder() throws {
    // Each point's children are classified by name, whatever the order of the points before.
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="1" lon="2"><ele>10</ele><time>2024-05-01T07:03:12Z</time><speed>1</speed></trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time><ele>20</ele><course>90</course></trkpt>
      <trkpt lat="1" lon="2"><name>x</name><speed>3</speed><time>2024-05-01T07:03:14Z</time></trkpt>
      <trkpt lat="1" lon="2"><ele>40</ele><time>2024-05-01T07:03:15Z</time><speed>4</speed></trkpt>
      </trkseg></trk>
      """)
    let fixes = try GPXTesting.parse(text).fixes
    #expect(fixes.map(\.time) == [Self.may1, Self.may1 + 1000, Self.may1 + 2000, Self.may1 + 3000])
    #expect(fixes.map(\.altitude) == [10, 20, nil, 40])
    #expect(fixes.map(\.speed) == [1, nil, 3, 4])
    #expect(fixes.map(\.course) == [nil, 90, nil, nil])
  }

  @Test func valuesLongerThanTheTextBufferAreRefusedUnlessOnlySpacesAreCut() throws {
    // Up to 128 bytes of a value are kept; a value longer than that is not a number,
    // even one the number parser would read, while trailing whitespace may be cut.
    let digits = String(repeating: "1", count: 200)
    let spaces = String(repeating: " ", count: 200)
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time><ele>\(digits)</ele></trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time><ele>  1.5\(spaces)</ele></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.diagnostics.skipped == ["bad_ele": 1])
    #expect(result.fixes.map(\.altitude) == [1.5])
  }

  @Test func estimatesAreCountedEvenWhenAStrictReadStops() throws {
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time><hdop>1</hdop><vdop>2</vdop></trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time><hdop>1</hdop></trkpt>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:14Z</time><ele>high</ele></trkpt>
      </trkseg></trk>
      """)
    var diagnostics = InputDiagnostics(strict: true)
    var parser = GPXParser(file: "t.gpx", options: GPXTesting.options(strict: true))
    var fixes = 0
    #expect(throws: ParseError.self) {
      try parser.parse(MemoryByteSource(Array(text.utf8), name: "t.gpx"), diagnostics: &diagnostics) { _ in fixes += 1 }
    }
    #expect(fixes == 2)
    #expect(diagnostics.estimated == ["horizontal_accuracy_from_hdop": 2, "vertical_accuracy_from_vdop": 1])
  }

  @Test func emptyValuesAreAbsent() throws {
    // OsmAnd writes <ele></ele>; an empty element is "no value", not an error.
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time><ele></ele><hdop/><fix> </fix></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    let fix = try only(result)
    #expect(fix.altitude == nil)
    #expect(fix.hdop == nil)
    #expect(fix.quality == nil)
    #expect(result.diagnostics.skipped.isEmpty)
  }

  // MARK: - Extensions

  /// One point whose `<extensions>` holds `extensions`, in a root declaring `namespaces`.
  private func extensionPoint(_ extensions: String, namespaces: String = "", core: String = "") throws -> Fix {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \(namespaces)>
      <trk><trkseg><trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time>\(core)
      <extensions>\(extensions)</extensions>
      </trkpt></trkseg></trk></gpx>
      """
    return try only(try GPXTesting.parse(text))
  }

  @Test func readsGarminTrackPointExtensionV1() throws {
    let fix = try extensionPoint(
      "<gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr><gpxtpx:speed>4.25</gpxtpx:speed>"
        + "<gpxtpx:course>90.5</gpxtpx:course></gpxtpx:TrackPointExtension>",
      namespaces: #"xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1""#)
    #expect(fix.speed == 4.25)
    #expect(fix.course == 90.5)
  }

  @Test func readsGarminTrackPointExtensionV2() throws {
    let fix = try extensionPoint(
      "<ns3:TrackPointExtension><ns3:atemp>21</ns3:atemp><ns3:speed>6.5</ns3:speed>"
        + "<ns3:course>180.25</ns3:course></ns3:TrackPointExtension>",
      namespaces: #"xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v2""#)
    #expect(fix.speed == 6.5)
    #expect(fix.course == 180.25)
  }

  @Test func readsPlainSpeedAndCourseInExtensions() throws {
    let fix = try extensionPoint("<speed>0.5</speed><course>12.5</course>")
    #expect(fix.speed == 0.5)
    #expect(fix.course == 12.5)
  }

  @Test func readsOsmAndSpeedHDOPAndHeading() throws {
    let fix = try extensionPoint(
      "<osmand:speed>1.25</osmand:speed><osmand:hdop>3.5</osmand:hdop><osmand:heading>45.5</osmand:heading>",
      namespaces: #"xmlns:osmand="https://osmand.net""#)
    #expect(fix.speed == 1.25)
    #expect(fix.hdop == 3.5)
    #expect(fix.course == 45.5)
  }

  @Test func readsAppleHealthRouteExtensions() throws {
    let fix = try extensionPoint("<speed>2.75</speed><course>301.5</course><hAcc>4.5</hAcc><vAcc>3.25</vAcc>")
    #expect(fix.speed == 2.75)
    #expect(fix.course == 301.5)
    #expect(fix.horizontalAccuracy == 4.5)
    #expect(fix.verticalAccuracy == 3.25)
  }

  @Test func readsAccuracyAsHorizontalAccuracy() throws {
    #expect(try extensionPoint("<accuracy>6.5</accuracy>").horizontalAccuracy == 6.5)
  }

  @Test func ignoresUnknownExtensions() throws {
    let fix = try extensionPoint(
      "<gpxx:TrackPointExtension><gpxx:Depth>3</gpxx:Depth></gpxx:TrackPointExtension><power>250</power>",
      namespaces: #"xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3""#)
    #expect(fix.speed == nil)
    #expect(fix.altitude == nil)
  }

  @Test func readsExtensionsWhosePrefixWasNeverDeclared() throws {
    // libxml2 reports "Namespace prefix gpxtpx on speed is not defined" and goes on.
    #expect(try extensionPoint("<gpxtpx:speed>4.5</gpxtpx:speed>").speed == 4.5)
  }

  @Test func coreValuesWinOverExtensions() throws {
    let fix = try extensionPoint("<speed>3.5</speed><course>10.5</course>", core: "<speed>2.5</speed>")
    #expect(fix.speed == 2.5)
    #expect(fix.course == 10.5)
  }

  // MARK: - Tracks, segments, routes and waypoints

  /// Track 1 has segments of 2 and 1 points, track 2 one segment of 2 points; times
  /// run 07:03:12 to 07:03:16, one second apart, on lines 4, 5, 7, 9 and 10.
  static let twoTracks = """
    <trk><name>one</name><trkseg>
    <trkpt lat="1" lon="1"><time>2024-05-01T07:03:12Z</time></trkpt>
    <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time></trkpt>
    </trkseg><trkseg>
    <trkpt lat="1" lon="3"><time>2024-05-01T07:03:14Z</time></trkpt>
    </trkseg></trk><trk><name>two</name><trkseg>
    <trkpt lat="2" lon="1"><time>2024-05-01T07:03:15Z</time></trkpt>
    <trkpt lat="2" lon="2"><time>2024-05-01T07:03:16Z</time></trkpt>
    </trkseg></trk>
    """

  @Test(arguments: [
    (nil, nil, [4, 5, 7, 9, 10], [4, 7, 9], [:]),
    (1, nil, [4, 5, 7], [4, 7], ["unselected_trkpt": 2]),
    (2, nil, [9, 10], [9], ["unselected_trkpt": 3]),
    (nil, 2, [7], [7], ["unselected_trkpt": 4]),
    (1, 1, [4, 5], [4], ["unselected_trkpt": 3]),
  ] as [(Int?, Int?, [UInt32], [UInt32], [String: Int])])
  func selectsTracksAndSegments(track: Int?, segment: Int?, lines: [UInt32], starts: [UInt32], ignored: [String: Int]) throws {
    let result = try GPXTesting.parse(
      GPXTesting.document(Self.twoTracks), options: GPXTesting.options(track: track, segment: segment))
    #expect(result.fixes.map(\.line) == lines)
    #expect(result.fixes.filter { $0.flags.contains(.segmentStart) }.map(\.line) == starts)
    #expect(result.diagnostics.ignored == ignored)
    #expect(result.diagnostics.recordsRead == 5)
  }

  @Test func selectionBeyondTheFileIsAnError() {
    let text = GPXTesting.document(Self.twoTracks)
    #expect(GPXTesting.error(text, options: GPXTesting.options(track: 3))
      == "t.gpx: error: gpx: --track 3 selects nothing: the file has 2 tracks")
    #expect(GPXTesting.error(text, options: GPXTesting.options(track: 2, segment: 2))
      == "t.gpx: error: gpx: --segment 2 selects nothing: track 2 has 1 segment")
    #expect(GPXTesting.error(text, options: GPXTesting.options(segment: 3))
      == "t.gpx: error: gpx: --segment 3 selects nothing: no track has more than 2 segments")
  }

  @Test func readsXcodeSimulatedLocationWaypoints() throws {
    // The shape of Xcode's "Add GPX File to Project" template.
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="Xcode">
          <wpt lat="37.331705" lon="-122.030237">
              <name>Cupertino</name>
              <time>2024-05-01T07:03:12Z</time>
          </wpt>
          <wpt lat="37.331805" lon="-122.030337">
              <time>2024-05-01T07:03:13Z</time>
          </wpt>
      </gpx>
      """
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.time) == [Self.may1, Self.may1 + 1000])
    #expect(result.fixes.map(\.latitude) == [37.331705, 37.331805])
    #expect(result.fixes.map(\.line) == [3, 7])
    #expect(result.fixes.map(\.flags) == [.segmentStart, []])
  }

  @Test func readsRoutePointsBeforeWaypointsWhenThereIsNoTrack() throws {
    let text = GPXTesting.document("""
      <wpt lat="9" lon="9"><time>2024-05-01T07:03:12Z</time></wpt>
      <rte><rtept lat="1" lon="1"><time>2024-05-01T07:03:13Z</time></rtept>
      <rtept lat="1" lon="2"><time>2024-05-01T07:03:14Z</time></rtept></rte>
      <rte><rtept lat="1" lon="3"><time>2024-05-01T07:03:15Z</time></rtept></rte>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.longitude) == [1, 2, 3])
    #expect(result.fixes.map(\.flags) == [.segmentStart, [], .segmentStart])
    #expect(result.diagnostics.ignored == ["wpt": 1])
  }

  @Test func dropsHeldWaypointsAndRoutePointsOnceATrackPointAppears() throws {
    let text = GPXTesting.document("""
      <wpt lat="9" lon="9"><time>2024-05-01T07:03:12Z</time></wpt>
      <rte><rtept lat="8" lon="8"><time>2024-05-01T07:03:12Z</time></rtept></rte>
      \(Self.onePoint)
      <wpt lat="7" lon="7"><time>2024-05-01T07:03:12Z</time></wpt>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.latitude) == [47.5])
    #expect(result.diagnostics.ignored == ["wpt": 2, "rtept": 1])
    #expect(result.diagnostics.recordsRead == 4)
  }

  @Test func emptyGPXIsAnError() {
    #expect(GPXTesting.error(GPXTesting.document("<metadata><name>x</name></metadata>"))
      == "t.gpx: error: gpx: the file has no <trkpt>, <rtept> or <wpt>")
  }

  @Test func otherRootElementsAreRefused() {
    #expect(GPXTesting.error("<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>")
      == "t.gpx:2: error: gpx: the root element is <kml>, not <gpx>")
  }

  // MARK: - Times

  static let timeless = """
    <trk><trkseg>
    <trkpt lat="0" lon="0"></trkpt>
    <trkpt lat="0" lon="0.001"></trkpt>
    <trkpt lat="0" lon="0.002"></trkpt>
    </trkseg></trk>
    """

  @Test func fileWithoutTimesNamesAssumeSpeed() throws {
    let text = GPXTesting.document(Self.timeless)
    #expect(GPXTesting.error(text)
      == "t.gpx: error: gpx: no point has a <time>, so the log has no clock to replay on; "
      + "pass --assume-speed M/S to synthesize times along the path at that speed")
    #expect(GPXTesting.error(text, options: GPXTesting.options(strict: true))
      == "t.gpx:4: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed")
  }

  @Test func assumeSpeedSynthesizesTimesAlongThePath() throws {
    // On the equator 0.001° of longitude is 6,371,008.8 m × π/180 × 0.001 = 111.195080 m:
    // at 10 m/s, 11.119508 s → 11,120 ms; twice that, 22.239016 s → 22,239 ms.
    let result = try GPXTesting.parse(GPXTesting.document(Self.timeless), options: GPXTesting.options(assumeSpeed: 10))
    let epoch = Int64(946_684_800_000)  // 2000-01-01T00:00:00Z
    #expect(result.fixes.map(\.time) == [epoch, epoch + 11_120, epoch + 22_239])
    #expect(result.fixes.map(\.flags) == [[.timeSynthesized, .segmentStart], .timeSynthesized, .timeSynthesized])
    // No point has a time: the only anchor is the fixed epoch, and the stats say so.
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_from_epoch": 3])
  }

  @Test func assumeSpeedStartsAtTheMetadataTimeWhenNoPointHasOne() throws {
    // GPX 1.1: <metadata><time> is when the file was made. 2024-05-01T07:03:12Z is
    // 1,714,546,992,000 ms; the steps are those of the test above (11,120 and 22,239 ms).
    let text = GPXTesting.document("<metadata><name>x</name><time> 2024-05-01T07:03:12Z </time></metadata>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    let start = Int64(1_714_546_992_000)
    #expect(result.fixes.map(\.time) == [start, start + 11_120, start + 22_239])
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_from_document": 3])
  }

  @Test func assumeSpeedStartsAtTheGPX10RootTime() throws {
    // GPX 1.0 puts the file's time directly under <gpx>; a <time> inside <trk> (not GPX) is not it.
    let text = GPXTesting.document("<time>2024-05-01T07:03:12+02:00</time>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    let time: Int64 = 1_714_546_992_000 - 7_200_000  // 07:03:12 at +02:00 is 05:03:12Z
    #expect(result.fixes.first?.time == time)
    let nested = GPXTesting.document(Self.timeless.replacingOccurrences(of: "<trk>", with: "<trk><time>2024-05-01T07:03:12Z</time>"))
    let fromEpoch = try GPXTesting.parse(nested, options: GPXTesting.options(assumeSpeed: 10))
    #expect(fromEpoch.fixes.first?.time == 946_684_800_000)
    #expect(fromEpoch.diagnostics.estimated["time_from_epoch"] == 3)
  }

  @Test func aBadMetadataTimeFallsBackToTheFixedEpoch() throws {
    let text = GPXTesting.document("<metadata><time>yesterday</time></metadata>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    #expect(result.fixes.first?.time == 946_684_800_000)
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test func theMetadataTimeDoesNotMoveRealTimes() throws {
    // A point with its own time anchors the others; the metadata time is not used.
    let text = GPXTesting.document("""
      <metadata><time>2030-01-01T00:00:00Z</time></metadata>
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"><time>2024-05-01T07:03:12Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    #expect(result.fixes.map(\.time) == [1_714_546_992_000 - 11_120, 1_714_546_992_000])
    #expect(result.diagnostics.estimated["time_extrapolated"] == 1)
  }

  @Test func assumeSpeedContinuesFromTheLastRealTime() throws {
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2024-05-01T07:03:12Z</time></trkpt>
      <trkpt lat="0" lon="0.001"></trkpt>
      <trkpt lat="0" lon="0.002"></trkpt>
      <trkpt lat="0" lon="0.003"><time>2024-05-01T07:04:00Z</time></trkpt>
      <trkpt lat="0" lon="0.004"></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    // Between the real times 07:03:12 and 07:04:00 (48 s over three equal legs of
    // 111.195 m) the two points take 1/3 and 2/3 of the span: +16 000 and +32 000 ms (the
    // log's own pace, not 10 m/s). After the last real time, 10 m/s: +11 120 ms.
    #expect(result.fixes.map(\.time) == [
      Self.may1, Self.may1 + 16_000, Self.may1 + 32_000, Self.may1 + 48_000, Self.may1 + 48_000 + 11_120,
    ])
    #expect(result.fixes.map { $0.flags.contains(.timeSynthesized) } == [false, true, true, false, true])
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_interpolated": 2, "time_extrapolated": 1])
  }

  /// Issue 12 item 1: leading timeless points were dated 2000-01-01, years before the
  /// timed rest; they are now timed backwards from the first real time.
  @Test func assumeSpeedTimesLeadingPointsBackwardsFromTheFirstRealTime() throws {
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"></trkpt>
      <trkpt lat="0" lon="0.002"><time>2024-05-01T07:03:12Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    // 222.390 m before it at 10 m/s: 22 239 ms earlier; 111.195 m: 11 120 ms earlier.
    #expect(result.fixes.map(\.time) == [Self.may1 - 22_239, Self.may1 - 11_120, Self.may1])
    #expect(result.diagnostics.estimated == ["time_synthesized": 2, "time_extrapolated": 2])
  }

  @Test func timelessPointsAmongTimedOnesAreSkipped() throws {
    let text = GPXTesting.document("""
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"><time>2024-05-01T07:03:12Z</time></trkpt>
      <trkpt lat="0" lon="0.002"></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.line) == [5])
    #expect(result.fixes.map(\.flags) == [.segmentStart])
    #expect(result.diagnostics.skipped == ["missing_time": 2])
    #expect(result.diagnostics.firstProblems.map(\.description) == [
      "t.gpx:4: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed",
      "t.gpx:6: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed",
    ])
  }

  // MARK: - Bad points

  @Test(arguments: [
    (#"<trkpt lon="8.25">"#, "missing_lat", "t.gpx:4: error: gpx: <trkpt> has no lat attribute"),
    (#"<trkpt lat="47.5">"#, "missing_lon", "t.gpx:4: error: gpx: <trkpt> has no lon attribute"),
    (#"<trkpt lat="91" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: "91""#),
    (#"<trkpt lat="47.5" lon="east">"#, "bad_lon", #"t.gpx:4: error: gpx: <trkpt> lon is not a longitude: "east""#),
    (#"<trkpt lat="" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: """#),
    // libxml2 hands `&` over as `&#38;`; the reader decodes it back for the message.
    (#"<trkpt lat="4&amp;7" lon="8.25">"#, "bad_lat", #"t.gpx:4: error: gpx: <trkpt> lat is not a latitude: "4&7""#),
    (#"<trkpt lat="47.5" lon="&amp;8&amp;&amp;25&amp;">"#, "bad_lon",
     #"t.gpx:4: error: gpx: <trkpt> lon is not a longitude: "&8&&25&""#),
  ])
  func skipsPointsWithBadCoordinates(start: String, key: String, message: String) throws {
    let text = GPXTesting.document("""
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
    ("<extensions><gpxtpx:speed>fast</gpxtpx:speed></extensions>", "bad_speed",
     #"t.gpx:6: error: gpx: <gpxtpx:speed> is not a number: "fast""#),
  ])
  func skipsPointsWithBadValuesNamingElementAndLine(value: String, key: String, message: String) throws {
    let text = GPXTesting.document("""
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
      "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time><ele>\(long)</ele></trkpt></trkseg></trk>")
    #expect(GPXTesting.error(text, options: GPXTesting.options(strict: true))
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
    #expect(GPXTesting.error(text)
      == "t.gpx:6:12: error: gpx: Opening and ending tag mismatch: trkpt line 5 and trkseg")
  }

  @Test func truncatedXMLIsAnErrorAtTheEnd() {
    // libxml2's words were "Extra content at the end of the document"; the message
    // names the element left open and where it started. Position: the end of the file.
    #expect(GPXTesting.error("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">")
      == "t.gpx:3:24: error: gpx: the file ends in the middle of <trkpt> opened at line 3; "
        + "it was cut short (an interrupted download or copy?)")
  }

  @Test func notXMLAtAll() {
    // libxml2's words were "Document is empty".
    #expect(GPXTesting.error("lat,lon\n1,2\n")
      == "t.gpx:1:1: error: gpx: not a GPX file: it does not start with an XML element")
  }
}
