import ArgumentParser
import CalmGeoReplay

/// What a replay writes besides its outputs: trace, exports, reports, metrics.
struct ReportOptions: ParsableArguments {
  @Flag(
    help:
      "Write trace.ndjson: one line per fix with the state machine's decision, its numbers and the events it produced.")
  var trace = false

  @Option(
    help: ArgumentHelp(
      "Export the emitted track as gpx, geojson or both (comma-separated): emitted.gpx, emitted.geojson.",
      valueName: "formats"))
  var export: String?

  @Flag(help: "With --export, also export the raw track (raw.gpx, raw.geojson).")
  var exportRaw = false

  @Flag(inversion: .prefixedNo, help: "Compute track fidelity and stop/start metrics (on by default).")
  var metrics = true

  func validate() throws {
    _ = try exportFormats()
    if exportRaw && export == nil { throw ValidationError("--export-raw needs --export gpx,geojson.") }
  }

  /// The formats named by `--export`.
  func exportFormats() throws -> [TrackExportFormat] {
    guard let export else { return [] }
    return try export.split(separator: ",").map { item in
      let name = item.trimmingCharacters(in: .whitespaces).lowercased()
      guard let format = TrackExportFormat(rawValue: name) else {
        throw ValidationError("--export takes gpx and geojson, comma-separated; found '\(item)'.")
      }
      return format
    }
  }
}
