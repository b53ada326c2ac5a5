import ArgumentParser
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Replays logs and writes one output folder per log.
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay logs through CalmGeo and write locations, uploads and stats (the default command).",
      discussion: """
        Each log gets a folder <out>/<log name>/ holding locations.json, uploads/000001.json … \
        (request bodies as sent), uploads/requests.ndjson and stats.json. Folders are built under \
        a temporary name and renamed when complete. With --report html, the folder also gets \
        report.html: map, state and upload timelines and stats in one self-contained page. With \
        --scenario, calls.ndjson lists each app call, its virtual time and what it returned.

        A config file holds CalmGeo's keys (distanceFilter, speedMultiplier, stationaryRadius, url, \
        autoSync, syncThreshold, maxBatchSize, ...) and an optional "replay" object (seed, finalSync, \
        deriveSpeed, model, network {latencyMs, schedule, loop, failureRate, failureStatus}, platform \
        {geofenceExitDelay, geofenceMinimumRadius, geofenceUnknown, stationaryPause, accuracyGate, \
        minimumInterval}). Flags override the file.

        With --geofences, the app's circular conditions are monitored over the whole log as \
        CLMonitor would: geofences.ndjson gets one line per state change (satisfied, unsatisfied, \
        unknown), stats.json a geofences section, and report.html the circles and events.

        Times without a zone are UTC. Fixes whose time is not after the previous one are dropped \
        and counted; missing speeds are derived from positions (see --derive-speed).

        EXAMPLES
          calmgeo-replay track.gpx --config cfg.json
          calmgeo-replay day1.nmea.gz day2.nmea.gz --out runs --seed 3 --final-sync
          calmgeo-replay drive.csv --latency 100-3000 --failure-rate 0.2 --ndjson
          calmgeo-replay phone.txt --provider fused --strict
          calmgeo-replay ride.gpx --trace --export gpx,geojson
          calmgeo-replay walk.csv --geofences home-office.yaml --report html
          calmgeo-replay drive.csv -c cfg.json --set distanceFilter=30 --set replay.network.failureRate=0.1
          calmgeo-replay walk.csv -c cfg.json --model bg-android --platform-stationary-pause 20,30
          calmgeo-replay commute.csv -c cfg.json --scenario app-calls.yaml
        """)

    @Argument(help: ArgumentHelp("Logs to replay (- for standard input).", valueName: "log"))
    var logs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("CalmGeo configuration JSON (CalmGeo's defaults when absent).", valueName: "file"))
    var config: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
      "Set a CalmGeo key or replay.* path on top of the config file, typed as the file types it (repeatable).",
      valueName: "key=value"))
    var set: [String] = []

    @Option(help: ArgumentHelp(
      "The app's calls on CalmGeo (start, stop, restart, sync, getGeoData, ...), each at a time (JSON or YAML; see README).",
      valueName: "file"))
    var scenario: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Folder for the output folders.", valueName: "dir"))
    var out: String = "replay-out"

    @Flag(help: "For huge runs: locations.ndjson and uploads/bodies.ndjson (one body a line) instead of one file per request.")
    var ndjson = false

    @Option(help: ArgumentHelp("Also write a report into each output folder (html: report.html); repeatable.", valueName: "format"))
    var report: [ReportFormat] = []

    @Option(help: ArgumentHelp(
      "Monitor the app's circular geofences (JSON or YAML) over the log: geofences.ndjson.", valueName: "file"))
    var geofences: String?

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    @Option(name: .customLong("format"), help: ArgumentHelp("The same as --input-format (`fixes` uses --format for its output).", valueName: "format"))
    var format: InputFormat?

    @OptionGroup(title: "Reports") var reports: ReportOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Simulation") var network: NetworkOptions
    @OptionGroup(title: "Models (off by default)") var models: ModelOptions

    func validate() throws {
      guard !logs.isEmpty else { throw ValidationError("Name at least one log to replay.") }
    }

    func run() throws {
      let configuration: ReplayConfiguration
      let conditions: [GeofenceCondition]
      let recorded: [RecordedNetwork.Entry]?
      do {
        configuration = try loadConfiguration()
        conditions = try geofences.map(GeofencesLoader.load) ?? []
        recorded = try network.recordedEntries()
      } catch {
        throw ExitCode(Terminal.report(error))
      }
      var exitCode: Int32 = 0
      var names = OutputNames()
      var finished: [ReplayStats] = []
      for log in logs {
        let name = names.claim(for: log)
        let (code, stats) = replay(
          log, name: name, configuration: configuration, geofences: conditions,
          transport: NetworkOptions.transport(recorded, name: name))
        if exitCode == 0 { exitCode = code }
        if let stats { finished.append(stats) }
      }
      if logs.count > 1 && !finished.isEmpty {
        let summary = CrossTrackSummary(finished)
        do {
          try OutputFolder.writeAtomically(Array(summary.csv().utf8), to: (out as NSString).appendingPathComponent("summary.csv"))
        } catch {
          exitCode = exitCode == 0 ? Terminal.report(error) : exitCode
        }
        if !quiet { print("\n" + summary.table(), terminator: "") }
      }
      if exitCode != 0 { throw ExitCode(exitCode) }
    }

    private func loadConfiguration() throws -> ReplayConfiguration {
      var configuration = try ConfigurationLoader.load(file: config, assignments: set)
      if let policy = input.deriveSpeed { configuration.speedPolicy = policy }
      try network.apply(to: &configuration)
      try models.apply(to: &configuration)
      if let scenario { configuration.scenario = try ConfigurationLoader.scenario(path: scenario) }
      return configuration
    }

    /// Replays one log; returns its exit code and, on success, its stats.
    private func replay(_ log: String, name: String, configuration: ReplayConfiguration,
                        geofences: [GeofenceCondition], transport: UploadTransport) -> (Int32, ReplayStats?) {
      var folder: OutputFolder?
      do {
        let replay = try TrackReplay(
          log: log, name: name, parent: out, configuration: configuration, parseOptions: input.parseOptions,
          format: input.inputFormat ?? format,
          outputs: TrackReplay.Outputs(ndjson: ndjson, reports: reports, reportFormats: report, geofences: geofences),
          transport: transport)
        folder = replay.folder
        try replay.folder.commit()
        if replay.result.uploads.unrecordedAnswers > 0 {
          Terminal.printError("\(network.network ?? "network"): warning: \(name): \(replay.result.uploads.unrecordedAnswers) "
            + "requests had no recorded answer and were answered by the simulated network")
        }
        if !quiet {
          Terminal.warnSkipped(replay.result.input?.diagnostics ?? InputDiagnostics())
          print(SummaryWriter.render(replay.result, stats: replay.stats, outputFolder: replay.folder.finalPath), terminator: "")
        }
        return (0, replay.stats)
      } catch {
        folder?.discard()
        return (Terminal.report(error), nil)
      }
    }
  }
}

/// Output folder names: the log's file name without extensions, made unique.
struct OutputNames {
  private var used: Set<String> = []

  /// Takes `name` as it is; `false` when it is already taken.
  mutating func reserve(_ name: String) -> Bool {
    used.insert(name).inserted
  }

  mutating func claim(for log: String) -> String {
    var base = log == "-" ? "stdin" : (log as NSString).lastPathComponent
    if base.lowercased().hasSuffix(".gz") { base.removeLast(3) }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
    if base.isEmpty { base = "track" }
    var name = base
    var counter = 2
    while used.contains(name) {
      name = "\(base)-\(counter)"
      counter += 1
    }
    used.insert(name)
    return name
  }
}
