/// Formats the replayed track can be exported in (`--export gpx,geojson`).
public enum TrackExportFormat: String, Sendable, CaseIterable {
  /// GPX 1.1 (QGIS, Google Earth, any GPS tool).
  case gpx
  /// GeoJSON, RFC 7946 (geojson.io, QGIS, web maps).
  case geojson

  /// The file extension.
  public var fileExtension: String { rawValue }
}

/// Which points an exporter writes.
public enum TrackExportSource: String, Sendable {
  /// The locations the library emitted: what the server receives.
  case emitted
  /// Every fix handed to the engine.
  case raw
}
