import Foundation
import Testing

@testable import CalmGeoReplay

#if canImport(Glibc)
  import Glibc
#endif

// Nested in GPXParserTests so that `swift test --filter GPX` runs it with the rest.
extension GPXParserTests {
  /// Files that are empty, not XML, cut short, or built to exhaust memory: each ends
  /// in a clear error, in bounded memory.
  struct GPXHostileInputTests {
    // MARK: - Messages for users (libxml2's words were "Document is empty" and the like)

    @Test func emptyFileSaysSo() {
      #expect(GPXTesting.error(bytes: []) == "t.gpx: error: gpx: the file is empty")
      #expect(GPXTesting.error(" \n\t\r\n") == "t.gpx: error: gpx: the file is empty (only whitespace)")
    }

    @Test func randomBytesAreNotAGPXFile() {
      var random = SplitMix64(seed: 13)
      let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      #expect(bytes.first != UInt8(ascii: "<"))
      #expect(
        GPXTesting.error(bytes: bytes).contains(": error: gpx: not a GPX file: it does not start with an XML element"))
    }

    @Test(arguments: [
      // (text, message): cut inside a value, inside a start tag, inside an end tag.
      ("<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05", "<time> opened at line 3"),
      ("<gpx>\n<trk>\n<trkseg><trkpt lat=\"1", "<trkseg> opened at line 3"),
      (
        "<gpx>\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></trkpt></trkseg></tr",
        "<trk> opened at line 2"
      ),
    ])
    func fileCutShortNamesTheOpenElement(text: String, opened: String) {
      let message = GPXTesting.error(text)
      #expect(message.contains("error: gpx: the file ends in the middle of \(opened); it was cut short"), "\(message)")
    }

    @Test func fileCutShortAfterTheRootEndedIsFine() throws {
      // Nothing is open: a missing final newline is no truncation.
      let text =
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></trkpt></trkseg></trk></gpx>"
      #expect(try GPXTesting.parse(text).fixes.count == 1)
    }

    // MARK: - Memory

    // The leak of 7-23 KB per file that ends in an XML error is measured on the
    // tool, in a process of its own: see RobustnessCLITests.

    @Test func millionsOfCommentsInsideOnePointStayInBoundedMemory() throws {
      // The tree reader kept every comment as a child of the open point: 6 M cost 1.76 GB.
      // 3 M comments (21 MB) streamed (about 880 MB that way); the resident size may not
      // grow by 256 MB (other tests run in parallel and share the process).
      let source = RepeatingSource(
        head: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">", unit: "<!---->", count: 3_000_000,
        tail: "<time>2024-05-01T07:03:12Z</time></trkpt></trkseg></trk></gpx>")
      var diagnostics = InputDiagnostics(strict: false, maxProblems: 5)
      var fixes: [Fix] = []
      var parser = GPXParser(file: "t.gpx", options: ParseOptions())
      try parser.parse(source, diagnostics: &diagnostics) { fixes.append($0) }
      #expect(fixes.count == 1)
      #expect(source.peakGrowth < 256_000_000, "resident size grew by \(source.peakGrowth) bytes")
    }

    @Test func aFiftyMegabyteTextNodeStopsAtTenMegabytes() {
      let source = RepeatingSource(
        head: "<gpx><wpt lat=\"1\" lon=\"2\"><desc>", unit: String(repeating: "x", count: 1000), count: 50_000,
        tail: "</desc><time>2024-05-01T07:03:12Z</time></wpt></gpx>")
      #expect(Self.error(source).contains("error: gpx: xmlSAX2Characters: huge text node"))
      #expect(source.bytesRead < 12_000_000)
      #expect(source.peakGrowth < 256_000_000, "resident size grew by \(source.peakGrowth) bytes")
    }

    @Test func aHundredThousandNestedElementsStopAtTheDepthLimit() {
      let source = RepeatingSource(head: "<gpx>", unit: "<a>", count: 100_000, tail: "")
      // <gpx> is depth 1 (columns 1-5); the 256th <a> would be depth 257, and its
      // '>' is on column 5 + 256 * 3 = 773.
      #expect(Self.error(source) == "t.gpx:1:773: error: gpx: elements are nested more than 256 deep")
    }

    private static func error(_ source: any ByteSource) -> String {
      var diagnostics = InputDiagnostics(strict: false, maxProblems: 5)
      var parser = GPXParser(file: "t.gpx", options: ParseOptions())
      do {
        try parser.parse(source, diagnostics: &diagnostics) { _ in }
        return "no error"
      } catch {
        return error.description
      }
    }
  }
}

/// `head`, then `unit` `count` times, then `tail`, made as they are read, noting the
/// largest growth of the process's resident size seen between reads.
final class RepeatingSource: ByteSource {
  let name = "t.gpx"
  private var pending: [UInt8]
  private let unit: [UInt8]
  private var remaining: Int
  private let tail: [UInt8]
  private var tailSent = false
  private let baseline = RepeatingSource.residentBytes()
  private(set) var peakGrowth = 0
  private(set) var bytesRead = 0

  init(head: String, unit: String, count: Int, tail: String) {
    pending = Array(head.utf8)
    self.unit = Array(unit.utf8)
    remaining = count
    self.tail = Array(tail.utf8)
  }

  /// The resident size, from `/proc/self/statm` (0 where there is none).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    peakGrowth = max(peakGrowth, Self.residentBytes() - baseline)
    while pending.count < buffer.count, remaining > 0 {
      pending += unit
      remaining -= 1
    }
    if pending.count < buffer.count, remaining == 0, !tailSent {
      pending += tail
      tailSent = true
    }
    let count = min(buffer.count, pending.count)
    pending.withUnsafeBytes { bytes in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
    pending.removeFirst(count)
    bytesRead += count
    return count
  }
}
