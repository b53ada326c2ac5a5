import Testing

@testable import CalmGeoReplay

/// Output files split into records (array elements or lines) and their first difference.
struct CheckRecordDifferenceTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func arrayElementsKeepTheirTextAndFirstLine() {
    let records = CheckRecords(bytes("[\n{\"a\":1},\n{\"a\":[1,2],\"s\":\"],\\\"{\"}\n]\n"))
    #expect(records.isArray)
    #expect(records.records.map(\.text) == [#"{"a":1}"#, #"{"a":[1,2],"s":"],\"{"}"#])
    #expect(records.records.map(\.line) == [2, 3])
    #expect(CheckRecords(bytes("[{\"a\":1}, 2 ,\"x\"]")).records.map(\.text) == [#"{"a":1}"#, "2", #""x""#])
    #expect(CheckRecords(bytes("[]\n")).records.isEmpty)
  }

  @Test(arguments: ["{\"a\":1}\n{\"a\":2}\n", "[{\"a\":1},{\"a\":2}] x", "[{\"a\":1},,{}]", "[{\"a\":1}"])
  func anythingButAnArrayIsReadAsLines(text: String) {
    let records = CheckRecords(bytes(text))
    #expect(!records.isArray)
    #expect(records.records.map(\.text) == text.split(separator: "\n").map(String.init))
  }

  @Test func theFirstDifferingRecordWithCounts() throws {
    let stored = bytes("[\n{\"a\":1},\n{\"a\":2},\n{\"a\":3},\n{\"a\":4}\n]\n")
    let fresh = bytes("[\n{\"a\":1},\n{\"a\":5},\n{\"a\":3}\n]\n")
    #expect(CheckRecordDifference.first(stored: stored, fresh: stored) == nil)
    let difference = try #require(CheckRecordDifference.first(stored: stored, fresh: fresh))
    #expect(difference.unit == .record && difference.index == 1)
    #expect(difference.stored?.text == #"{"a":2}"# && difference.fresh?.text == #"{"a":5}"#)
    #expect(difference.stored?.line == 3)
    #expect(difference.storedCount == 4 && difference.freshCount == 3 && difference.differing == 2)
    #expect(!difference.singleLine)
  }

  @Test func aRecordOnlyOneSideHas() throws {
    let difference = try #require(
      CheckRecordDifference.first(stored: bytes("[{\"a\":1}]"), fresh: bytes("[{\"a\":1},{\"a\":2}]")))
    #expect(difference.index == 1 && difference.stored == nil && difference.fresh?.text == #"{"a":2}"#)
    #expect(difference.singleLine)
  }

  @Test func equalRecordsFormattedDifferentlyAreComparedByLine() throws {
    let lines = try #require(
      CheckRecordDifference.first(stored: bytes("[\n{\"a\":1}\n]\n"), fresh: bytes("[{\"a\":1}]\n")))
    #expect(lines.unit == .line && lines.index == 0 && lines.stored?.text == "[")
    let newline = try #require(CheckRecordDifference.first(stored: bytes("{\"a\":1}\n"), fresh: bytes("{\"a\":1}")))
    #expect(newline.unit == .line && newline.stored == nil && newline.fresh == nil && newline.differing == 0)
  }
}
