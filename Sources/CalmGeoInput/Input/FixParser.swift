/// A reader of one log format: bytes in, fixes out, in input order.
///
/// Parsers never open files; they read from a `ByteSource` and report bad records
/// through `InputDiagnostics` (which throws in strict mode). Each format names its
/// parser in `InputFormat.parser`; `TrackReader` reaches the parser through it, once
/// per file, and `read` runs the parser's own (specialized) loop.
public protocol FixParser {
  /// Creates a parser for the input named `file` (used in messages).
  init(file: String, options: ParseOptions)
  /// Reads `source` to its end and hands every fix to `emit` in input order.
  mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError)
  /// Reads a whole log of this format: `parse` by default; a format with more to do
  /// around it (GPX's time synthesis) says so in its own `read`.
  static func read(
    _ source: any ByteSource, file: String, options: ParseOptions,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError)
}

extension FixParser {
  public static func read(
    _ source: any ByteSource, file: String, options: ParseOptions,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    var parser = Self(file: file, options: options)
    try parser.parse(source, diagnostics: &diagnostics, emit: emit)
  }
}

extension InputFormat {
  /// The parser that reads this format: the one place a format meets its reader
  /// (detection lives with the format itself, in `InputFormat`).
  package var parser: any FixParser.Type {
    switch self {
    case .csv: CSVParser.self
    case .nmea: NMEAParser.self
    case .gpx: GPXParser.self
    case .gnssLogger: GnssLoggerParser.self
    case .calmgeoJSON: CalmGeoJSONParser.self
    }
  }
}

extension GPXParser {
  /// Reads a GPX log; with `options.assumeSpeed`, timeless points get times along the
  /// path at that speed (`TimeSynthesizer`), from their timed neighbours or the
  /// document's own time.
  public static func read(
    _ source: any ByteSource, file: String, options: ParseOptions,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    var parser = GPXParser(file: file, options: options)
    guard let speed = options.assumeSpeed else {
      return try parser.parse(source, diagnostics: &diagnostics, emit: emit)
    }
    var synthesizer = TimeSynthesizer(speed: speed)
    try parser.parse(source, diagnostics: &diagnostics) { synthesizer.accept($0, emit: emit) }
    synthesizer.finish(documentTime: parser.documentTime, emit: emit)
    synthesizer.record(into: &diagnostics)
  }
}
