/// A position in an input log, counted in the decoded (decompressed) text.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The file as the user named it; `-` for standard input.
  public var file: String
  /// The line, from 1; 0 when the problem concerns the whole file.
  public var line: Int
  /// The column in Unicode scalars from 1; `nil` when the source reports only a line
  /// (libxml2 nodes) or the problem concerns the whole line.
  public var column: Int?

  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, `file:line`, or `file` when the line is 0.
  public var description: String {
    guard line > 0 else { return file }
    return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.file, a.line, a.column ?? 0) < (b.file, b.line, b.column ?? 0)
  }
}
