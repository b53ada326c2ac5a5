import ArgumentParser
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Joins the shard folders of a sweep into the folder one run would have written.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Join the folders of a sharded sweep (sweep --shard I/N) into one sweep folder.",
      discussion: """
        Checks that the folders are the N shards of one sweep (same spec hash, objectives \
        and constraints), each finished, with every row exactly once; then writes \
        results.ndjson and recomputes results.csv, summary.csv, pareto.csv and the \
        recommendation with the same code as an unsharded run: the folder is byte for byte \
        the one `sweep` without --shard writes, sweep.html included. Exit codes as for sweep; 65 when the \
        shards do not fit together, 66 when a folder is missing.

        EXAMPLES
          calmgeo-replay merge shards/1 shards/2 shards/3 --out sweep-out
        """)

    @Argument(help: ArgumentHelp("The shard folders.", valueName: "dir"))
    var folders: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The merged output folder.", valueName: "dir"))
    var out: String = "sweep-out"

    @Option(
      help: ArgumentHelp(
        "The two result paths sweep.html plots against each other (default: the first two objectives).",
        valueName: "x,y"))
    var plot: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
      guard !folders.isEmpty else { throw ValidationError("Name the shard folders to merge.") }
      if let plot, SweepPlotAxes(plot) == nil {
        throw ValidationError(
          "--plot must be two result paths X,Y, such as energy.percentPerHour,uploads.requests; found '\(plot)'.")
      }
    }

    func run() throws {
      let code: Int32
      do {
        code = try merge()
      } catch {
        code = SweepExit.report(error)
      }
      if code != 0 { throw ExitCode(code) }
    }

    private func merge() throws -> Int32 {
      var parts: [SweepMerge.Part] = []
      for folder in folders {
        let manifestFile = (folder as NSString).appendingPathComponent("sweep.json")
        let rowsFile = (folder as NSString).appendingPathComponent("results.ndjson")
        let manifest = try SweepManifest(reading: try SweepSpecFile.read(manifestFile), file: manifestFile)
        // Every row is checked against its folder's sweep.json: a corrupt one is refused
        // with its file and line, before any output is written.
        let rows = try SweepResultsReader.rows(
          try SweepSpecFile.read(rowsFile), file: rowsFile, toleratingCutEnd: false, checkedAgainst: manifest
        ).rows
        parts.append(SweepMerge.Part(folder: folder, manifest: manifest, rows: rows))
      }
      var (manifest, rows) = try SweepMerge.merge(parts)
      guard !rows.isEmpty else { throw SweepDataError(file: folders[0], reason: "the shards have no rows") }
      manifest.rows = rows.count
      var table = SweepTable()
      for row in rows { table.append(row) }
      let analysis = try SweepAnalysis(manifest: manifest, table: table)
      let axes = plot.flatMap(SweepPlotAxes.init)
      try SweepFinisher.checkPlot(axes, known: analysis.columns, complete: true)
      // The merge is the sweep's output (its marker names the same sweep), but never over a shard it reads.
      let target = OwnershipMarker.identity(of: out)
      if let shard = folders.first(where: { OwnershipMarker.identity(of: $0) == target }) {
        throw OutputError(
          path: out,
          refusal: "is the shard folder \(shard) that this merge reads; "
            + "choose another --out")
      }
      let output = SweepFolder(out: out, owner: .sweep(specHash: manifest.specHash))
      try output.create()
      do {
        let file = try BufferedFile(creating: output.path("results.ndjson"))
        for row in rows {
          try file.write(row.line.utf8)
          try file.write(CollectionOfOne(UInt8(ascii: "\n")))
        }
        try file.close()
        try SweepFinisher.write(analysis, plot: axes, into: output)
        try output.commit()
      } catch {
        // No half-written work folder is left behind.
        output.discard()
        throw error
      }
      return SweepFinisher.conclude(analysis, folder: out, quiet: quiet)
    }
  }
}
