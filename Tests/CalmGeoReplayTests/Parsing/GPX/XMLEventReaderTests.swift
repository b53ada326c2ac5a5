import Foundation
import Testing

@testable import CalmGeoReplay

// Nested in GPXParserTests so that `swift test --filter GPX` runs it with the rest.
extension GPXParserTests {
  /// How the libxml2 seam behaves: hostile documents, positions, limits
  /// (`../shared/docs/STYLE.md` §5), seen through `GPXParser`.
  struct XMLEventReaderTests {
    static let refusal =
      "<!DOCTYPE> is refused: GPX needs no DTD, and DTDs are how external-entity (XXE) "
      + "and entity-expansion (billion laughs) attacks work"

    private func fixture(_ name: String) throws -> [UInt8] {
      Array(try Data(contentsOf: URL(fileURLWithPath: Fixture.path("gpx/\(name)"))))
    }

    /// The rendered error and how long the parse took.
    private func timedError(_ bytes: [UInt8], file: String = "t.gpx") -> (String, Duration) {
      let clock = ContinuousClock()
      var message = ""
      let elapsed = clock.measure { message = GPXTesting.error(bytes: bytes, file: file) }
      return (message, elapsed)
    }

    // MARK: - Hostile XML

    @Test func externalEntityIsRefused() throws {
      let (message, elapsed) = timedError(try fixture("xxe-external-entity.gpx"), file: "xxe-external-entity.gpx")
      #expect(message == "xxe-external-entity.gpx: error: gpx: \(Self.refusal)")
      #expect(elapsed < .seconds(1))
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
      // libxml2's own entity-loop check fires while it parses ahead, before the
      // DOCTYPE node reaches us; the refusal names the DTD and keeps libxml2's words.
      let (message, elapsed) = timedError(try fixture("billion-laughs.gpx"), file: "billion-laughs.gpx")
      #expect(
        message == "billion-laughs.gpx: error: gpx: \(Self.refusal) "
          + "(libxml2 stopped first: Detected an entity reference loop)")
      #expect(elapsed < .seconds(1))
    }

    @Test func billionLaughsFarIntoTheFileIsRefusedAtTheDOCTYPE() throws {
      // Here the entity is used only after 2,000 points: the DOCTYPE node comes first.
      var text = String(decoding: try fixture("billion-laughs.gpx"), as: UTF8.self)
      let points = String(repeating: "<wpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></wpt>\n", count: 2000)
      text = text.replacingOccurrences(of: "  <wpt lat=\"47.5\"", with: points + "  <wpt lat=\"47.5\"")
      let (message, elapsed) = timedError(Array(text.utf8))
      #expect(message == "t.gpx: error: gpx: \(Self.refusal)")
      #expect(elapsed < .seconds(1))
    }

    @Test func quadraticBlowupIsRefused() {
      let blob = String(repeating: "A", count: 50_000)
      let references = String(repeating: "&a;", count: 50_000)
      let text =
        "<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY a \"\(blob)\">]>"
        + "<gpx><wpt lat=\"1\" lon=\"2\"><name>\(references)</name></wpt></gpx>"
      let (message, elapsed) = timedError(Array(text.utf8))
      #expect(message == "t.gpx: error: gpx: \(Self.refusal)")
      #expect(elapsed < .seconds(1))
    }

