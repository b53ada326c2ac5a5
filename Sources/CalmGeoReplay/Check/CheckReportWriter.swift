/// Renders what a check found as text: per track, the first differing record of
/// `locations.json` and of the uploads side by side, the other differing files by name,
/// each changed stats field as `path: old → new`; then gate violations and the summary.
package enum CheckReportWriter {
  /// How many other differing files are named before "and N more".
  static let namedFiles = 6

  /// A track's block: `name: ok` or `name: differs` and the details.
  package static func render(_ result: CheckTrackResult) -> String {
    guard result.differs else {
      let moved = result.stats?.withinTolerance.count ?? 0
      return "\(result.name): ok" + (moved > 0 ? " (\(fields(moved)) within tolerance)" : "") + "\n"
    }
    var text = "\(result.name): differs\n"
    var shownLocations = false
    var shownUploads = false
    var shown: (String?, String?)?
    var others: [String] = []
    var onlyStored: [String] = []
    var onlyFresh: [String] = []
    for file in result.files {
      switch file.kind {
      case .onlyStored: onlyStored.append(file.path)
      case .onlyFresh: onlyFresh.append(file.path)
      case .differs(let difference):
        let isUpload = file.path.hasPrefix("uploads/")
        if isUpload ? shownUploads : shownLocations {
          others.append(file.path)
        } else {
          let pair = (difference.stored?.text, difference.fresh?.text)
          // An upload carrying the location already shown says nothing new.
          let repeated = shown.map { $0.0 == pair.0 && $0.1 == pair.1 } ?? false
          text += record(difference, file: file.path, sideBySide: !repeated)
          shown = shown ?? pair
          if isUpload { shownUploads = true } else { shownLocations = true }
        }
      }
    }
    if !others.isEmpty { text += "  \(names(others)): \(others.count == 1 ? "differs" : "differ") too\n" }
    if !onlyStored.isEmpty { text += "  only in the stored outputs: \(names(onlyStored))\n" }
    if !onlyFresh.isEmpty { text += "  only in the fresh replay: \(names(onlyFresh))\n" }
    if let stats = result.stats, !stats.changes.isEmpty {
      text += "  stats.json: \(fields(stats.changes.count)) \(stats.changes.count == 1 ? "differs" : "differ")"
      text += stats.withinTolerance.isEmpty ? "\n" : " (\(stats.withinTolerance.count) more within tolerance)\n"
      for row in stats.changes {
        text += "    \(row.path): \(row.old ?? "(absent)") → \(row.new ?? "(absent)")\n"
      }
    }
    return text
  }

  /// The first differing record of one file, old and new side by side (or, with
  /// `sideBySide` off, a note that it is the record shown above).
  static func record(_ difference: CheckRecordDifference, file: String, sideBySide: Bool = true) -> String {
    let unit = difference.unit.rawValue
    let number = difference.index + 1
    var text = "  \(file): "
    if difference.stored == nil && difference.fresh == nil {
      text += "the same \(unit)s; only spacing or line ends differ\n"
      return text
    }
    let place = difference.singleLine ? "" : " (line \((difference.stored ?? difference.fresh)!.line))"
    text += "\(unit) \(number)\(place) differs first; \(difference.differing) of "
    text += "\(max(difference.storedCount, difference.freshCount)) \(unit)s differ"
    text +=
      difference.storedCount == difference.freshCount
      ? "" : " (\(difference.storedCount) stored, \(difference.freshCount) fresh)"
    guard sideBySide else { return text + "; it is the record shown above\n" }
    text += "\n"
    func title(_ side: String, _ record: CheckRecords.Record?, _ count: Int) -> String {
      guard let record else { return "\(side): no \(unit) \(number) (\(count) in all)" }
      return difference.singleLine ? side : "\(side), line \(record.line)"
    }
    text += CheckSideBySide.render(
      stored: difference.stored?.text, fresh: difference.fresh?.text,
      titles: (
        title("stored", difference.stored, difference.storedCount),
        title("fresh", difference.fresh, difference.freshCount)
      ))
    return text
  }

  /// The gate violations of every track, one a line.
  package static func violations(_ violations: [CheckGateViolation]) -> String {
    guard !violations.isEmpty else { return "" }
    var text = "gates: \(violations.count) \(violations.count == 1 ? "violation" : "violations")\n"
    for violation in violations { text += "  \(violation)\n" }
    return text
  }

  /// The last line: `3 tracks match`, `2 of 3 tracks differ`, with failures and gates.
  package static func summary(tracks: Int, differing: Int, failed: Int, violations: Int) -> String {
    var parts: [String] = []
    if differing > 0 { parts.append("\(differing) of \(tracks) \(tracks == 1 ? "track differs" : "tracks differ")") }
    if failed > 0 { parts.append("\(failed) of \(tracks) \(tracks == 1 ? "track" : "tracks") could not be checked") }
    if parts.isEmpty {
      parts.append(tracks == 1 ? "1 track matches" : tracks == 2 ? "both tracks match" : "all \(tracks) tracks match")
    }
    if violations > 0 { parts.append("\(violations) gate \(violations == 1 ? "violation" : "violations")") }
    return parts.joined(separator: "; ") + "\n"
  }

  private static func fields(_ count: Int) -> String { count == 1 ? "1 field" : "\(count) fields" }

  /// Paths with the `uploads/` of all but the first dropped, at most `namedFiles` of them.
  private static func names(_ paths: [String]) -> String {
    let shown = paths.prefix(namedFiles).enumerated().map { index, path in
      index > 0 && path.hasPrefix("uploads/") ? String(path.dropFirst("uploads/".count)) : path
    }
    let more = paths.count - shown.count
    return shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
  }
}
