/// Writes `results.csv`: one line per (track × configuration) with
/// `track,trackIndex,configIndex`, the varied values, then one column per numeric
/// result path (empty where a row has no such value).
///
/// While a sweep runs the columns are those of its first row; the finished file is
/// rewritten over every row's paths (`SweepTable.columns`).
package struct SweepResultsCSV: Sendable {
  package let manifest: SweepManifest
  package let columns: [String]
  private var lastPaths: [String] = []
  private var lastMap: [Int] = []

  package init(manifest: SweepManifest, columns: [String]) {
    self.manifest = manifest
    self.columns = columns
  }

  /// The header line.
  package var header: String { SweepText.csvLine(headerFields) }

  /// The header's cells: the row's keys, the varied paths, the result columns.
  private var headerFields: [String] {
    ["track", "trackIndex", "configIndex"] + manifest.grid.variables.map(\.path) + columns
  }

  /// The line of a row as it comes from a run.
  package mutating func line(for row: SweepRow) -> String {
    if row.paths != lastPaths {
      let position = Dictionary(uniqueKeysWithValues: row.paths.enumerated().map { ($1, $0) })
      lastMap = columns.map { position[$0] ?? -1 }
      lastPaths = row.paths
    }
    let values = lastMap.map { $0 >= 0 ? row.values[$0] : .nan }
    return line(track: row.trackIndex, configuration: row.configIndex, values: values)
  }

  /// The line of a row given its values over `columns` (NaN for none).
  package func line(track: Int, configuration: Int, values: [Double]) -> String {
    var csv = SweepCSVText()
    line(track: track, configuration: configuration, values: values, into: &csv)
    return csv.text
  }

  private func line(track: Int, configuration: Int, values: [Double], into csv: inout SweepCSVText) {
    csv.field(manifest.tracks.indices.contains(track) ? manifest.tracks[track].name : "")
    csv.integer(track)
    csv.integer(configuration)
    csv.fields(manifest.grid.values(at: configuration).map(SweepText.value))
    for value in values { csv.number(value) }
    csv.endLine()
  }

  /// The whole file: every row of `table` (grid order) over all of its columns.
  package static func render(manifest: SweepManifest, table: SweepTable) -> String {
    let columns = table.columns
    let writer = SweepResultsCSV(manifest: manifest, columns: columns)
    var csv = SweepCSVText()
    csv.fields(writer.headerFields)
    csv.endLine()
    for (entry, values) in zip(table.entries, table.matrix(columns: columns)) {
      writer.line(track: entry.trackIndex, configuration: entry.configIndex, values: values, into: &csv)
    }
    return csv.text
  }
}
