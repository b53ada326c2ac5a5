/// The line-by-line state of reading one CSV file: comments and header first, then data
/// records, which it decodes and hands on.
///
/// A struct with mutating methods, so the row loop's state is reached without
/// reference counting or dynamic exclusivity checks. Noncopyable: it owns its
/// tokenizer and decoder, which free their storage when it goes.
struct CSVRecordReader: ~Copyable {
  /// The longest record kept while waiting for a quote to close, in bytes.
  static let maxQuotedRecord = 1 << 20

  let file: String
  let timeFormat: CSVTimeFormat
  let options: ParseOptions
  /// The column map, once the header has been read.
  private(set) var map: CSVColumnMap? = nil
  /// The dialect detected from the header.
  private(set) var dialect = CSVDialect.comma
  private var lastComment: [UInt8]? = nil
  private var headerBytes: [UInt8] = []
  private var tokenizer: CSVTokenizer
  private var decoder: CSVRowDecoder? = nil
  private var altitudeIsEllipsoidal = false
  /// A record whose quoted field runs over line ends, while it is incomplete.
  private var pending: [UInt8] = []
  private var pendingLine = 0
  private var fix = Fix(time: 0, latitude: 0, longitude: 0)
  /// Fixes whose altitude is an ellipsoidal height, or whose accuracies were estimated.
  private var ellipsoidalAltitudes = 0
  private var horizontalFromHDOP = 0
  private var verticalFromVDOP = 0

  init(file: String, timeFormat: CSVTimeFormat, options: ParseOptions) {
    self.file = file
    self.timeFormat = timeFormat
    self.options = options
    tokenizer = CSVTokenizer(delimiter: CSVDialect.comma.delimiter, limit: 1)
  }

  /// Reads line `number`.
  @inline(__always)
  mutating func consume(
    _ rawLine: UnsafeBufferPointer<UInt8>, number: Int, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    var line = rawLine
    if number == 1 {
      if line.starts(with: [0xEF, 0xBB, 0xBF]) {
        line = UnsafeBufferPointer(rebasing: line[3...])
      } else if line.starts(with: [0xFF, 0xFE]) || line.starts(with: [0xFE, 0xFF]) {
        throw ParseError(
          format: "csv", location: SourceLocation(file: file, line: 1), problem: .badEncoding,
          reason: "the file is UTF-16; convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)", isFatal: true)
      }
    }
    if !pending.isEmpty {
      try continueQuoted(line, diagnostics: &diagnostics, emit: emit)
      return
    }

    if number <= options.skipLines {
      diagnostics.ignore("skipped_line")
      return
    }

    // Blank lines (also lines of delimiters and padding only) and comments.
    var first = 0
    while first < line.count {
      let byte = line[first]
      guard byte == 0x20 || byte == 0x09 || byte == 0 || byte == dialect.delimiter else { break }
      first += 1
    }
    if first == line.count { return }
    if line[first] == 0x23 {
      if map == nil { lastComment = Array(line) }
      diagnostics.ignore("comment")
      return
    }

    guard decoder != nil else {
      try readHeader(line, number: number, diagnostics: &diagnostics)
      return
    }
    if tokenizer.split(line) == .openQuote {
      pending.append(contentsOf: line)
      pendingLine = number
      return
    }
    try handle(line, line: number, diagnostics: &diagnostics, emit: emit)
  }

  /// Reports a record still open at the end of the file, or no header at all, and
  /// counts the estimated values.
  func finish(diagnostics: inout InputDiagnostics) throws(ParseError) {
    if ellipsoidalAltitudes > 0 { diagnostics.estimate("altitude_above_ellipsoid", count: ellipsoidalAltitudes) }
    if horizontalFromHDOP > 0 { diagnostics.estimate("horizontal_accuracy_from_hdop", count: horizontalFromHDOP) }
    if verticalFromVDOP > 0 { diagnostics.estimate("vertical_accuracy_from_vdop", count: verticalFromVDOP) }
    // A `switch` borrows the decoder; `if case` or `?.` would consume it.
    switch decoder {
    case .some(let decoder): for (key, count) in decoder.unreadable { diagnostics.ignore(key, count: count) }
    case .none: break
    }
    if !pending.isEmpty {
      diagnostics.recordsRead += 1
      try diagnostics.skip(
        problem(
          .badQuote, "a quoted field is not closed before the end of the file",
          line: pendingLine))
    }
    if map == nil {
      throw ParseError(
        format: "csv", location: SourceLocation(file: file, line: 0), problem: .badHeader,
        reason: diagnostics.ignored["comment"] == nil
          ? "the file is empty: no header row" : "no header row after the comment lines", isFatal: true)
    }
  }