    @Test func externalDTDAndParameterEntitiesAreNeitherLoadedNorAccepted() throws {
      // If libxml2 loaded this file, its syntax error would be the message.
      let dtd = FileManager.default.temporaryDirectory.appendingPathComponent("calmgeo-gpx-\(UUID()).dtd")
      try "<!ENTITY broken <<<".write(to: dtd, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: dtd) }
      let parameter =
        "<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ENTITY % pe SYSTEM \"\(dtd.absoluteString)\"> %pe;]>"
        + "<gpx><wpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></wpt></gpx>"
      #expect(GPXTesting.error(parameter) == "t.gpx: error: gpx: \(Self.refusal)")
      // NONET: an external subset on the network is never fetched (nothing listens there).
      let system =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"http://127.0.0.1:9/gpx.dtd\">\n"
        + "<gpx><wpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></wpt></gpx>"
      #expect(GPXTesting.error(system) == "t.gpx: error: gpx: \(Self.refusal)")
    }

    @Test func hugeTextNodeHitsLibxml2sLimit() {
      // Without XML_PARSE_HUGE a text node stops at 10,000,000 bytes.
      let text =
        "<gpx><wpt lat=\"1\" lon=\"2\"><desc>" + String(repeating: "x", count: 10_000_001)
        + "</desc><time>2024-05-01T07:03:12Z</time></wpt></gpx>"
      #expect(GPXTesting.error(text) == "t.gpx:1:10000034: error: gpx: xmlSAX2Characters: huge text node")
    }

    @Test func oneLineOfElevenMegabytesNeedsNoHugeFlag() throws {
      let point = #"<trkpt lat="1.5" lon="2.5"><ele>3</ele><time>2024-05-01T07:03:12Z</time></trkpt>"#
      let text = "<gpx><trk><trkseg>" + String(repeating: point, count: 140_000) + "</trkseg></trk></gpx>"
      #expect(text.utf8.count > 11_000_000)
      let result = try GPXTesting.parse(text)
      #expect(result.fixes.count == 140_000)
      #expect(result.fixes.last?.line == 1)
    }

    // MARK: - Positions (STYLE §5)

    @Test func elementLinesAreExactBelow65536() throws {
      let text =
        "<gpx><trk><trkseg>" + String(repeating: "\n", count: 65_000)
        + "<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></trkpt></trkseg></trk></gpx>"
      #expect(try GPXTesting.parse(text).fixes.map(\.line) == [65_001])
    }

    @Test func elementLinesPast65535AreExact() throws {
      // A trkpt on line 70002, its first child on line 70003. The tree reader stored
      // 65535 for the element and lent it its first child's line (70003); the SAX2
      // reader reads the parser's own line when the start tag ends.
      let text =
        "<gpx><trk><trkseg>" + String(repeating: "\n", count: 70_001)
        + "<trkpt lat=\"1\" lon=\"2\">\n<time>2024-05-01T07:03:12Z</time></trkpt></trkseg></trk></gpx>"
      #expect(try GPXTesting.parse(text).fixes.map(\.line) == [70_002])
    }

    @Test(arguments: ["OOOO", "ØØØØ", "😀😀😀😀"])
    func columnsCountCharactersNotBytes(filler: String) {
      // 1, 2 and 4 UTF-8 bytes per character: the same column each time.
      #expect(
        GPXTesting.error("<gpx>\(filler)</gpy>")
          == "t.gpx:1:16: error: gpx: Opening and ending tag mismatch: gpx line 1 and gpy")
    }

    // MARK: - Batches (XMLEventBatch)

    @Test func theHandlersErrorComesBeforeAnXMLErrorLaterInTheSameChunk() {
      // The whole document is one chunk: libxml2 reaches the mismatched tag before the
      // handler sees <kml>, and the handler's error must still win, as it comes first.
      #expect(
        GPXTesting.error("<?xml version=\"1.0\"?>\n<kml><a></b></kml>")
          == "t.gpx:2: error: gpx: the root element is <kml>, not <gpx>")
      let bad =
        GPXTesting.document(
          #"<trk><trkseg><trkpt lat="95" lon="2"><time>2024-05-01T07:03:12Z</time></trkpt></trkseg></trk>"#) + "</b>"
      #expect(
        GPXTesting.error(bad, options: GPXTesting.options(strict: true))
          == "t.gpx:3: error: gpx: <trkpt> lat is not a latitude: \"95\"")
    }

    @Test func aTextTooBigForABatchIsHandedOverWhole() throws {
      // A CDATA section comes in one piece; past the batch's bytes it is handed over
      // at once, pointing at libxml2's bytes.
      let padding = String(repeating: " ", count: XMLEventBatch.byteCapacity + 10)
      for ele in ["<![CDATA[12.5\(padding)]]>", "<![CDATA[\(padding)12.5]]>"] {
        let text = GPXTesting.document(
          #"<wpt lat="1" lon="2"><ele>\#(ele)</ele><time>2024-05-01T07:03:12Z</time></wpt>"#)
        #expect(try GPXTesting.parse(text).fixes.map(\.altitude) == [12.5])
      }
    }

    @Test func anElementWhoseAttributesDoNotFitInABatchIsHandedOverWhole() throws {
      let long = String(repeating: "x", count: XMLEventBatch.byteCapacity + 10)
      let text = GPXTesting.document(
        #"<wpt note="\#(long)" lat="1.25" lon="2.5"><time>2024-05-01T07:03:12Z</time></wpt>"#
          + #"<wpt lat="3.5" lon="4.75"><time>2024-05-01T07:03:13Z</time></wpt>"#)
      let fixes = try GPXTesting.parse(text).fixes
      #expect(fixes.map(\.latitude) == [1.25, 3.5])
      #expect(fixes.map(\.longitude) == [2.5, 4.75])
    }

    @Test func batchesFillingUpInTheMiddleOfAChunkLoseNothing() throws {
      // Many more events than a batch holds, in one chunk and in chunks of 7 bytes.
      let points = (0..<(XMLEventBatch.eventCapacity / 2)).map {
        #"<trkpt lat="1" lon="\#(Double($0) / 8)"><ele>\#($0)</ele><time>2024-05-01T07:03:12Z</time></trkpt>"#
      }
      let times = (0..<points.count).map {
        String(format: "2024-05-01T%02d:%02d:%02dZ", $0 / 3600, $0 / 60 % 60, $0 % 60)
      }
      let text = GPXTesting.document(
        "<trk><trkseg>"
          + zip(points, times).map {
            $0.replacingOccurrences(of: "2024-05-01T07:03:12Z", with: $1)
          }.joined(separator: "\n") + "</trkseg></trk>")
      for chunk in [Int.max, 7] {
        let fixes = try GPXTesting.parse(text, chunk: chunk).fixes
        #expect(fixes.count == points.count)
        #expect(fixes.map(\.altitude) == (0..<points.count).map { Double($0) })
        #expect(fixes.map(\.longitude) == (0..<points.count).map { Double($0) / 8 })
      }
    }

    // MARK: - Sources

    @Test func errorsOfTheByteSourceComeThroughUnchanged() throws {
      // A gzip stream cut in the middle: the gzip error, not a libxml2 one.
      // Varying coordinates, so that half of the gzip stream is more than the 4 KB the opener peeks at.
      let points = (0..<3000).map {
        #"<wpt lat="\#(Double($0) * 0.000123)" lon="8.25"><time>2024-05-01T07:03:12Z</time></wpt>"#
      }
      let text = GPXTesting.document(points.joined(separator: "\n"))
      let gzipped = try gzip(Array(text.utf8))
      let cut = Array(gzipped.prefix(gzipped.count / 2))
      let opened = try InputOpener.open(MemoryByteSource(cut, name: "cut.gpx.gz"))
      do {
        _ = try TrackReader.load(opened)
        Issue.record("a truncated gzip stream was read without error")
      } catch {
        #expect(error.description == "cut.gpx.gz: error: gzip: gzip stream is truncated")
      }
    }
  }
}

/// Compresses `bytes` with `/bin/gzip`.
func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calmgeo-gpx-\(UUID())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let plain = directory.appendingPathComponent("in")
  try Data(bytes).write(to: plain)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/gzip")
  process.arguments = ["-k", "-n", plain.path]
  try process.run()
  process.waitUntilExit()
  return Array(try Data(contentsOf: directory.appendingPathComponent("in.gz")))
}
