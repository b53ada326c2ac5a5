/// A sweep's rows as numbers, in grid order: what the CSV files, the Pareto front and
/// the recommendation are computed from, without the rows' JSON text.
///
/// Rows usually share one list of paths; each distinct list is kept once. A path that
/// only some rows have (a map key such as `energy.secondsListeningByAccuracy.wifi`)
/// becomes a column of the union, next to the paths it follows in those rows.
package struct SweepTable: Sendable {
  /// One row's numbers.
  package struct Entry: Sendable, Hashable {
    package var trackIndex: Int
    package var configIndex: Int
    /// Index into `schemas`: the row's paths.
    var schema: Int
    /// One per path of the schema.
    var values: [Double]
  }

  package private(set) var entries: [Entry] = []
  private(set) var schemas: [[String]] = []
  private var schemaIndex: [[String]: Int] = [:]

  package init() {}

  /// Adds a row; rows must come in grid order (track, then configuration) for the
  /// column order to be the same however the rows were computed.
  package mutating func append(_ row: SweepRow) {
    let schema: Int
    if let last = schemas.indices.last, schemas[last] == row.paths {
      schema = last
    } else if let known = schemaIndex[row.paths] {
      schema = known
    } else {
      schema = schemas.count
      schemas.append(row.paths)
      schemaIndex[row.paths] = schema
    }
    entries.append(Entry(trackIndex: row.trackIndex, configIndex: row.configIndex, schema: schema, values: row.values))
  }

  /// Every path of any row, in stats order: a path only later rows have goes just
  /// before the next path it precedes in them (so `wifi` lands after `gps`, before
  /// what follows both), or last.
  package var columns: [String] {
    var result: [String] = []
    for schema in schemas {
      var known = Set(result)
      for (offset, path) in schema.enumerated() where !known.contains(path) {
        let next = schema[(offset + 1)...].first { known.contains($0) }
        result.insert(path, at: next.flatMap { result.firstIndex(of: $0) } ?? result.count)
        known.insert(path)
      }
    }
    return result
  }

  /// The rows as a dense matrix over `columns` (NaN where a row has no such path).
  package func matrix(columns: [String]) -> [[Double]] {
    let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
    let maps = schemas.map { $0.map { position[$0] ?? -1 } }
    return entries.map { entry in
      var row = [Double](repeating: .nan, count: columns.count)
      for (index, column) in maps[entry.schema].enumerated() where column >= 0 { row[column] = entry.values[index] }
      return row
    }
  }
}
