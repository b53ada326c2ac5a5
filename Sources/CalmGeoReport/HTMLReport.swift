import CalmGeoReplay

/// Renders `report.html`: one self-contained page (inline SVG, CSS and script; nothing
/// fetched) with the map, the state and upload timelines and the stats of one replay.
///
/// Deterministic: the same collector and result give the same bytes. The page's size
/// is bounded by the collector's capacity (about 1 MB at the default 5 000 points a
/// series), not by the log's length.
package enum HTMLReport {
  /// The page for a replay observed by `data`; `stats` defaults to the result's own,
  /// and the app's geofences are drawn when `geofences` monitored the replay.
  package static func render(
    _ data: ReportCollector, result: ReplayResult, stats: ReplayStats? = nil,
    geofences: GeofenceMonitor? = nil
  ) throws -> String {
    try ReportTemplate.render(ReportTemplate.page, ReportPage(data, result: result, stats: stats, geofences: geofences))
  }
}
