/// Placeholder until this format's parser lands; reports the format as unsupported.
public struct CSVParser: FixParser {
  let file: String
  public init(file: String, options: ParseOptions) { self.file = file }
  public mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    throw ParseError(format: "input", location: SourceLocation(file: file, line: 0), key: "unsupported",
                     reason: "this format is not supported yet", isFatal: true)
  }
}
