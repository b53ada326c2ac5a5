import Testing

@testable import CalmGeoReplay

struct JSONValueSplitterTests {
  private func pieces(_ lines: [String]) throws -> [JSONValueSplitter.Piece] {
    var splitter = JSONValueSplitter()
    var found: [JSONValueSplitter.Piece] = []
    for (index, line) in lines.enumerated() {
      let bytes = Array(line.utf8)
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
      defer { buffer.deallocate() }
      _ = buffer.initialize(from: bytes)
      try splitter.feed(UnsafeBufferPointer(buffer), number: index + 1) { found.append($0) }
    }
    try splitter.finish { found.append($0) }
    return found
  }

  @Test func keepsBracketsInsideStringsAndEscapes() throws {
    // Columns: `[` 1, `{` 2, the string `"}]\"{["` 7–14, `}` 15, `,` 16, `{` 17.
    let text = #"[{"a":"}]\"{["},{"b":[1,{"c":2}]}]"#
    let found = try pieces([text])
    #expect(
      found == [
        .record(bytes: Array(#"{"a":"}]\"{["}"#.utf8), line: 1, column: 2),
        .record(bytes: Array(#"{"b":[1,{"c":2}]}"#.utf8), line: 1, column: 17),
      ])
  }

  @Test func countsColumnsInUnicodeScalars() throws {
    // "é" is two bytes but one column: the second record starts at column 14.
    #expect(
      try pieces([#"[{"n":"é"}, {}]"#]) == [
        .record(bytes: Array(#"{"n":"é"}"#.utf8), line: 1, column: 2),
        .record(bytes: Array("{}".utf8), line: 1, column: 13),
      ])
  }

  @Test func joinsARecordSpanningLinesInArrayMode() throws {
    #expect(try pieces(["[{\"a\":", "1}]"]) == [.record(bytes: Array("{\"a\":\n1}".utf8), line: 1, column: 2)])
  }

  @Test func readsScalarElements() throws {
    // Columns: `1` 2, the string 5–16 (its comma is not a separator), `,` 18, `null` 19.
    let found = try pieces(["[1, \"two, three\" ,null]"])
    #expect(
      found == [
        .record(bytes: Array("1".utf8), line: 1, column: 2),
        .record(bytes: Array("\"two, three\" ".utf8), line: 1, column: 5),
        .record(bytes: Array("null".utf8), line: 1, column: 19),
      ])
  }
}
