import CalmGeoReplay

/// One log replayed into a new output folder, left uncommitted: the code path `replay`
/// and `check` share (reading with progress, the observers, the metrics, `stats.json`).
///
/// The caller commits the folder (`folder.commit()`) or discards it; on an error the
/// folder is already discarded.
struct TrackReplay {
  /// The folder the outputs were written to, under its temporary name.
  let folder: OutputFolder
  let result: ReplayResult
  let stats: ReplayStats

  /// What a replay writes besides its configuration and input.
  struct Outputs {
    var ndjson = false
    var reports: ReportOptions
    var reportFormats: [ReportFormat] = []
  }

  /// Replays a track already in memory (one session of `--split-gap`) into `parent/name`.
  init(track: Track, name: String, parent: String, configuration: ReplayConfiguration, outputs: Outputs) throws {
    let output = try OutputFolder(parent: parent, name: name)
    do {
      var observers = try ReplayObservers(
        folder: output, ndjson: outputs.ndjson, options: outputs.reports, reportFormats: outputs.reportFormats,
        trackName: name)
      result = ReplayRunner.run(track, configuration: configuration, observer: &observers.observer,
                                metrics: outputs.reports.metrics)
      stats = ReplayStats(result)
      try observers.finish(result: result, stats: stats)
      folder = output
    } catch {
      output.discard()
      throw error
    }
  }

  /// Replays `log` into `parent/name` (built as `parent/.name.partial-PID`).
  init(log: String, name: String, parent: String, configuration: ReplayConfiguration, parseOptions: ParseOptions,
       format: InputFormat?, outputs: Outputs) throws {
    let file = ProgressByteSource(try FileByteSource(path: log), totalBytes: ProgressByteSource.size(of: log))
    let opened = try InputOpener.open(file, forcedFormat: format, checksum: true)
    let output = try OutputFolder(parent: parent, name: name)
    do {
      var observers = try ReplayObservers(
        folder: output, ndjson: outputs.ndjson, options: outputs.reports, reportFormats: outputs.reportFormats,
        trackName: name)
      result = try ReplayRunner.run(
        opened, options: parseOptions, configuration: configuration, observer: &observers.observer,
        metrics: outputs.reports.metrics)
      stats = ReplayStats(result)
      try observers.finish(result: result, stats: stats)
      folder = output
    } catch {
      output.discard()
      throw error
    }
  }
}
