import Foundation

/// What `merge` checks of every row it reads back, so that a corrupt or hand-edited row
/// is refused with its file and line instead of being summarised: its shape and types
/// (`SweepRow`), its indices inside the sweep's grid, its `track` and `values` those of
/// its indices in `sweep.json`, and its `stats` a whole `stats.json` (every required
/// section and number present, each of its type), as `ReplayStats` reads it.
struct SweepRowCheck {
  let manifest: SweepManifest
  private let configurations: Int

  /// What to do about a refused row, after its reason.
  static let advice = "; the file is damaged or was edited: rerun the shard that wrote it"

  init(_ manifest: SweepManifest) {
    self.manifest = manifest
    configurations = manifest.grid.count
  }

  /// The row of `line`, checked.
  /// - Throws: `SweepDataError` with `file`, `lineNumber`, the fault and what to do.
  func row(_ line: String, file: String, lineNumber: Int) throws(SweepDataError) -> SweepRow {
    do {
      return try checkedRow(line, file: file, lineNumber: lineNumber)
    } catch {
      throw SweepDataError(
        file: file, line: lineNumber,
        reason: error.reason + Self.advice)
    }
  }

  private func checkedRow(_ line: String, file: String, lineNumber: Int) throws(SweepDataError) -> SweepRow {
    func bad(_ reason: String) -> SweepDataError {
      SweepDataError(file: file, line: lineNumber, reason: "not a row of this sweep: \(reason)")
    }
    let node: SpecNode
    do {
      node = try SpecJSONReader.read(line, source: file)
    } catch {
      throw SweepDataError(file: file, line: lineNumber, reason: "not a sweep result row: \(error.reason)")
    }
    let row = try SweepRow(line: line, node: node, file: file, lineNumber: lineNumber)
    guard manifest.tracks.indices.contains(row.trackIndex) else {
      throw bad("'trackIndex' \(row.trackIndex) is outside the sweep's \(manifest.tracks.count) tracks")
    }
    guard row.configIndex < configurations else {
      throw bad("'configIndex' \(row.configIndex) is outside the sweep's \(configurations) configurations")
    }
    let track = manifest.tracks[row.trackIndex].name
    guard let name = node["track"] else { throw bad("no 'track'") }
    guard name.string == track else {
      throw bad("'track' is \(SweepRow.preview(name)), but track \(row.trackIndex) of sweep.json is \"\(track)\"")
    }
    let grid = manifest.grid
    let expected = SpecNode(
      .object(
        zip(grid.variables, grid.values(at: row.configIndex)).map {
          SpecNode.Field($0.path, $1)
        }))
    guard let values = node["values"] else { throw bad("no 'values'") }
    guard values == expected else {
      throw bad(
        "'values' are \(SweepRow.preview(values)), but configuration \(row.configIndex) of sweep.json has "
          + SweepRow.preview(expected))
    }
    do {
      _ = try JSONDecoder().decode(StatsOfRow.self, from: Data(line.utf8))
    } catch {
      throw bad(Self.describe(error))
    }
    return row
  }

  /// The `stats` of a row, as `stats.json` is read.
  private struct StatsOfRow: Decodable {
    var stats: ReplayStats
  }

  /// A decoding error in words, naming the stat (`'stats.engine.emitted' is not a whole number`).
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "its stats cannot be read" }
    func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
      let keys = codingPath + (last.map { [$0] } ?? [])
      return keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        .replacingOccurrences(of: ".[", with: "[")
    }
    switch error {
    case .typeMismatch(let type, let context):
      let expected: String
      switch type {
      case is Int.Type, is Int64.Type: expected = "a whole number"
      case is Double.Type: expected = "a number"
      case is String.Type: expected = "a string"
      case is Bool.Type: expected = "true or false"
      case is [Any].Type: expected = "a list"
      default: expected = "an object"
      }
      return "'\(path(context.codingPath))' is not \(expected)"
    case .valueNotFound(_, let context):
      return "'\(path(context.codingPath))' is null"
    case .keyNotFound(let key, let context):
      return "'\(path(context.codingPath, key))' is missing"
    case .dataCorrupted(let context):
      return "'\(path(context.codingPath))' is not valid: \(context.debugDescription)"
    @unknown default:
      return "its stats cannot be read"
    }
  }
}
