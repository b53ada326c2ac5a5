/// The records of an output file: the elements of a top-level JSON array
/// (`locations.json`, a request body), or the non-empty lines of anything else
/// (`requests.ndjson`), each with the line (from 1) it starts on.
///
/// The scan only tracks strings, nesting and commas; it does not validate the JSON. A
/// file that is not a well-formed array is read as lines.
package struct CheckRecords: Sendable {
  /// One record's bytes and its first line.
  package struct Record: Sendable, Hashable {
    package var bytes: ArraySlice<UInt8>
    package var line: Int

    /// The record as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
  }

  package var records: [Record]
  /// Whether the records are array elements (otherwise lines).
  package var isArray: Bool

  /// Splits `bytes` into records.
  package init(_ bytes: [UInt8]) {
    if let elements = Self.elements(bytes) {
      records = elements
      isArray = true
    } else {
      records = Self.lines(bytes)
      isArray = false
    }
  }

  /// The non-empty lines of `bytes` (without `\r\n`), numbered from 1.
  package static func lines(_ bytes: [UInt8]) -> [Record] {
    var records: [Record] = []
    var start = 0
    var line = 1
    for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
      var end = index
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      if end > start { records.append(Record(bytes: bytes[start..<end], line: line)) }
      start = index + 1
      line += 1
    }
    return records
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  /// The elements of a top-level array; `nil` when `bytes` is not one.
  private static func elements(_ bytes: [UInt8]) -> [Record]? {
    var index = 0
    var line = 1
    while index < bytes.count, isSpace(bytes[index]) {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    index += 1
    var records: [Record] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start: (offset: Int, line: Int)?
    var lastContent = index
    while index < bytes.count {
      let byte = bytes[index]
      defer {
        if byte == 0x0A { line += 1 }
        index += 1
      }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        lastContent = index + 1
        continue
      }
      if isSpace(byte) { continue }
      if depth == 0 && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]")) {
        if let begin = start {
          records.append(Record(bytes: bytes[begin.offset..<lastContent], line: begin.line))
        } else if byte == UInt8(ascii: ",") || !records.isEmpty {
          return nil  // an empty element: `[,` or `,]`
        }
        start = nil
        if byte == UInt8(ascii: "]") {
          let rest = bytes[(index + 1)...]
          return rest.allSatisfy(isSpace) ? records : nil
        }
        continue
      }
      if start == nil { start = (index, line) }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      if depth < 0 { return nil }
      lastContent = index + 1
    }
    return nil  // no closing bracket
  }
}
