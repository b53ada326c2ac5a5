@testable import CalmGeoReplay

/// Builds NMEA text for tests and parses it with `NMEAParser`.
enum NMEATestLog {
  /// `$body*hh` with the checksum computed.
  static func sentence(_ body: String) -> String {
    "$" + body + NMEAChecksum.text(NMEAChecksum.compute(body.utf8))
  }

  /// Sentences, one per line (CRLF).
  static func lines(_ bodies: String...) -> String {
    bodies.map { sentence($0) + "\r\n" }.joined()
  }

  /// The fixes and diagnostics of `text` read as the file `t.nmea`.
  static func parse(
    _ text: String, options: ParseOptions = ParseOptions(), maxChunk: Int = .max
  ) throws(ParseError) -> (fixes: [Fix], diagnostics: InputDiagnostics) {
    try parse(bytes: Array(text.utf8), options: options, maxChunk: maxChunk)
  }

  static func parse(
    bytes: [UInt8], options: ParseOptions = ParseOptions(), maxChunk: Int = .max
  ) throws(ParseError) -> (fixes: [Fix], diagnostics: InputDiagnostics) {
    var parser = NMEAParser(file: "t.nmea", options: options)
    var diagnostics = InputDiagnostics(strict: options.strict)
    var fixes: [Fix] = []
    try parser.parse(MemoryByteSource(bytes, name: "t.nmea", maxChunk: maxChunk), diagnostics: &diagnostics) {
      fixes.append($0)
    }
    return (fixes, diagnostics)
  }

  /// The ISO 8601 times of `fixes`.
  static func times(_ fixes: [Fix]) -> [String] { fixes.map { UTCTime.iso8601($0.time) } }

  /// The rendered error thrown by `body`, or `nil`.
  static func error(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return String(describing: error)
    }
  }
}
