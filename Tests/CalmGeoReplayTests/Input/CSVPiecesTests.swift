import Foundation
import Testing

@testable import CalmGeoReplay

/// A CSV file read in pieces at once (`TrackReader.load(path:…:pieces:)`, `CSVPieces`) is the
/// file read whole: the same fixes with the same lines, the same counts, problems and errors.
/// Each case checks that the file really was cut (`CSVPieces.ranges`) and compares with one
/// reader; the line numbers and columns of the first case are worked out by hand.
struct CSVPiecesTests {
  /// A file with `text` in the temporary folder, removed by the caller.
  private static func file(_ text: String, name: String = "pieces") throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID()).csv").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every stored value of every fix, as text (a `Fix` is not `Equatable`).
  private static func values(_ track: Track) -> [String] { track.fixes.map { String(describing: $0) } }

  /// Loads `path` whole and in `pieces` (pieces of at least `minimumBytes`) and expects the same track.
  private static func expectSame(
    _ path: String, pieces: Int, minimumBytes: Int64, options: ParseOptions = ParseOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) async throws -> Track {
    let whole = try TrackReader.load(path: path, options: options)
    let cut = try await TrackReader.load(path: path, options: options, pieces: pieces, minimumPieceBytes: minimumBytes)
    #expect(Self.values(cut) == Self.values(whole), sourceLocation: sourceLocation)
    #expect(cut.diagnostics == whole.diagnostics, sourceLocation: sourceLocation)
    #expect(cut.name == whole.name && cut.format == whole.format, sourceLocation: sourceLocation)
    return cut
  }

  /// Line 1 a BOM and a comment, the header on line 2, then blocks of six lines: four rows
  /// (the third with a bad latitude), a blank line and a comment; every fifth block repeats
  /// the header instead of the comment, and block 7 has a row back in time.
  static func logText(blocks: Int = 40) -> String {
    var lines = ["\u{FEFF}# logged by hand", "time,lat,lon,speed"]
    var second = 0
    for block in 0..<blocks {
      for row in 0..<4 {
        let time = block == 7 && row == 3 ? second - 3 : second
        let stamp = String(format: "2024-05-01T%02d:%02d:%02dZ", 7 + time / 3600, time / 60 % 60, time % 60)
        lines.append("\(stamp),\(row == 2 ? "abc" : "59.\(9000 + second)"),10.7,1")
        second += 1
      }
      lines.append("")
      lines.append(block % 5 == 4 ? "time,lat,lon,speed" : "# block \(block)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: [2, 3, 5, 8])
  func aFileReadInPiecesIsTheFileReadWhole(pieces: Int) async throws {
    let path = try Self.file(Self.logText())
    defer { try? FileManager.default.removeItem(atPath: path) }
    let ranges = try #require(await CSVPieces.ranges(path: path, count: pieces, minimumBytes: 64))
    #expect(ranges.count == pieces)
    let track = try await Self.expectSame(path, pieces: pieces, minimumBytes: 64)
    // By hand: rows on lines 3, 4, 5 (bad), 6, then 9, 10, 11 (bad), 12, … (six lines a block);
    // 40 blocks × 3 good rows, less the row back in time (block 7's last, line 3 + 42 + 3 = 48).
    #expect(track.fixes.prefix(5).map { Int($0.line) } == [3, 4, 6, 9, 10])
    #expect(track.fixes.count == 119)
    #expect(track.diagnostics.skipped["bad_latitude"] == 40)
    #expect(track.diagnostics.skipped["time_backwards"] == 1)
    // The header once, then repeated in blocks 4, 9, …, 39.
    #expect(track.diagnostics.ignored["header"] == 9)
    // The first bad latitude: line 5, where `abc` starts after "2024-05-01T07:00:02Z," (21 bytes).
    let first = track.diagnostics.firstProblems[0]
    #expect(first.location.line == 5 && first.location.column == 22)
    #expect(track.diagnostics.firstProblems.map(\.location.line) == [5, 11, 17, 23, 29])
  }

  @Test func skippedLinesAndTheOptionsApplyToEveryPiece() async throws {
    let path = try Self.file("preamble line\n" + Self.logText().replacingOccurrences(of: "\u{FEFF}", with: ""))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var options = ParseOptions()
    options.skipLines = 1
    options.utcOffsetMillis = 3_600_000
    options.maxReportedProblems = 50
    #expect(try #require(await CSVPieces.ranges(path: path, count: 4, minimumBytes: 64, options: options)).count == 4)
    let track = try await Self.expectSame(path, pieces: 4, minimumBytes: 64, options: options)
    #expect(track.diagnostics.ignored["skipped_line"] == 1)
    #expect(track.diagnostics.firstProblems.count == 41)
  }

  @Test func everyKindOfLineEndIsCutAsOneReaderCutsIt() async throws {
    let text = Self.logText()
    for (name, ending) in [("crlf", "\r\n"), ("crcrlf", "\r\r\n")] {
      let path = try Self.file(text.replacingOccurrences(of: "\n", with: ending), name: name)
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(try #require(await CSVPieces.ranges(path: path, count: 3, minimumBytes: 64)).count == 3, "\(name)")
      let track = try await Self.expectSame(path, pieces: 3, minimumBytes: 64)
      #expect(track.fixes.prefix(3).map { Int($0.line) } == [3, 4, 6], "\(name)")
    }
    // Lone CRs and lines ending in LF or CR in turn: no line feed to cut at, or cuts after one.
    let crOnly = try Self.file(text.replacingOccurrences(of: "\n", with: "\r"), name: "cr")
    defer { try? FileManager.default.removeItem(atPath: crOnly) }
    #expect(await CSVPieces.ranges(path: crOnly, count: 3, minimumBytes: 64) == nil)
    _ = try await Self.expectSame(crOnly, pieces: 3, minimumBytes: 64)
    var mixed = ""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      mixed += line + (index % 3 == 0 ? "\r" : index % 3 == 1 ? "\r\n" : "\n")
    }
    let mixedPath = try Self.file(mixed, name: "mixed")
    defer { try? FileManager.default.removeItem(atPath: mixedPath) }
    #expect(try #require(await CSVPieces.ranges(path: mixedPath, count: 5, minimumBytes: 64)).count == 5)
    _ = try await Self.expectSame(mixedPath, pieces: 5, minimumBytes: 64)
  }

  @Test func aFileWithQuotesIsReadWhole() async throws {
    // A quoted field may hold a line break: no cut is proven safe.
    let text = Self.logText().replacingOccurrences(of: "# block 3", with: "# \"block\n3\"")
    let path = try Self.file(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(await CSVPieces.ranges(path: path, count: 3, minimumBytes: 64) == nil)
    _ = try await Self.expectSame(path, pieces: 3, minimumBytes: 64)
  }

  @Test func aLineTooLongIsTheSameErrorInPieces() async throws {
    // Rows, a 2 MiB line in the middle, rows: a cut is looked for no further than 1 MiB (a line
    // that long is an error), the pieces' line count meets the line, and the file is read whole:
    // the error is the one a single reader gives.
    let rows = Self.logText(blocks: 2_000)
    let path = try Self.file(
      rows + String(repeating: "x", count: 2 << 20) + "\n"
        + rows.split(separator: "\n").dropFirst(2).joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var wholeError: ParseError?
    do { _ = try TrackReader.load(path: path) } catch let error as ParseError { wholeError = error }
    var cutError: ParseError?
    do {
      _ = try await TrackReader.load(path: path, pieces: 8, minimumPieceBytes: 64 << 10)
    } catch let error as ParseError {
      cutError = error
    }
    let error = try #require(cutError)
    #expect(error == wholeError && error.problem == .lineTooLong)
    // 2 header lines and 2 000 blocks of 6 lines before it.
    #expect(error.location.line == 12_003)
  }

  @Test func strictModeThrowsTheFilesFirstProblem() async throws {
    var options = ParseOptions()
    options.strict = true
    // Good rows only but for one bad latitude near the end (the last piece's), then one more early on.
    let good = Self.logText().split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.replacingOccurrences(of: ",abc,", with: ",59.95,")
    }
    var late = good
    late[late.count - 4] = late[late.count - 4].replacingOccurrences(of: "10.7", with: "east")
    var early = late
    early[10] = early[10].replacingOccurrences(of: "10.7", with: "west")
    for (lines, line) in [(late, late.count - 3), (early, 11)] {
      let path = try Self.file(lines.joined(separator: "\n"))
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(try #require(await CSVPieces.ranges(path: path, count: 3, minimumBytes: 64, options: options)).count == 3)
      var wholeError: ParseError?
      do { _ = try TrackReader.load(path: path, options: options) } catch let error as ParseError { wholeError = error }
      var cutError: ParseError?
      do {
        _ = try await TrackReader.load(path: path, options: options, pieces: 3, minimumPieceBytes: 64)
      } catch let error as ParseError {
        cutError = error
      }
      let error = try #require(cutError)
      #expect(error == wholeError)
      #expect(error.location.line == line && error.problem == .badLongitude)
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusCSVReadInPiecesIsTheFileReadWhole() async throws {
    var cut = 0
    for file in Corpus.files(in: "csv", excluding: [".gz"]) {
      let path = Corpus.path(file)
      guard (try? TrackReader.load(path: path)) != nil else { continue }
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let ranges = await CSVPieces.ranges(path: path, count: 4, minimumBytes: 4_096)
      // Every file of two pieces or more without a quote is cut.
      #expect((ranges != nil) == (bytes.count >= 8_192 && !bytes.contains(0x22)), "\(file)")
      if ranges != nil { cut += 1 }
      _ = try await Self.expectSame(path, pieces: 4, minimumBytes: 4_096)
    }
    #expect(cut > 0)
  }
}
