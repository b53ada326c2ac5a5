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
    #expect(
      try lines(text, chunk: chunk) == [
        "1:a", "2:bb", "3:ccc", "4:dddd", "5:", "6:eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "7:last",
      ])
  }

  @Test func finalLineEndAddsNoEmptyLine() throws {
    #expect(try lines("x\r\ny\r\n", chunk: 3) == ["1:x", "2:y"])
    #expect(try lines("", chunk: 3) == [])
  }

  /// Issue 12 item 8: lines ending CR CR LF were counted twice (an empty line between),
  /// so every line number after the first doubled. Two bare CRs are still two line ends.
  @Test(arguments: [1, 2, 3, 4, 5, 7, 16, 1000])
  func crCRLFIsOneLineEndAtEveryChunkSize(chunk: Int) throws {
    #expect(try lines("a\r\r\nbb\r\r\nccc\r\r\nd", chunk: chunk) == ["1:a", "2:bb", "3:ccc", "4:d"])
    #expect(try lines("a\r\rb\r\r\n\r\nc", chunk: chunk) == ["1:a", "2:", "3:b", "4:", "5:c"])
    #expect(try lines("a\r\r\n", chunk: chunk) == ["1:a"])
  }
}
