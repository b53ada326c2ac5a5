import ArgumentParser
import CalmGeoLibraryEngine
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
        a temporary name and renamed when complete. A folder's .calmgeo-replay.json names the log \
        it belongs to: only the output of the same log is replaced; anything else in the way is an \
        error. With --report html, the folder also gets \
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
          calmgeo-replay walk.csv -c cfg.json --engine library:../shared/calmgeo-source

        --engine library:PATH replays through CalmGeo's own sources at PATH (docs/LIBRARY.md): \
        built once against the project's platform stand-ins, driven on the log's clock. If the \
        library traps, the outputs up to that point are kept, stats.json's library section says \
        where, and the exit code is 70.
        """)

    @Option(
      help: ArgumentHelp(
        "builtin (the default: the replay's own model of CalmGeo) or library:PATH (CalmGeo's sources at PATH, built and run).",
        valueName: "engine"))
    var engine: String = "builtin"

    @Argument(help: ArgumentHelp("Logs to replay (- for standard input).", valueName: "log"))
    var logs: [String]

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("CalmGeo configuration JSON (CalmGeo's defaults when absent).", valueName: "file"))
    var config: String?

    @Option(
      name: .customLong("set"),
      help: ArgumentHelp(
        "Set a CalmGeo key or replay.* path on top of the config file, typed as the file types it (repeatable).",
        valueName: "key=value"))
    var set: [String] = []

    @Option(
      help: ArgumentHelp(
        "The app's calls on CalmGeo (start, stop, restart, sync, getGeoData, ...), each at a time (JSON or YAML; see docs/SCENARIOS.md).",
        valueName: "file"))
    var scenario: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Folder for the output folders.", valueName: "dir"))
    var out: String = "replay-out"

    @Flag(
      help:
        "For huge runs: locations.ndjson and uploads/bodies.ndjson (one body a line) instead of one file per request.")
    var ndjson = false

    @Option(
      help: ArgumentHelp(
        "Also write a report into each output folder (html: report.html); repeatable.", valueName: "format"))
    var report: [ReportFormat] = []

    @Option(
      help: ArgumentHelp(
        "Monitor the app's circular geofences (JSON or YAML) over the log: geofences.ndjson.", valueName: "file"))
    var geofences: String?

    @Flag(name: .shortAndLong, help: "No summary on stdout; warnings still go to stderr (what CI wants).")
    var quiet = false

    @Flag(help: "No summary and no warnings: only errors are printed.")
    var silent = false

    @Flag(
      help:
        "Parse and replay a log, and finish its metrics, on one thread. By default a log is parsed on a second thread while the first replays it, and a long track's Hausdorff search runs on every core, where the machine has more than one; the outputs are the same byte for byte."
    )
    var singleThread = false

    @Option(
      help: ArgumentHelp(
        "Replay each session of a log on its own wherever fixes are more than this far apart (90m, 12h, 2d, or seconds), into <name>.session-01, -02 …; holds the log in memory, 72 bytes a fix.",
        valueName: "duration"), transform: Replay.duration)
    var splitGap: Int64?

    @Option(
      name: .customLong("format"),
      help: ArgumentHelp("The same as --input-format (`fixes` uses --format for its output).", valueName: "format"))
    var format: InputFormat?

    @OptionGroup(title: "Reports") var reports: ReportOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Simulation") var network: NetworkOptions
    @OptionGroup(title: "Models (off by default)") var models: ModelOptions

    /// `library:PATH`'s PATH; nil for the built-in engine.
    var libraryPath: String? {
      engine.hasPrefix("library:") ? String(engine.dropFirst("library:".count)) : nil
    }

    func validate() throws {
      guard !logs.isEmpty else { throw ValidationError("Name at least one log to replay.") }
      guard engine == "builtin" || (libraryPath.map { !$0.isEmpty } ?? false) else {
        throw ValidationError(
          "--engine must be builtin or library:PATH (a folder holding CalmGeo/Classes), found '\(engine)'.")
      }
      if libraryPath != nil && splitGap != nil {
        throw ValidationError("--split-gap works with the built-in engine only; replay the sessions as separate logs.")
      }
      if config == "-" && logs.contains("-") {
        throw ValidationError("--config - and the log - cannot both read standard input.")
      }
    }

    /// Reads a duration: a number of seconds, or with `s`, `m`, `h` or `d` (`90m`, `12h`).
    static func duration(_ text: String) throws -> Int64 {
      let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
      var number = Substring(text)
      var scale = 1.0
      if let last = text.last, let unit = units[last] {
        number = number.dropLast()
        scale = unit
      }
      guard let value = Double(number), value > 0, value * scale <= 3.2e9 else {
        throw ValidationError(
          "--split-gap must be a positive duration such as 90m, 12h or 2d (at most 100 years), found '\(text)'.")
      }
      return Int64((value * scale * 1000).rounded())
    }

    func run() throws {
      let configuration: ReplayConfiguration
      let conditions: [GeofenceCondition]
      let recorded: [RecordedNetwork.Entry]?
      var library: LibraryEngine?
      do {
        configuration = try loadConfiguration()
        conditions = try geofences.map(GeofencesLoader.load) ?? []
        recorded = try network.recordedEntries()
        if let libraryPath {
          if recorded != nil {
            throw ValidationError(
              "--engine library answers requests from the simulated network only; drop the recorded network.")
          }
          if let why = LibraryRequest.unsupported(configuration) { throw LibraryError.unsupported(why) }
          library = try LibraryEngine.prepare(sourcePath: libraryPath) { Terminal.printError("calmgeo-replay: \($0)") }
        }
      } catch {
        throw ExitCode(Terminal.report(error))
      }
      // A summary.csv the tool did not write is refused before any log is replayed.
      let summaryPath = (out as NSString).appendingPathComponent("summary.csv")
      if logs.count > 1 || splitGap != nil {
        do {
          try SummaryFile.checkPlace(summaryPath)
        } catch {
          throw ExitCode(Terminal.report(error))
        }
      }
      var exitCode: Int32 = 0
      var failures: [(log: String, code: Int32)] = []
      var finished: [ReplayStats] = []
      var sessions: [Int?] = []
      for (log, name) in zip(logs, OutputNames.assign(logs).map(selectionName)) {
        let (code, stats) = replay(
          log, name: name, configuration: configuration, geofences: conditions,
          transport: NetworkOptions.transport(recorded, name: name), library: library)
        if code != 0 { failures.append((log, code)) }
        exitCode = Terminal.moreSevere(exitCode, code)
        finished += stats
        sessions += splitGap == nil ? stats.map { _ in nil } : stats.indices.map { $0 + 1 }
      }
      // Rewritten from this run's logs only: a log that failed has no row.
      if finished.count > 1 || (logs.count > 1 && (!finished.isEmpty || FileKind.of(summaryPath) != .missing)) {
        let summary = CrossTrackSummary(finished, sessions: sessions)
        do {
          try SummaryFile.write(summary, to: summaryPath)
        } catch {
          exitCode = Terminal.moreSevere(exitCode, Terminal.report(error))
        }
        if finished.count > 1 && !quiet && !silent { print("\n" + summary.table(), terminator: "") }
      }
      if logs.count > 1 && !failures.isEmpty {
        let list = failures.map { "\($0.log) (\($0.code))" }.joined(separator: ", ")
        Terminal.printError("error: \(failures.count) of \(logs.count) logs failed: \(list); exit \(exitCode)")
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

    /// The folder name of a log given its base name: with `--track N` (and `--segment M`)
    /// the selection is part of it (`ride.track-02`), so that each track has its own.
    private func selectionName(_ name: String) -> String {
      var name = name
      if let track = input.track { name += ".track-\(Self.twoDigits(track))" }
      if let segment = input.segment { name += ".segment-\(Self.twoDigits(segment))" }
      return name
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// Replays one log; returns its exit code and, on success, its stats (one per
    /// session with `--split-gap`).
    private func replay(
      _ log: String, name: String, configuration: ReplayConfiguration,
      geofences: [GeofenceCondition], transport: UploadTransport,
      library: LibraryEngine?
    ) -> (Int32, [ReplayStats]) {
      var folder: OutputFolder?
      let outputs = TrackReplay.Outputs(ndjson: ndjson, reports: reports, reportFormats: report, geofences: geofences)
      do {
        if let splitGap {
          return try replaySessions(log, name: name, gap: splitGap, configuration: configuration, outputs: outputs)
        }
        let replay =
          try library.map {
            try TrackReplay(
              log: log, name: name, parent: out, configuration: configuration, parseOptions: input.parseOptions,
              format: input.inputFormat ?? format, outputs: outputs, library: $0)
          }
          ?? TrackReplay(
            log: log, name: name, parent: out, configuration: configuration, parseOptions: input.parseOptions,
            format: input.inputFormat ?? format, outputs: outputs, transport: transport, singleThread: singleThread)
        folder = replay.folder
        try replay.folder.commit()
        if let trap = replay.libraryTrap {
          if !quiet && !silent {
            print(
              SummaryWriter.render(replay.result, stats: replay.stats, outputFolder: replay.folder.finalPath),
              terminator: "")
          }
          Terminal.printError("\(log): error: \(trap); the outputs end there (\(replay.folder.finalPath)); exit 70")
          return (70, [replay.stats])
        }
        if replay.result.uploads.unrecordedAnswers > 0 {
          Terminal.printError(
            "\(network.network ?? "network"): warning: \(name): \(replay.result.uploads.unrecordedAnswers) "
              + "requests had no recorded answer and were answered by the simulated network")
        }
        let diagnostics = replay.result.input?.diagnostics ?? InputDiagnostics()
        if !silent, let crash = replay.result.libraryCrash { Terminal.printError("\(log): \(crash.warning)") }
        if !silent {
          Terminal.warnSkipped(diagnostics)
          Terminal.warnInput(
            diagnostics, file: log, format: replay.result.input?.format ?? .csv, options: input,
            splitting: false)
        }
        if !quiet && !silent {
          print(
            SummaryWriter.render(replay.result, stats: replay.stats, outputFolder: replay.folder.finalPath),
            terminator: "")
          if let libraryPath {
            print(
              "engine: CalmGeo's own code at \(libraryPath); it gives no per-fix decisions, so the filtered and "
                + "ignored-fix counts and the fidelity and stop metrics are not measured (docs/LIBRARY.md)")
          }
        }
        return (0, [replay.stats])
      } catch {
        folder?.discard()
        let code = Terminal.report(error)
        // Not after a refusal: what is there is not this log's, or another run is writing it.
        if (error as? OutputError)?.isRefusal != true {
          OutputFolder.retireStale((out as NSString).appendingPathComponent(name), owner: .log(log))
        }
        return (code, [])
      }
    }

    /// `--split-gap`: the log read into memory, cut at gaps longer than `gap`, each session
    /// replayed into `<name>.session-NN` (from 01, in time order).
    private func replaySessions(
      _ log: String, name: String, gap: Int64, configuration: ReplayConfiguration, outputs: TrackReplay.Outputs
    ) throws -> (Int32, [ReplayStats]) {
      let opened = try InputOpener.open(path: log, forcedFormat: input.inputFormat ?? format)
      let track = try TrackReader.load(opened, options: input.parseOptions, speedPolicy: configuration.speedPolicy)
      guard !track.fixes.isEmpty else { throw ReplayRunner.noFix(opened, track.diagnostics) }
      if !silent {
        Terminal.warnSkipped(track.diagnostics)
        Terminal.warnInput(track.diagnostics, file: log, format: opened.format, options: input, splitting: true)
      }
      var all: [ReplayStats] = []
      for (index, session) in track.sessions(splitAt: gap).enumerated() {
        let replay = try TrackReplay(
          track: session, name: "\(name).session-\(Self.twoDigits(index + 1))", parent: out, owner: .log(log),
          configuration: configuration, outputs: outputs)
        try replay.folder.commit()
        if !silent, let crash = replay.result.libraryCrash { Terminal.printError("\(log): \(crash.warning)") }
        if !quiet && !silent {
          print(
            SummaryWriter.render(replay.result, stats: replay.stats, outputFolder: replay.folder.finalPath),
            terminator: "")
        }
        all.append(replay.stats)
      }
      return (0, all)
    }
  }
}
