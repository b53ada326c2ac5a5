/// A reader of one log format: bytes in, fixes out, in input order.
///
/// Parsers never open files; they read from a `ByteSource` and report bad records
/// through `InputDiagnostics` (which throws in strict mode).
public protocol FixParser {
  /// Creates a parser for the input named `file` (used in messages).
  init(file: String, options: ParseOptions)
  /// Reads `source` to its end and hands every fix to `emit` in input order.
  mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError)
}
