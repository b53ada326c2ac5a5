@testable import CalmGeoReplay

/// Runs `GPXParser` over bytes held in memory, for hand-made GPX tests.
enum GPXTesting {
  /// What one parse produced.
  struct Result {
    var fixes: [Fix]
    var diagnostics: InputDiagnostics
  }

  /// Parses `bytes` named `file`, handed to the parser `chunk` bytes at a time.
  static func parse(
    bytes: [UInt8], file: String = "t.gpx", options: ParseOptions = ParseOptions(), chunk: Int = .max
  ) throws(ParseError) -> Result {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    var fixes: [Fix] = []
    // As `TrackReader` reads a GPX (through `InputFormat.gpx.parser`): with `assumeSpeed`,
    // timeless points get their times from `TimeSynthesizer`.
    try GPXParser.read(
      MemoryByteSource(bytes, name: file, maxChunk: chunk), file: file, options: options, diagnostics: &diagnostics
    ) { fixes.append($0) }
    return Result(fixes: fixes, diagnostics: diagnostics)
  }

  /// Parses UTF-8 `text`.
  static func parse(
    _ text: String, file: String = "t.gpx", options: ParseOptions = ParseOptions(), chunk: Int = .max
  ) throws(ParseError) -> Result {
    try parse(bytes: Array(text.utf8), file: file, options: options, chunk: chunk)
  }

  /// The rendered error the parse throws, or `"no error"`.
  static func error(_ text: String, file: String = "t.gpx", options: ParseOptions = ParseOptions()) -> String {
    error(bytes: Array(text.utf8), file: file, options: options)
  }

  /// The rendered error the parse of `bytes` throws, or `"no error"`.
  static func error(bytes: [UInt8], file: String = "t.gpx", options: ParseOptions = ParseOptions()) -> String {
    do {
      _ = try parse(bytes: bytes, file: file, options: options)
      return "no error"
    } catch {
      return error.description
    }
  }

  /// A GPX 1.1 document around `body` (the children of `<gpx>`), one element per line.
  static func document(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
    \(body)
    </gpx>
    """
  }

  /// Options with only the fields a test sets.
  static func options(
    strict: Bool = false, track: Int? = nil, segment: Int? = nil, assumeSpeed: Double? = nil
  ) -> ParseOptions {
    var options = ParseOptions()
    options.strict = strict
    options.track = track
    options.segment = segment
    options.assumeSpeed = assumeSpeed
    return options
  }
}
