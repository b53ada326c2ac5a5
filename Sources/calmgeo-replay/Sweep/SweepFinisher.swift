import CalmGeoReplay
import CalmGeoReport

/// Writes the files of a finished sweep from its analysis; the same for `sweep`,
/// `sweep --resume` and `merge`, so they write the same bytes.
enum SweepFinisher {
  /// `sweep.json`, `results.csv` over every row's columns, `summary.csv`, `pareto.csv`,
  /// `recommended.json`, `recommended.why.txt` and `sweep.html` plotting `plot`
  /// (`results.ndjson` is already written).
  static func write(_ analysis: SweepAnalysis, plot: SweepPlotAxes?, into folder: SweepFolder) throws {
    var untimed: SweepTimings?
    try write(analysis, plot: plot, into: folder, clock: &untimed)
  }

  /// `write(_:plot:into:)`, adding the recommendation's texts to `clock`'s summary phase,
  /// sweep.html's rendering to its html phase and the rest to its writing phase.
  static func write(
    _ analysis: SweepAnalysis, plot: SweepPlotAxes?, into folder: SweepFolder,
    clock: inout SweepTimings?
  ) throws {
    let (config, why) = SweepTimings.time(&clock, \.summary) {
      (SweepRecommendation.configFile(analysis), SweepRecommendation.explanation(analysis))
    }
    let html = try SweepTimings.time(&clock, \.html) { try SweepReport.render(analysis, axes: plot) }
    try SweepTimings.time(&clock, \.writing) {
      try writeManifest(analysis.manifest, into: folder)
      try folder.write("results.csv", SweepResultsCSV.render(manifest: analysis.manifest, table: analysis.table))
      try folder.write("summary.csv", SweepSummaryCSV.summary(analysis))
      try folder.write("pareto.csv", SweepSummaryCSV.pareto(analysis))
      if let config { try folder.write("recommended.json", config) }
      try folder.write("recommended.why.txt", why)
      try folder.write("sweep.html", html)
    }
  }

  /// Refuses `--plot` paths the rows do not have (all rows when `complete`, else the
  /// first row's, letting through a path of a section that row lacks).
  static func checkPlot(_ plot: SweepPlotAxes?, known: [String], complete: Bool) throws {
    if let problem = plot?.problem(known: known, complete: complete) { throw SweepUsageError(message: problem) }
  }

  static func writeManifest(_ manifest: SweepManifest, into folder: SweepFolder) throws {
    try folder.write("sweep.json", manifest.json.rendered(pretty: true))
  }

  /// The result on stdout and the exit code: 0 when the recommendation meets the
  /// constraints, 2 when it is only the closest. A `format` other than text prints even
  /// with `quiet` (it was asked for).
  static func conclude(_ analysis: SweepAnalysis, folder: String, quiet: Bool, format: ResultFormat = .text) -> Int32 {
    let manifest = analysis.manifest
    let met = SweepRecommendation.isMet(analysis)
    if format != .text {
      let exitCode = met ? 0 : SweepExit.noConfigurationMeetsConstraints
      CIOutput.emit(SweepReport(analysis: analysis, out: folder, exitCode: exitCode), format: format)
      return exitCode
    }
    if !quiet {
      let tracks = manifest.tracks.count - manifest.failedTracks.count
      var text =
        "\(folder): \(analysis.table.entries.count) rows (\(count(tracks, "track")) × \(count(manifest.grid.count, "configuration")))"
      if !manifest.failedTracks.isEmpty { text += ", \(count(manifest.failedTracks.count, "log")) could not be read" }
      text += "\n"
      if let winner = SweepRecommendation.winner(analysis) {
        let label = manifest.grid.label(at: winner.configIndex)
        let which = "configuration \(winner.configIndex)\(label.isEmpty ? "" : " (\(label))")"
        text +=
          met
          ? "recommended: \(which), meets every constraint: \(folder)/recommended.json\n"
          : "no configuration meets every constraint; closest: \(which): \(folder)/recommended.json, see recommended.why.txt\n"
      }
      print(text, terminator: "")
    }
    return met ? 0 : SweepExit.noConfigurationMeetsConstraints
  }

  /// `1 track`, `3 tracks`.
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
