import CalmGeoLibraryEngine
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
  /// `--engine library:PATH`: where the library trapped, if it did (the outputs end there).
  var libraryTrap: LibraryTrap?

  /// What a replay writes besides its configuration and input.
  struct Outputs {
    var ndjson = false
    var reports: ReportOptions
    var reportFormats: [ReportFormat] = []
    /// The app's geofences to monitor (`--geofences`); none: no `geofences.ndjson`.
    var geofences: [GeofenceCondition] = []
  }

  /// Replays a track already in memory (one session of `--split-gap`) into `parent/name`.
  init(
    track: Track, name: String, parent: String, owner: OutputOwner, configuration: ReplayConfiguration,
    outputs: Outputs
  ) throws {
    (folder, result, stats) = try Self.replay(
      name: name, parent: parent, owner: owner, configuration: configuration, outputs: outputs
    ) {
      (observer: inout ReplayObservers.Observer) in
      var options = ReplayOptions(threaded: outputs.reports.metrics)
      options.expectedFixes = track.fixes.count
      return ReplayRunner.run(
        source: track, configuration: outputs.reports.applied(to: configuration), observer: &observer,
        options: options)
    }
  }

  /// Replays `log` into `parent/name` (built in a work folder, see `OutputFolder`), an
  /// output of `owner` (by default the log's, with the tool's marker).
  init(
    log: String, name: String, parent: String, owner: OutputOwner? = nil, configuration: ReplayConfiguration,
    parseOptions: ParseOptions, format: InputFormat?, outputs: Outputs,
    transport: UploadTransport = .simulated, singleThread: Bool = false
  ) throws {
    let bytes = ProgressByteSource.size(of: log)
    let file = ProgressByteSource(try FileByteSource(path: log), totalBytes: bytes)
    let opened = try InputOpener.open(file, forcedFormat: format, checksum: true)
    (folder, result, stats) = try Self.replay(
      name: name, parent: parent, owner: owner ?? .log(log), configuration: configuration, outputs: outputs
    ) { (observer: inout ReplayObservers.Observer) in
      var source = ReplayLog(opened, options: parseOptions)
      var options = ReplayOptions(threaded: outputs.reports.metrics, transport: transport)
      if !opened.gzipped {
        options.expectedFixes = TrackReader.expectedFixes(bytes: bytes, format: opened.format)
      }
      if singleThread {
        source.readsAhead = false
        options.parallel = .serial
      }
      return try ReplayRunner.run(
        source: source, configuration: outputs.reports.applied(to: configuration), observer: &observer,
        options: options)
    }
  }

  /// Replays `log` through CalmGeo's own code (`--engine library:PATH`): the log read into
  /// memory, the driver's records fed to the same observers (no metrics: they need the
  /// per-fix decisions that the library does not give).
  init(
    log: String, name: String, parent: String, configuration: ReplayConfiguration, parseOptions: ParseOptions,
    format: InputFormat?, outputs: Outputs, library: LibraryEngine
  ) throws {
    let opened = try InputOpener.open(path: log, forcedFormat: format)
    let track = try TrackReader.load(opened, options: parseOptions, speedPolicy: configuration.speedPolicy)
    guard !track.fixes.isEmpty else { throw ReplayRunner.noFix(opened, track.diagnostics) }
    var trap: LibraryTrap?
    var outputs = outputs
    outputs.reports.metrics = false
    (folder, result, stats) = try Self.replay(
      name: name, parent: parent, owner: .log(log), configuration: configuration, outputs: outputs
    ) { (observer: inout ReplayObservers.Observer) in
      var (result, libraryTrap) = try LibraryReplay.replay(
        track: track, configuration: configuration, engine: library, observer: &observer)
      trap = libraryTrap
      result.input = ReplayInput(
        name: track.name, format: track.format, gzipped: track.gzipped,
        diagnostics: track.diagnostics)
      result.input?.sha256 = track.sha256
      result.configuration = configuration
      return result
    }
    libraryTrap = trap
  }

  /// The observers of `outputs` around `run`, into a new folder `parent/name` that is
  /// discarded on an error.
  private static func replay(
    name: String, parent: String, owner: OutputOwner, configuration: ReplayConfiguration, outputs: Outputs,
    _ run: (inout ReplayObservers.Observer) throws -> ReplayResult
  ) throws -> (OutputFolder, ReplayResult, ReplayStats) {
    let output = try OutputFolder(parent: parent, name: name, owner: owner)
    do {
      var observers = try ReplayObservers(
        folder: output, ndjson: outputs.ndjson, options: outputs.reports, reportFormats: outputs.reportFormats,
        trackName: name, geofences: outputs.geofences, settings: configuration.replay,
        calls: configuration.scenario != nil)
      let result = try run(&observers.observer)
      if let problem = result.scenarioError { throw problem }
      let stats = ReplayStats(result, contributors: observers.statsContributors)
      try observers.finish(result: result, stats: stats)
      return (output, result, stats)
    } catch {
      output.discard()
      throw error
    }
  }
}
