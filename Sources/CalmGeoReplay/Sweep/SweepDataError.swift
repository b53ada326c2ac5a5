/// A sweep folder's file that cannot be used: a bad `sweep.json` or result row, or
/// shards that do not fit together (exit code 65).
package struct SweepDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file (or folder) at fault.
  package var file: String
  /// The line (from 1) in it; 0 when not about one line.
  package var line: Int
  package var reason: String

  package init(file: String, line: Int = 0, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `out/results.ndjson:12: error: …`
  package var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): error: \(reason)" }
}
