import CalmGeoReplay

/// Everything the sweep template shows, as ready-made text: the template only places it.
///
/// Stored properties only: Mustache reads them by reflection.
struct SweepPage {
  /// A track of the spec, and why it has no rows when it could not be read.
  struct Track {
    let name: String
    let note: String
  }

  let title: String
  let subtitle: String
  let tiles: [ReportPage.Tile]
  let scatter: ScatterView?
  /// Why there is no scatter.
  let scatterNote: String
  let recommendation: RecommendationPanel?
  /// Ties, keys that changed nothing, the grid's edge, binding constraints, per track.
  let insight: InsightPanel?
  let parameters: [ParameterSection]
  let parametersNote: String?
  let table: ParetoTable
  let objectives: [String]
  let constraints: [String]
  let tracks: [Track]
  let tooltipJSON: String

  /// The page of `facts`, its chart plotting `axes` (none without them).
  init(_ facts: SweepFacts, axes: SweepPlotAxes?) {
    let manifest = facts.manifest
    title = manifest.spec
    let tracks = manifest.tracks.count - manifest.failedTracks.count
    subtitle =
      "\(NumberText.counted(tracks, "track")) × \(NumberText.counted(manifest.grid.count, "configuration"))"
      + " = \(NumberText.counted(facts.analysis.table.entries.count, "row")) · spec hash \(manifest.specHash)"
    tiles = Self.tiles(facts, tracks: tracks)
    scatter = axes.flatMap { ScatterView(facts, axes: $0) }
    scatterNote =
      axes.map { "No configuration has values of both \($0.x) and \($0.y)." }
      ?? "The spec has fewer than two objectives: name two result paths with --plot x,y to draw this chart."
    recommendation = RecommendationPanel(facts)
    insight = InsightPanel(facts)
    var charted = facts.objectives.map(\.path)
    if charted.isEmpty, let axes { charted = [axes.x, axes.y].filter(facts.has) }
    parameters = ParameterSection.all(facts, paths: charted)
    parametersNote =
      facts.variables.isEmpty
      ? "No key takes more than one value: there is nothing to compare."
      : charted.isEmpty ? "No objectives: name some in the spec, or two result paths with --plot x,y." : nil
    table = ParetoTable(facts)
    objectives = manifest.objectives.map(\.description)
    constraints = manifest.constraints.map(\.description)
    let failed = Dictionary(manifest.failedTracks.map { ($0.index, $0.error) }) { a, _ in a }
    self.tracks = manifest.tracks.enumerated().map { index, track in
      Track(name: track.name, note: failed[index].map { "not read: \($0)" } ?? "")
    }
    var paths = charted
    for path in [axes?.x, axes?.y].compactMap({ $0 }) where !paths.contains(path) && facts.has(path) {
      paths.append(path)
    }
    tooltipJSON = SweepTooltips.json(facts, paths: paths)
  }

  private static func tiles(_ facts: SweepFacts, tracks: Int) -> [ReportPage.Tile] {
    let manifest = facts.manifest
    let count = manifest.grid.count
    let passing = facts.analysis.ranking.passing
    let failed = manifest.failedTracks.count
    let winner = facts.winner
    return [
      ReportPage.Tile(
        label: "Configurations", value: NumberText.grouped(count),
        note: NumberText.counted(facts.variables.count, "varied key"), cls: ""),
      ReportPage.Tile(
        label: "Tracks", value: NumberText.grouped(tracks),
        note: failed > 0 ? "\(NumberText.grouped(failed)) could not be read" : "each under every configuration",
        cls: failed > 0 ? "warn" : ""),
      ReportPage.Tile(
        label: "Meet constraints", value: "\(NumberText.grouped(passing)) of \(NumberText.grouped(count))",
        note: NumberText.counted(manifest.constraints.count, "constraint") + " on every track",
        cls: passing == 0 ? "bad" : "good"),
      ReportPage.Tile(
        label: "Pareto front", value: NumberText.grouped(facts.front.count),
        note: "over \(NumberText.counted(facts.objectives.count, "objective"))", cls: ""),
      ReportPage.Tile(
        label: winner?.meetsConstraints == false ? "Closest" : "Recommended",
        value: winner.map { "#\($0.configIndex)" } ?? "none",
        note: winner.map { manifest.grid.label(at: $0.configIndex) }.map { $0.isEmpty ? "the base config" : $0 }
          ?? "no rows",
        cls: winner?.meetsConstraints == true ? "good" : "bad"),
    ]
  }
}
