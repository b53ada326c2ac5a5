import CalmGeoSystem

/// A CSV file read in byte ranges at once, a reader for each, giving exactly what one reader
/// gives over the whole file: the same fixes with the same line numbers, counts and problems.
///
/// Why that holds: a data row is read from the header's column map alone; the only thing one
/// row hands the next is a quoted field left open at a line end, which needs a quote, so a
/// file with any `"` byte is read whole. Each piece starts just after a line feed, where a
/// `LineReader` is in the state it starts in (no CR waiting for its LF), so the pieces cut the
/// same lines, numbered on from the lines of the pieces before (`LineReader.countLines`). A
/// piece after the first starts with a reader that has read the lines up to the header
/// (`headerLines`), their counts thrown away. The pieces' counts add up and their problems
/// follow each other in file order (`InputDiagnostics.absorb`); the first piece that throws (the
/// first problem in strict mode, a fatal one) throws what one reader would have thrown first.
package struct CSVPieces: Sendable {
  /// The file's name in messages.
  let name: String
  /// Each piece's bytes, in file order, covering the file.
  let ranges: [Range<Int64>]
  /// The number of each piece's first line.
  let firstLines: [Int]
  /// The lines up to and including the header, with their numbers.
  let headerLines: [(bytes: [UInt8], number: Int)]
  let timeFormat: CSVTimeFormat
  let options: ParseOptions

  /// The pieces of a CSV file of `size` bytes open as `descriptor` for at most `count` readers,
  /// each with `minimumBytes` or more; `nil` where the file is better read whole: too small,
  /// quoted fields, no line feed to cut at, no header in the first piece, or anything that
  /// fails on the way (one reader then meets it, and reports it, as it always did).
  static func plan(
    _ descriptor: FileDescriptor, name: String, size: Int64, count: Int, minimumBytes: Int64,
    options: ParseOptions
  ) async -> CSVPieces? {
    guard let timeFormat = CSVTimeFormat(option: options.timeFormat) else { return nil }
    let wanted = Int(min(Int64(count), size / max(1, minimumBytes)))
    guard wanted > 1 else { return nil }
    var starts: [Int64] = [0]
    for piece in 1..<wanted {
      guard let start = lineStart(descriptor, atOrAfter: size * Int64(piece) / Int64(wanted), size: size),
        start < size
      else { break }
      if start > starts[starts.count - 1] { starts.append(start) }
    }
    guard starts.count > 1 else { return nil }
    let ranges = zip(starts, starts.dropFirst() + [size]).map { $0..<$1 }
    guard
      let headerLines = header(
        FileRangeByteSource(descriptor, name: name, range: ranges[0]), timeFormat: timeFormat, options: options)
    else { return nil }
    // Every piece's line count (the last one's only to look for quotes), all at once.
    let counted = await withTaskGroup(of: (Int, Int?).self) { group in
      for (index, range) in ranges.enumerated() {
        group.addTask {
          let source = FileRangeByteSource(descriptor, name: name, range: range, watching: 0x22)
          let lines = try? LineReader(source, format: "csv").countLines()
          return (index, source.sawWatched ? nil : lines)
        }
      }
      var lines = [Int?](repeating: nil, count: ranges.count)
      for await (index, count) in group { lines[index] = count }
      return lines
    }
    var firstLines = [1]
    for lines in counted {
      guard let lines else { return nil }
      firstLines.append(firstLines[firstLines.count - 1] + lines)
    }
    firstLines.removeLast()
    guard let header = headerLines.last, header.number < firstLines[1] else { return nil }
    return CSVPieces(
      name: name, ranges: ranges, firstLines: firstLines, headerLines: headerLines, timeFormat: timeFormat,
      options: options)
  }

  /// The byte ranges `TrackReader.load(path:…:pieces:)` reads the CSV file at `path` in, or `nil`
  /// where it reads the file whole.
  package static func ranges(
    path: String, count: Int, minimumBytes: Int64, options: ParseOptions = ParseOptions()
  ) async -> [Range<Int64>]? {
    guard let size = try? SystemFiles.status(path).size, let descriptor = try? FileDescriptor.opening(path, .readOnly)
    else { return nil }
    defer { descriptor.closeQuietly() }
    return await plan(
      descriptor, name: path, size: Int64(size), count: count, minimumBytes: minimumBytes, options: options)?.ranges
  }

  /// Where the first line starting at or after `offset` starts (just after a line feed), or
  /// `nil` when none does within a line's longest length (`LineReader.defaultMaxLineLength`: a
  /// longer line is an error that one reader reports).
  private static func lineStart(_ descriptor: FileDescriptor, atOrAfter offset: Int64, size: Int64) -> Int64? {
    guard offset > 0 else { return 0 }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    var position = offset - 1
    let end = min(size, position + Int64(LineReader.defaultMaxLineLength))
    while position < end {
      guard let read = try? descriptor.readSome(at: position, into: buffer), read > 0 else { return nil }
      if let feed = buffer[..<read].firstIndex(of: 0x0A) { return position + Int64(feed) + 1 }
      position += Int64(read)
    }
    return nil
  }

  /// The lines of `source` up to and including the header row, as one reader reads them; `nil`
  /// when they throw or hold no header.
  private static func header(
    _ source: FileRangeByteSource, timeFormat: CSVTimeFormat, options: ParseOptions
  ) -> [(bytes: [UInt8], number: Int)]? {
    var reader = CSVRecordReader(file: source.name, timeFormat: timeFormat, options: options)
    var scratch = InputDiagnostics(strict: options.strict, maxProblems: 1)
    var lines: [(bytes: [UInt8], number: Int)] = []
    var found = false
    do throws(ParseError) {
      try LineReader(source, format: "csv").forEachLine { (line, number) throws(ParseError) in
        guard !found else { return }
        lines.append((Array(line), number))
        try reader.consume(line, number: number, diagnostics: &scratch) { _ in }
        if reader.map != nil {
          found = true
          source.stop()
        }
      }
    } catch {
      return nil
    }
    return found ? lines : nil
  }

  /// Reads piece `index` of the file open as `descriptor`: its fixes and what reading them found.
  func read(piece index: Int, _ descriptor: FileDescriptor) throws(ParseError) -> (
    fixes: [Fix], diagnostics: InputDiagnostics
  ) {
    var reader = CSVRecordReader(file: name, timeFormat: timeFormat, options: options)
    if index > 0 {
      var primed = InputDiagnostics(strict: options.strict, maxProblems: 1)
      for (bytes, number) in headerLines {
        try bytes.withUnsafeBufferPointer { (line) throws(ParseError) in
          try reader.consume(line, number: number, diagnostics: &primed) { _ in }
        }
      }
    }
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    let range = ranges[index]
    var fixes: [Fix] = []
    fixes.reserveCapacity(TrackReader.expectedFixes(bytes: Int(range.upperBound - range.lowerBound), format: .csv))
    var lines = LineReader(FileRangeByteSource(descriptor, name: name, range: range), format: "csv")
    lines.firstLineNumber = firstLines[index]
    try lines.forEachLine { (line, number) throws(ParseError) in
      try reader.consume(line, number: number, diagnostics: &diagnostics) { fixes.append($0) }
    }
    try reader.finish(diagnostics: &diagnostics)
    return (fixes, diagnostics)
  }
}

extension InputDiagnostics {
  /// Adds what reading the next part of the same input found: its counts, and its problems
  /// after these, up to `maxProblems`.
  mutating func absorb(_ next: InputDiagnostics) {
    recordsRead += next.recordsRead
    fixesParsed += next.fixesParsed
    skipped.merge(next.skipped, uniquingKeysWith: +)
    ignored.merge(next.ignored, uniquingKeysWith: +)
    estimated.merge(next.estimated, uniquingKeysWith: +)
    firstProblems.append(contentsOf: next.firstProblems.prefix(max(0, maxProblems - firstProblems.count)))
    longGaps += next.longGaps
    if let gap = next.longestGap, gap.millis > longestGap?.millis ?? 0 { longestGap = gap }
    localTimesShifted += next.localTimesShifted
    zonedTimesKept += next.zonedTimesKept
  }
}
