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

  @Flag(
    help: ArgumentHelp(
      "Work out the efficiency answers (the fewest points any sampler could keep, what the run's points could hold, "
        + "the ladder) on a log of any length; without it a log over 250 000 fixes gets the run's side only.",
      discussion: "They cost up to about 10 s of one core on a 1 M-fix log; a day at 1 Hz takes well under a second."))
  var efficiency = false

  /// `configuration` with the efficiency answers' fix limit lifted when `--efficiency` asks.
  func applied(to configuration: ReplayConfiguration) -> ReplayConfiguration {
    var configuration = configuration
    if efficiency { configuration.replay.efficiencyFixLimit = nil }
    return configuration
  }

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