  private func problem(_ problem: ParseProblem, _ reason: String, line: Int, column: Int? = nil) -> ParseError {
    ParseError(
      format: "csv", location: SourceLocation(file: file, line: line, column: column), problem: problem,
      reason: reason)
  }

  /// Decodes the record that `tokenizer` has split, which starts on `line` (the header
  /// has been read: `decoder` is set).
  @inline(__always)
  private mutating func handle(
    _ row: UnsafeBufferPointer<UInt8>, line: Int, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    diagnostics.recordsRead += 1
    switch decoder!.decode(tokenizer, line: line, into: &fix) {
    case .fix:
      if fix.flags.rawValue != 0 {
        if fix.flags.contains(.horizontalAccuracyEstimated) { horizontalFromHDOP += 1 }
        if fix.flags.contains(.verticalAccuracyEstimated) { verticalFromVDOP += 1 }
      }
      if altitudeIsEllipsoidal && !fix.storedAltitude.isNaN { ellipsoidalAltitudes += 1 }
      emit(fix)
    case .noFix:
      diagnostics.ignore("no_fix")
    case .problem:
      if row.elementsEqual(headerBytes) {
        diagnostics.recordsRead -= 1
        diagnostics.ignore("header")
        return
      }
      let found: CSVRowDecoder.Problem
      switch decoder {
      case .some(let decoder): found = decoder.problem!
      case .none: return
      }
      var location = (line: line, column: nil as Int?)
      if let field = found.field, field < tokenizer.count {
        location = Self.position(in: row, offset: tokenizer.offset(field), firstLine: line)
      }
      try diagnostics.skip(problem(found.problem, found.reason, line: location.line, column: location.column))
    }
  }

  /// Adds `line` to a record whose quoted field is open, and decodes it once complete.
  private mutating func continueQuoted(
    _ line: UnsafeBufferPointer<UInt8>, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    guard decoder != nil else { return }
    pending.append(0x0A)
    pending.append(contentsOf: line)
    let status = pending.withUnsafeBufferPointer { tokenizer.split($0) }
    if status == .openQuote {
      if pending.count > Self.maxQuotedRecord {
        pending.removeAll()
        diagnostics.recordsRead += 1
        try diagnostics.skip(problem(.badQuote, "a quoted field is not closed within 1 MiB", line: pendingLine))
      }
      return
    }
    let record = pending
    pending.removeAll(keepingCapacity: true)
    try record.withUnsafeBufferPointer { (row: UnsafeBufferPointer<UInt8>) throws(ParseError) in
      _ = tokenizer.split(row)  // the fields must point into `record`, which outlives this call
      try handle(row, line: pendingLine, diagnostics: &diagnostics, emit: emit)
    }
  }

  /// Reads the header row and sets up the column map, tokenizer and decoder.
  private mutating func readHeader(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, diagnostics: inout InputDiagnostics
  ) throws(ParseError) {
    dialect = CSVDialect.detect(header: line)
    let delimiter = dialect.delimiter
    let header = CSVTokenizer.strings(line, delimiter: delimiter)
    var units: [String]? = nil
    if let comment = lastComment {
      units = comment.withUnsafeBufferPointer { bytes in
        CSVTokenizer.strings(UnsafeBufferPointer(rebasing: bytes[1...]), delimiter: delimiter)
      }
    }
    let built: CSVColumnMap
    do throws(CSVColumnMap.Problem) {
      built = try CSVColumnMap(header: header, units: units, timeFormat: timeFormat, columns: options.csvColumns)
    } catch {
      throw ParseError(
        format: "csv", location: SourceLocation(file: file, line: number), problem: ParseProblem(error.key),
        reason: error.reason, isFatal: true)
    }
    map = built
    headerBytes = Array(line)
    tokenizer = CSVTokenizer(delimiter: delimiter, limit: built.lastIndex + 1)
    decoder = CSVRowDecoder(
      map: built, decimalComma: dialect.decimalComma, uere: options.uere, date: options.date,
      marksZonelessTimes: options.utcOffsetMillis != 0)
    altitudeIsEllipsoidal = built.altitudeIsEllipsoidal
    diagnostics.ignore("header")
  }

  /// The line and 1-based Unicode-scalar column of byte `offset` of a record that starts
  /// on `firstLine` (a quoted field may have carried it over line breaks).
  static func position(in row: UnsafeBufferPointer<UInt8>, offset: Int, firstLine: Int) -> (line: Int, column: Int?) {
    var line = firstLine
    var column = 1
    var i = 0
    while i < offset && i < row.count {
      let byte = row[i]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return (line, column)
  }
}
