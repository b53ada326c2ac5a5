import CalmGeoReplay

/// Renders `report.html`: one self-contained page (inline SVG, CSS and script; nothing
/// fetched) with the map, the state and upload timelines and the stats of one replay.
///
/// Deterministic: the same collector and result give the same bytes. The page's size
/// is bounded by the collector's capacity (about 1 MB at the default 5 000 points a
/// series), not by the log's length.
public enum HTMLReport {
  /// The page for a replay observed by `data`.
  public static func render(_ data: ReportCollector, result: ReplayResult) throws -> String {
    try ReportTemplate.render(ReportTemplate.page, ReportPage(data, result: result))
  }
}
