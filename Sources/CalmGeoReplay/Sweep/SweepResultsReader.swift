/// Reads a sweep folder's `results.ndjson` back into rows (for `--resume` and `merge`).
package enum SweepResultsReader {
  /// The longest line a result row may have. A row holds one `stats.json` (a few KiB);
  /// a longer line is refused before it is parsed, so a damaged or hostile file costs
  /// no more than reading it.
  package static let maximumLineBytes = 1 << 20

  /// The rows of `text`, in file order.
  ///
  /// - Parameters:
  ///   - toleratingCutEnd: accept (and drop) a last line without its newline, as a
  ///     killed run may leave; `truncated` then says whether one was dropped.
  ///   - manifest: when given (`merge`), every row is also checked against the sweep it
  ///     belongs to (`SweepRowCheck`).
  /// - Throws: `SweepDataError` naming `file` and the line at fault.
  package static func rows(
    _ text: String, file: String, toleratingCutEnd: Bool,
    checkedAgainst manifest: SweepManifest? = nil
  ) throws(SweepDataError)
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
        throw SweepDataError(
          file: file, line: lines.count,
          reason: "the last row has no newline: the file was cut (a killed run?); "
            + "finish that run with --resume, or rerun it")
      }
    }
    let check = manifest.map(SweepRowCheck.init)
    var rows: [SweepRow] = []
    rows.reserveCapacity(lines.count)
    for (offset, line) in lines.enumerated() {
      let bytes = line.utf8.count
      guard bytes <= maximumLineBytes else {
        throw SweepDataError(
          file: file, line: offset + 1,
          reason: "not a sweep result row: a line of \(bytes) bytes, longer than any row (\(maximumLineBytes) bytes)"
            + (check == nil ? "" : SweepRowCheck.advice))
      }
      let text = String(line)
      guard let check else {
        rows.append(try SweepRow(line: text, file: file, lineNumber: offset + 1))
        continue
      }
      rows.append(try check.row(text, file: file, lineNumber: offset + 1))
    }
    return (rows, truncated)
  }
}
