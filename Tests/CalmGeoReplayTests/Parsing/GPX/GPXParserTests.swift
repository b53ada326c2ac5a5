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

  func only(_ result: GPXTesting.Result) throws -> Fix {
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
    let fix = try only(
      try GPXTesting.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(GPXTesting.document(Self.onePoint).utf8)))
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
    let tail = Array(
      "rich</name><trkseg>\n<trkpt lat=\"47.5\" lon=\"8.25\"><time>2024-05-01T07:03:12Z</time></trkpt>\n</trkseg></trk></gpx>"
        .utf8)
    let fix = try only(try GPXTesting.parse(bytes: head + [0xFC] + tail))
    #expect(fix.time == Self.may1)
    #expect(fix.line == 3)
  }

  @Test func readsCDATAEntitiesAndComments() throws {
    let text = GPXTesting.document(
      """
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
    let text =
      #"<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2024-05-01T07:03:12Z</time></trkpt><trkpt lat="1.5" lon="2.5"><time>2024-05-01T07:03:13Z</time></trkpt></trkseg></trk></gpx>"#
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
    let text = GPXTesting.document(
      """
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

  @Test(
    arguments: [
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
    let document = GPXTesting.document(
      "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>\(text)</time></trkpt></trkseg></trk>")
    #expect(try only(try GPXTesting.parse(document)).time == millis)
  }

  @Test func pointsMayListTheirValuesInAnyOrder() throws {
    // Each point's children are classified by name, whatever the order of the points before.
    let text = GPXTesting.document(
      """
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
    let text = GPXTesting.document(
      """
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
    let text = GPXTesting.document(
      """
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
    let text = GPXTesting.document(
      """
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

  @Test func readsLowerCaseAccuracySpellings() throws {
    // TPX-style loggers write `hacc` and `vacc`.
    let fix = try extensionPoint("<hacc>7.5</hacc><vacc>9.25</vacc>")
    #expect(fix.horizontalAccuracy == 7.5)
    #expect(fix.verticalAccuracy == 9.25)
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
}
