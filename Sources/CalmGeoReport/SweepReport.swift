import CalmGeoReplay

/// Renders `sweep.html`: one self-contained page (inline SVG, CSS and script; nothing
/// fetched) showing a finished sweep's trade-offs: the Pareto chart of two result
/// paths, each varied key against each objective, the recommendation and the Pareto set.
///
/// Deterministic: the same analysis and axes give the same bytes, so a merged sweep's
/// page equals the unsharded run's.
package enum SweepReport {
  /// The page for `analysis`, plotting `axes` (default: the first two objectives; no
  /// chart with fewer).
  package static func render(_ analysis: SweepAnalysis, axes: SweepPlotAxes? = nil) throws -> String {
    let axes = axes ?? SweepPlotAxes.defaults(analysis.manifest.objectives)
    return try ReportTemplate.render(ReportTemplate.sweep, SweepPage(SweepFacts(analysis), axes: axes))
  }
}
