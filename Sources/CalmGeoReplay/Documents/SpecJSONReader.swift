/// Reads JSON text into a `SpecNode`, keeping object keys in the order written and the
/// line of every value (Foundation's readers keep neither).
///
/// Strict RFC 8259: no comments, no trailing commas; duplicate keys are errors.
public struct SpecJSONReader {
  private let bytes: [UInt8]
  private let source: String
  private var offset = 0
  private var line = 1
  /// The offset of the current line's first byte.
  private var lineStart = 0
  /// The last column computed (`columnCache.column` at `columnCache.offset`), so that
  /// columns on one long line are counted on from there, not again from the line's
  /// start: reading stays linear in the input's size, a one-line document included.
  private var columnCache = (offset: 0, column: 1)

  /// Parses `text`; `source` names the file in errors.
  public static func read(_ text: String, source: String) throws(DocumentError) -> SpecNode {
    var reader = SpecJSONReader(bytes: Array(text.utf8), source: source)
    if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
    let node = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.offset == reader.bytes.count else { throw reader.fail("unexpected text after the JSON value") }
    return node
  }

  private init(bytes: [UInt8], source: String) {
    self.bytes = bytes
    self.source = source
  }

  private mutating func fail(_ reason: String) -> DocumentError {
    DocumentError(
      .sweepSpec, source: source, line: line, column: column(), key: "", reason: "not valid JSON: \(reason)")
  }

  private mutating func skipSpace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x0A:
        line += 1
        lineStart = offset + 1
      case 0x20, 0x09, 0x0D: break
      default: return
      }
      offset += 1
    }
  }

  private mutating func value(depth: Int) throws(DocumentError) -> SpecNode {
    skipSpace()
    guard depth < 256 else { throw fail("nested too deeply") }
    guard offset < bytes.count else { throw fail("unexpected end of text") }
    let start = line
    let column = column()
    switch bytes[offset] {
    case UInt8(ascii: "{"): return SpecNode(.object(try object(depth: depth)), line: start, column: column)
    case UInt8(ascii: "["): return SpecNode(.array(try array(depth: depth)), line: start, column: column)
    case UInt8(ascii: "\""): return SpecNode(.string(try string()), line: start, column: column)
    case UInt8(ascii: "t"):
      try literal("true")
      return SpecNode(.bool(true), line: start, column: column)
    case UInt8(ascii: "f"):
      try literal("false")
      return SpecNode(.bool(false), line: start, column: column)
    case UInt8(ascii: "n"):
      try literal("null")
      return SpecNode(.null, line: start, column: column)
    default: return SpecNode(.number(try number()), line: start, column: column)
    }
  }

  /// The column of `offset` on its line, from 1, in Unicode scalars (UTF-8 lead bytes),
  /// counted on from the last column computed when that was on this line before `offset`.
  private mutating func column() -> Int {
    var (from, column) = columnCache
    if from < lineStart || from > offset { (from, column) = (lineStart, 1) }
    while from < offset {
      if bytes[from] & 0xC0 != 0x80 { column += 1 }
      from += 1
    }
    columnCache = (offset, column)
    return column
  }

  private mutating func object(depth: Int) throws(DocumentError) -> [SpecNode.Field] {
    offset += 1
    var fields: [SpecNode.Field] = []
    var seen = Set<String>()
    skipSpace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      return fields
    }
    while true {
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
      let keyOffset = offset
      let key = try string()
      guard seen.insert(key).inserted else {
        offset = keyOffset
        throw fail("duplicate key \"\(key)\" (each key may appear once)")
      }
      skipSpace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
        throw fail("expected ':' after \"\(key)\"")
      }
      offset += 1
      fields.append(SpecNode.Field(key, try value(depth: depth + 1)))
      skipSpace()
      guard offset < bytes.count else { throw fail("unexpected end of text in an object") }
      offset += 1
      switch bytes[offset - 1] {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "}"): return fields
      default:
        offset -= 1
        throw fail("expected ',' or '}' in an object (a missing comma?)")
      }
    }
  }

  private mutating func array(depth: Int) throws(DocumentError) -> [SpecNode] {
    offset += 1
    var items: [SpecNode] = []
    skipSpace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      return items
    }
    while true {
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard offset < bytes.count else { throw fail("unexpected end of text in a list") }
      offset += 1
      switch bytes[offset - 1] {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return items
      default:
        offset -= 1
        throw fail("expected ',' or ']' in a list (a missing comma?)")
      }
    }
  }

  private mutating func literal(_ word: StaticString) throws(DocumentError) {
    let expected = word.withUTF8Buffer { Array($0) }
    guard bytes[offset...].starts(with: expected) else { throw fail("unexpected character") }
    offset += expected.count
  }

  private mutating func number() throws(DocumentError) -> Double {
    let start = offset
    func digits() -> Int {
      let first = offset
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
      return offset - first
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let whole = digits()
    guard whole > 0, !(whole > 1 && bytes[offset - whole] == UInt8(ascii: "0")) else {
      offset = start
      throw fail("unexpected character")
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { throw fail("expected digits after '.'") }
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard digits() > 0 else { throw fail("expected digits in the exponent") }
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      offset = start
      throw fail("number out of range: \(text) (larger than any double)")
    }
    return value
  }

  private mutating func string() throws(DocumentError) -> String {
    offset += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run.removeAll(keepingCapacity: true)
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        if scalars.isEmpty { return String(decoding: run, as: UTF8.self) }
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        guard offset < bytes.count else { break }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
        default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(escape)))'")
        }
      case 0..<0x20:
        throw fail("control character in a string")
      default:
        // A run of plain bytes is copied in one step.
        let runStart = offset - 1
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"),
          bytes[offset] >= 0x20
        {
          offset += 1
        }
        run.append(contentsOf: bytes[runStart..<offset])
      }
    }
    throw fail("unterminated string")
  }

  private mutating func hex4() throws(DocumentError) -> UInt32 {
    guard offset + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
    else { throw fail("expected four hex digits after \\u") }
    offset += 4
    return value
  }

  private mutating func unicodeEscape() throws(DocumentError) -> Unicode.Scalar {
    let high = try hex4()
    if (0xD800..<0xDC00).contains(high), bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
      offset += 2
      let low = try hex4()
      if (0xDC00..<0xE000).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      {
        return scalar
      }
    }
    return Unicode.Scalar(high) ?? "\u{FFFD}"
  }
}
