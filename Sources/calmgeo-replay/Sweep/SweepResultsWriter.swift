import CalmGeoReplay

/// Appends rows to `results.ndjson` and `results.csv` in grid order as the runner hands
/// them over, slotting in the rows kept from an earlier run (`--resume`), so the files
/// are valid whenever the run stops. Keeps the rows' numbers for the analysis.
struct SweepResultsWriter {
  private let ndjson: BufferedFile
  private let csv: BufferedFile
  private let manifest: SweepManifest
  private var csvLines: SweepResultsCSV?
  /// Earlier rows not yet written, in grid order.
  private var kept: [SweepRow]
  private var nextKept = 0
  private var sinceFlush = 0
  /// The numbers of every row written, in grid order.
  private(set) var table = SweepTable()
  private(set) var count = 0

  init(folder: SweepFolder, manifest: SweepManifest, kept: [SweepRow]) throws {
    ndjson = try BufferedFile(creating: folder.path("results.ndjson"))
    csv = try BufferedFile(creating: folder.path("results.csv"))
    self.manifest = manifest
    self.kept = kept.sorted {
      manifest.row(track: $0.trackIndex, configuration: $0.configIndex)
        < manifest.row(track: $1.trackIndex, configuration: $1.configIndex)
    }
  }

  /// Writes a new row, after the kept rows that come before it.
  mutating func add(_ row: SweepRow) throws {
    let index = manifest.row(track: row.trackIndex, configuration: row.configIndex)
    while nextKept < kept.count,
      manifest.row(track: kept[nextKept].trackIndex, configuration: kept[nextKept].configIndex) < index
    {
      try write(kept[nextKept])
      nextKept += 1
    }
    try write(row)
  }

  /// Writes the kept rows left and flushes both files.
  mutating func finish() throws {
    while nextKept < kept.count {
      try write(kept[nextKept])
      nextKept += 1
    }
    kept = []
    try ndjson.close()
    try csv.close()
  }

  /// Flushes both files, so a killed run leaves the rows so far.
  func flush() throws {
    try ndjson.flush()
    try csv.flush()
  }

  private mutating func write(_ row: SweepRow) throws {
    if csvLines == nil {
      // The columns of the first row; the finished file is rewritten over all rows.
      let lines = SweepResultsCSV(manifest: manifest, columns: row.paths)
      try csv.write(lines.header)
      csvLines = lines
    }
    try ndjson.write(row.line.utf8)
    try ndjson.write(CollectionOfOne(UInt8(ascii: "\n")))
    try csv.write(csvLines!.line(for: row))
    table.append(row)
    count += 1
    sinceFlush += 1
    if sinceFlush >= 256 {
      try flush()
      sinceFlush = 0
    }
  }
}
