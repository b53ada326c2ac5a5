#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads CalmGeo's own output, so that a device's uploads can be replayed again: a JSON
/// array of `CalmGeoLocation` objects (`locations.json`, an upload body, or several such
/// bodies one after another), or NDJSON with one object per line.
///
/// Both forms are streamed: `JSONValueSplitter` cuts the text into records line by line,
/// and each record alone goes through Foundation's `JSONDecoder` (fine here: these files
/// are small next to GNSS logs, and a record is a few hundred bytes). So an array is not
/// read whole, a bad record is skipped and counted with the line and column where it
/// starts, and the records after it still count. Times and values follow
/// `CalmGeoJSONRecord.fix(line:)`.
public struct CalmGeoJSONParser: FixParser {
  /// Lines may be up to 64 MiB: a whole array written on one line is read, up to that size.
  public static let maxLineLength = 64 << 20

  let file: String
  let options: ParseOptions

  public init(file: String, options: ParseOptions) {
    self.file = file
    self.options = options
  }

  public mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let file = self.file
    let decoder = JSONDecoder()
    var splitter = JSONValueSplitter()
    var sawRecord = false

    func skip(_ problem: ParseProblem, _ reason: String, line: Int, column: Int?) throws(ParseError) {
      try diagnostics.skip(
        ParseError(
          format: "json", location: SourceLocation(file: file, line: line, column: column), problem: problem,
          reason: reason))
    }

    func handle(_ piece: JSONValueSplitter.Piece) throws(ParseError) {
      switch piece {
      case .record(let bytes, let line, let column):
        sawRecord = true
        diagnostics.recordsRead += 1
        let record: CalmGeoJSONRecord
        do {
          record = try decoder.decode(CalmGeoJSONRecord.self, from: Data(bytes))
        } catch {
          try skip(.badRecord, Self.describe(error), line: line, column: column)
          return
        }
        do throws(CalmGeoJSONRecord.Problem) {
          emit(try record.fix(line: line))
        } catch {
          try skip(error.problem, error.reason, line: line, column: column)
        }
      case .junk(let text, let line, let column):
        sawRecord = true
        diagnostics.recordsRead += 1
        try skip(.badJSON, "'\(text)' is not a JSON object or array", line: line, column: column)
      case .unclosed(let what, let line, let column, let atLineEnd):
        if what == "record" {
          sawRecord = true
          diagnostics.recordsRead += 1
        }
        let end = atLineEnd ? "at the end of its line" : "before the end of the file"
        try skip(.badJSON, "the \(what) starting here is not closed \(end)", line: line, column: column)
      }
    }

    try LineReader(source, format: "json", maxLineLength: Self.maxLineLength).forEachLine {
      (raw: UnsafeBufferPointer<UInt8>, number: Int) throws(ParseError) in
      var line = raw
      if number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeBufferPointer(rebasing: line[3...]) }
      try splitter.feed(line, number: number, handle)
    }
    try splitter.finish(handle)
    if !sawRecord {
      throw ParseError(
        format: "json", location: SourceLocation(file: file, line: 0), problem: .noRecords,
        reason: "no CalmGeo location records (expected a JSON array or one object per line)", isFatal: true)
    }
  }

  /// A decoding error in words, naming the field (`coords.latitude is not a number`).
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "record is not valid JSON" }
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .typeMismatch(let type, let context):
      let expected: String
      switch type {
      case is Double.Type: expected = "a number"
      case is String.Type: expected = "a string"
      case is Bool.Type: expected = "true or false"
      default: expected = "an object"
      }
      let name = path(context)
      return name.isEmpty ? "record is not \(expected)" : "\(name) is not \(expected)"
    case .valueNotFound(_, let context):
      return "\(path(context)) is null"
    case .keyNotFound(let key, _):
      return "record has no \(key.stringValue)"
    case .dataCorrupted(let context):
      let name = path(context)
      return name.isEmpty ? "record is not valid JSON" : "\(name) is not valid"
    @unknown default:
      return "record is not valid JSON"
    }
  }
}
