import CalmGeoReplay

/// Writes a sweep's rows as the runner hands them over, so that every finished row
/// survives the process being killed at any moment, and the files end in grid order.
///
/// `results.ndjson` is the journal a later `--resume` reads: it already holds the rows
/// kept from an earlier run (`SweepFolder.restore`, synced before anything is computed)
/// and each new row is appended with its own `write(2)`. With kept rows the new ones
/// land after them, out of grid order, so the rows are also written in grid order to a
/// hidden file that `finish` syncs and renames over the journal. `results.csv` follows
/// grid order; the numbers are kept for the analysis.
struct SweepResultsWriter {
  private let journal: DurableFile
  /// The rows in grid order while the journal is not (there are kept rows), else nil.
  private let ordered: DurableFile?
  private let csv: BufferedFile
  private let manifest: SweepManifest
  private let rowsPath: String
  private var csvLines: SweepResultsCSV?
  /// Earlier rows not yet written in grid order.
  private var kept: [SweepRow]
  private var nextKept = 0
  private var sinceFlush = 0
  /// The numbers of every row written, in grid order.
  private(set) var table = SweepTable()
  private(set) var count = 0

  /// - Parameter kept: rows of an earlier run, already in `folder`'s `results.ndjson`.
  init(folder: SweepFolder, manifest: SweepManifest, kept: [SweepRow]) throws {
    rowsPath = folder.path("results.ndjson")
    journal = try DurableFile(appendingTo: rowsPath, truncating: kept.isEmpty)
    let orderedPath = DurableFile.temporaryPath(for: rowsPath)
    ordered = kept.isEmpty ? nil : try DurableFile(appendingTo: orderedPath, truncating: true)
    csv = try BufferedFile(creating: folder.path("results.csv"))
    self.manifest = manifest
    self.kept = kept.sorted {
      manifest.row(track: $0.trackIndex, configuration: $0.configIndex)
        < manifest.row(track: $1.trackIndex, configuration: $1.configIndex)
    }
  }

  /// Appends a new row to the journal at once, and writes it in grid order after the
  /// kept rows that come before it.
  mutating func add(_ row: SweepRow) throws {
    try journal.append(line: row.line)
    let index = manifest.row(track: row.trackIndex, configuration: row.configIndex)
    while nextKept < kept.count,
      manifest.row(track: kept[nextKept].trackIndex, configuration: kept[nextKept].configIndex) < index
    {
      try write(kept[nextKept])
      nextKept += 1
    }
    try write(row)
  }

  /// Writes the kept rows left, syncs the rows and puts them in grid order (the hidden
  /// file renamed over the journal), and closes both files.
  mutating func finish() throws {
    while nextKept < kept.count {
      try write(kept[nextKept])
      nextKept += 1
    }
    kept = []
    try journal.sync()
    if let ordered {
      try ordered.sync()
      try DurableFile.move(ordered.path, over: rowsPath)
    }
    try csv.close()
  }

  /// Syncs the journal and flushes the CSV (at the end of a track).
  func flush() throws {
    try journal.sync()
    try csv.flush()
  }

  /// Writes a row (kept or new) in grid order: the ordered copy, the CSV and the table.
  private mutating func write(_ row: SweepRow) throws {
    if csvLines == nil {
      // The columns of the first row; the finished file is rewritten over all rows.
      let lines = SweepResultsCSV(manifest: manifest, columns: row.paths)
      try csv.write(lines.header)
      csvLines = lines
    }
    try ordered?.write(line: row.line)
    if let line = csvLines?.line(for: row) { try csv.write(line) }
    table.append(row)
    count += 1
    sinceFlush += 1
    if sinceFlush >= 256 {
      try csv.flush()
      sinceFlush = 0
    }
  }
}
