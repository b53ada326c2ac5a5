/// Splits a byte stream into lines, chunk by chunk, in memory that does not grow
/// with the stream (only with its longest line, up to `maxLineLength`).
///
/// A line of `maxLineLength` bytes or more (1 MiB unless the format says otherwise)
/// is a fatal error (`line_too_long`) rather than a buffer that grows with it: a
/// 1 GB file without line ends, or a 1 MB gzip bomb that inflates to one line,
/// would otherwise be held whole.
///
/// Line ends are LF, CRLF or a lone CR, and CR CR LF (a CRLF file whose lines were
/// given one more CR, as some Windows loggers write) is one line end, so line numbers
/// match an editor's; the last line needs no line end. Lines
/// are numbered from 1. A line is handed out as a buffer that is valid only
/// during the call, without its line end.
public struct LineReader {
  private let source: any ByteSource
  private let chunkSize: Int
  private let format: String
  /// Lines must be shorter than this many bytes.
  public let maxLineLength: Int
  /// The number of the first line: 1, or where a piece of a file starts (`CSVPieces`).
  package var firstLineNumber = 1

  /// The default limit: 1 MiB, some 1,000 times the longest line of a real log.
  public static let defaultMaxLineLength = 1 << 20

  /// Reads `source`; `format` names the format in the error for a line too long.
  public init(
    _ source: any ByteSource, format: String, chunkSize: Int = 1 << 16,
    maxLineLength: Int = LineReader.defaultMaxLineLength
  ) {
    self.source = source
    self.format = format
    self.chunkSize = max(16, chunkSize)
    self.maxLineLength = max(self.chunkSize, maxLineLength)
  }

  /// Calls `body` with each line and its number, in order.
  public func forEachLine(
    _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ParseError) -> Void
  ) throws(ParseError) {
    var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 8)
    defer { buffer.deallocate() }
    var filled = 0  // bytes of `buffer` holding data
    var lineNumber = firstLineNumber
    var pendingCR = false  // the previous chunk ended in CR: a following LF belongs to it
    var previousBareCR = false  // the last line ended in a CR without LF
    var rescan = false  // the buffer starts with a CR whose meaning waits for the next byte
    var ended = false

    while !ended {
      if filled == buffer.count {
        // A line longer than the buffer: grow it, up to the limit.
        if buffer.count >= maxLineLength { throw tooLong(lineNumber) }
        let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 8)
        bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
        buffer.deallocate()
        buffer = bigger
      }
      let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      if count == 0 { ended = true }
      let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
      var position = rescan ? 0 : filled
      rescan = false
      filled += count
      var lineStart = 0
      if pendingCR && filled > 0 {
        pendingCR = false
        if base[0] == 0x0A {
          lineStart = 1
          position = max(position, 1)
        } else {
          previousBareCR = true
        }
      }
      while true {
        position = Self.lineEnd(base, from: position, to: filled)
        if position == filled { break }
        let isCR = base[position] == 0x0D
        if isCR && position == lineStart && previousBareCR {
          // CR CR LF: the second CR and the LF close the same line as the first CR.
          if position + 1 < filled {
            if base[position + 1] == 0x0A {
              previousBareCR = false
              position += 2
              lineStart = position
              continue
            }
          } else if !ended {
            rescan = true
            break
          }
        }
        try body(UnsafeBufferPointer(start: base + lineStart, count: position - lineStart), lineNumber)
        lineNumber += 1
        previousBareCR = false
        if isCR {
          if position + 1 < filled {
            if base[position + 1] == 0x0A { position += 1 } else { previousBareCR = true }
          } else if !ended {
            pendingCR = true
          } else {
            previousBareCR = true
          }
        }
        position += 1
        lineStart = position
      }
      if ended {
        if lineStart < filled {
          try body(UnsafeBufferPointer(start: base + lineStart, count: filled - lineStart), lineNumber)
        }
        break
      }
      // Keep the unfinished line at the front of the buffer.
      let rest = filled - lineStart
      if lineStart > 0 && rest > 0 {
        (buffer.baseAddress! + 0).copyMemory(from: buffer.baseAddress! + lineStart, byteCount: rest)
      }
      filled = rest
    }
  }

  /// How many lines `forEachLine` hands out.
  package func countLines() throws(ParseError) -> Int {
    var count = 0
    try forEachLine { _, _ in count += 1 }
    return count
  }

  private func tooLong(_ line: Int) -> ParseError {
    ParseError(
      format: format, location: SourceLocation(file: source.name, line: line), problem: .lineTooLong,
      reason: "the line is \(Self.size(maxLineLength)) or longer without a line end, more than any \(format) "
        + "record needs; the file is damaged or not a \(format) file (lines are limited to keep memory bounded)",
      isFatal: true)
  }

  private static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// The index of the first LF or CR in `base[start..<end]`, or `end`.
  ///
  /// Looks at eight bytes at a time for any byte below 0x0E, then checks the
  /// few it finds (tabs and the like are passed over).
  @inline(__always)
  static func lineEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    var i = start
    while i + 8 <= end {
      var candidates = ByteScan.less(ByteScan.load(base + i), than: 0x0E)
      while candidates != 0 {
        let k = i + candidates.trailingZeroBitCount / 8
        if base[k] == 0x0A || base[k] == 0x0D { return k }
        candidates &= candidates - 1
      }
      i += 8
    }
    while i < end && base[i] != 0x0A && base[i] != 0x0D { i += 1 }
    return i
  }
}
