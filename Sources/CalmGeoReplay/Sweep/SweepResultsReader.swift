/// Reads a sweep folder's `results.ndjson` back into rows (for `--resume` and `merge`).
public enum SweepResultsReader {
  /// The rows of `text`, in file order.
  ///
  /// - Parameter toleratingCutEnd: accept (and drop) a last line without its newline, as
  ///   a killed run may leave; `truncated` then says whether one was dropped.
  public static func rows(_ text: String, file: String, toleratingCutEnd: Bool) throws(SweepDataError)
    -> (rows: [SweepRow], truncated: Bool)
  {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var truncated = false
    if let last = lines.last {
      if last.isEmpty {
        lines.removeLast()
      } else if toleratingCutEnd {
        lines.removeLast()
        truncated = true
      } else {
        throw SweepDataError(file: file, line: lines.count, reason: "the last row has no newline: the file was cut")
      }
    }
    var rows: [SweepRow] = []
    rows.reserveCapacity(lines.count)
    for (number, line) in lines.enumerated() {
      rows.append(try SweepRow(line: String(line), file: file, lineNumber: number + 1))
    }
    return (rows, truncated)
  }
}
