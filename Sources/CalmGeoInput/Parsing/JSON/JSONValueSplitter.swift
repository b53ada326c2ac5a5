/// Cuts a stream of JSON text into its records without parsing them: the elements of
/// top-level arrays, or one object per line (NDJSON).
///
/// It only follows strings (with escapes) and bracket depth, so it can hand each record
/// to a real JSON decoder on its own, with the line and column where it starts, and a
/// bad record does not spoil the ones after it. Memory holds one record at a time.
///
/// The first non-blank byte decides the mode: `[` starts array mode, where several
/// arrays may follow one another (concatenated upload bodies) and a record may span
/// lines; `{` starts NDJSON mode, where each record must close on its own line, so a
/// broken line is skipped and reading resumes on the next.
package struct JSONValueSplitter {
  /// What the splitter found.
  package enum Piece: Equatable {
    /// A complete record: an object, or any other element of a top-level array.
    case record(bytes: [UInt8], line: Int, column: Int)
    /// Text that is not a record where one was expected; the rest of its line is skipped.
    case junk(text: String, line: Int, column: Int)
    /// A record or array still open where it should have closed: at the end of its line
    /// (NDJSON) or of the stream.
    case unclosed(what: String, line: Int, column: Int, atLineEnd: Bool)
  }

  enum Mode: Equatable { case undecided, array, lines }

  private(set) var mode = Mode.undecided
  private var arrayOpen = false
  private var arrayStart = (line: 0, column: 0)
  private var inValue = false
  private var scalar = false
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var bytes: [UInt8] = []
  private var valueStart = (line: 0, column: 0)

  package init() {}

  /// Splits one line (without its line end) numbered `number`, calling `found` for each
  /// piece completed on it.
  package mutating func feed(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, _ found: (Piece) throws(ParseError) -> Void
  ) throws(ParseError) {
    var column = 0  // 1-based Unicode-scalar column of the byte being read
    var index = 0
    while index < line.count {
      let byte = line[index]
      if byte & 0xC0 != 0x80 { column += 1 }
      index += 1
      if inValue {
        if try continueValue(byte, found) { continue }
        // A scalar element ended at `,` or `]`: read that byte again between values.
      }
      if byte == 0x20 || byte == 0x09 || byte == 0x0D { continue }
      if arrayOpen {
        switch byte {
        case 0x2C: continue  // `,` between elements
        case 0x5D: arrayOpen = false  // `]`
        default:
          start(byte, line: number, column: column)
          scalar = byte != 0x7B && byte != 0x5B
        }
      } else if byte == 0x7B {  // `{`: a record at the top level
        if mode == .undecided { mode = .lines }
        start(byte, line: number, column: column)
      } else if byte == 0x5B && mode != .lines {  // `[`: an array of records
        mode = .array
        arrayOpen = true
        arrayStart = (number, column)
      } else {
        let rest = UnsafeBufferPointer(rebasing: line[(index - 1)...])
        try found(.junk(text: String(decoding: rest.prefix(40), as: UTF8.self), line: number, column: column))
        return
      }
    }
    if inValue {
      if mode == .lines {
        // NDJSON: a record ends with its line.
        inValue = false
        try found(.unclosed(what: "record", line: valueStart.line, column: valueStart.column, atLineEnd: true))
      } else {
        bytes.append(0x0A)
      }
    }
  }

  /// Reports what is still open at the end of the stream.
  package mutating func finish(_ found: (Piece) throws(ParseError) -> Void) throws(ParseError) {
    if inValue {
      inValue = false
      if scalar {
        try found(.record(bytes: bytes, line: valueStart.line, column: valueStart.column))
      } else {
        try found(.unclosed(what: "record", line: valueStart.line, column: valueStart.column, atLineEnd: false))
      }
    }
    if arrayOpen {
      arrayOpen = false
      try found(.unclosed(what: "array", line: arrayStart.line, column: arrayStart.column, atLineEnd: false))
    }
  }

  private mutating func start(_ byte: UInt8, line: Int, column: Int) {
    inValue = true
    scalar = false
    depth = 0
    inString = false
    escaped = false
    bytes.removeAll(keepingCapacity: true)
    valueStart = (line, column)
    _ = noteStructure(byte)
    bytes.append(byte)
  }

  /// Adds `byte` to the value being read; returns false when the byte ended a scalar
  /// element and belongs to what follows it.
  private mutating func continueValue(_ byte: UInt8, _ found: (Piece) throws(ParseError) -> Void) throws(ParseError)
    -> Bool
  {
    if scalar && !inString && (byte == 0x2C || byte == 0x5D) {
      inValue = false
      try found(.record(bytes: bytes, line: valueStart.line, column: valueStart.column))
      return false
    }
    bytes.append(byte)
    if noteStructure(byte) && !scalar {
      inValue = false
      try found(.record(bytes: bytes, line: valueStart.line, column: valueStart.column))
    }
    return true
  }

  /// Tracks strings and depth; returns true when `byte` closed the outermost bracket.
  private mutating func noteStructure(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == 0x5C {
        escaped = true
      } else if byte == 0x22 {
        inString = false
      }
      return false
    }
    switch byte {
    case 0x22: inString = true
    case 0x7B, 0x5B: depth += 1
    case 0x7D, 0x5D:
      depth -= 1
      return depth == 0
    default: break
    }
    return false
  }
}
