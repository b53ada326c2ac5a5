@testable import CalmGeoReplay

/// What parsing one CSV text gave: the fixes as the parser emitted them (before the
/// time-order stage) and the diagnostics.
struct CSVParseResult {
  var fixes: [Fix]
  var diagnostics: InputDiagnostics
  var parser: CSVParser
}

/// 2024-05-01T07:03:12Z (see CSVTimeParserTests for the arithmetic), the time CSV tests start at.
let csvAnchor: Int64 = 1_714_546_992_000

/// A value as a `Fix` stores it (a `Float`), for comparing optional measurements.
func storedAsFloat(_ value: Double) -> Double { Double(Float(value)) }

/// A fix with a time, a position and a line, every other value absent.
func csvFix(_ time: Int64, _ latitude: Double, _ longitude: Double, line: UInt32) -> Fix {
  Fix(time: time, latitude: latitude, longitude: longitude, line: line)
}

enum CSVTestSupport {
  /// Parses `text` as a CSV file named `track.csv`.
  static func parse(
    _ text: String, name: String = "track.csv", maxChunk: Int = .max, strict: Bool = false,
    timeFormat: String? = nil, date: CivilDate? = nil
  ) throws(ParseError) -> CSVParseResult {
    try parse(
      bytes: Array(text.utf8), name: name, maxChunk: maxChunk, strict: strict, timeFormat: timeFormat,
      date: date)
  }

  /// Parses raw bytes (for BOM, NUL and invalid UTF-8 cases).
  static func parse(
    bytes: [UInt8], name: String = "track.csv", maxChunk: Int = .max, strict: Bool = false,
    timeFormat: String? = nil, date: CivilDate? = nil
  ) throws(ParseError) -> CSVParseResult {
    var options = ParseOptions()
    options.strict = strict
    options.timeFormat = timeFormat
    options.date = date
    options.maxReportedProblems = 100
    var parser = CSVParser(file: name, options: options)
    var diagnostics = InputDiagnostics(strict: strict, maxProblems: 100)
    var fixes: [Fix] = []
    try parser.parse(MemoryByteSource(bytes, name: name, maxChunk: maxChunk), diagnostics: &diagnostics) {
      fixes.append($0)
    }
    return CSVParseResult(fixes: fixes, diagnostics: diagnostics, parser: parser)
  }

  /// The rendered problems (`file:line:col: error: csv: …`).
  static func problems(_ result: CSVParseResult) -> [String] {
    result.diagnostics.firstProblems.map(\.description)
  }
}
