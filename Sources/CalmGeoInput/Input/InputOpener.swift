/// Opens an input log: the file (or `-`), gzip detected by its magic bytes, and the
/// format detected by content, then by extension, unless one is forced.
public enum InputOpener {
  /// An opened log, ready to parse.
  public struct Opened {
    /// The decompressed bytes, from the start.
    public let source: any ByteSource
    /// The format that will be read.
    public let format: InputFormat
    /// Whether the file was gzip-compressed.
    public let gzipped: Bool
    /// The SHA-256 of the stored bytes, when asked for (`open(…, checksum: true)`).
    public var checksum: InputChecksum? = nil
  }

  /// Opens `path`. Throws `InputUnavailable` (cannot open) or `ParseError` (cannot tell the format).
  public static func open(path: String, forcedFormat: InputFormat? = nil, checksum: Bool = false) throws -> Opened {
    try open(FileByteSource(path: path), forcedFormat: forcedFormat, checksum: checksum)
  }

  /// Opens an already-created source (memory in tests, a file, standard input).
  /// With `checksum`, the stored bytes are hashed as they are read (`Opened.checksum`).
  public static func open(_ raw: any ByteSource, forcedFormat: InputFormat? = nil, checksum: Bool = false)
    throws(ParseError) -> Opened
  {
    let hashing = checksum ? InputChecksum(raw) : nil
    var opened = try open(unhashed: hashing ?? raw, forcedFormat: forcedFormat)
    opened.checksum = hashing
    return opened
  }

  private static func open(unhashed raw: any ByteSource, forcedFormat: InputFormat?) throws(ParseError) -> Opened {
    let peeked = try PeekableByteSource(raw, peekSize: 2)
    let gzipped = peeked.prefix == [0x1F, 0x8B]
    let decoded: any ByteSource = gzipped ? try GzipByteSource(upstream: peeked) : peeked
    let content = try PeekableByteSource(decoded, peekSize: 4096)
    if let forcedFormat { return Opened(source: content, format: forcedFormat, gzipped: gzipped) }
    guard let format = InputFormat.detect(prefix: content.prefix, fileName: raw.name) else {
      let why =
        content.prefix.isEmpty
        ? "the file is empty"
        : "cannot tell the format from the content or the extension; pass --input-format csv|nmea|gpx|gnsslogger|json"
      throw ParseError(
        format: "input", location: SourceLocation(file: raw.name, line: 0), problem: .unknownFormat,
        reason: why, isFatal: true)
    }
    return Opened(source: content, format: format, gzipped: gzipped)
  }
}
