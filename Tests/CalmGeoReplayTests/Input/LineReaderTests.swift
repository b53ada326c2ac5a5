import Testing
@testable import CalmGeoReplay

struct LineReaderTests {
  private func lines(_ text: String, chunk: Int) throws -> [String] {
    var result: [String] = []
    try LineReader(MemoryByteSource(text, maxChunk: chunk), format: "csv", chunkSize: 16).forEachLine { line, number in
      result.append("\(number):\(String(decoding: line, as: UTF8.self))")
    }
    return result
  }

  @Test(arguments: [1, 2, 3, 5, 16, 1000])
  func splitsLFCRLFAndCRAtEveryChunkSize(chunk: Int) throws {
    let text = "a\nbb\r\nccc\rdddd\r\n\r\neeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\nlast"
    #expect(try lines(text, chunk: chunk) == [
      "1:a", "2:bb", "3:ccc", "4:dddd", "5:", "6:eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "7:last",
    ])
  }

  @Test func finalLineEndAddsNoEmptyLine() throws {
    #expect(try lines("x\r\ny\r\n", chunk: 3) == ["1:x", "2:y"])
    #expect(try lines("", chunk: 3) == [])
  }
}
