import ArgumentParser
import CalmGeoReplay

extension CalmGeoReplayCommand {
  /// Prints the normalized fixes the engine would receive.
  struct Fixes: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the fixes the engine would receive from a log (the replay's own parsing path).",
      discussion: """
        One fix a line, in time order, after the same parsing, time-order drops and speed \
        derivation as a replay. Skip counts go to standard error. Columns: time (ISO 8601 UTC, \
        ms), latitude, longitude, altitude, speed, course, horizontal and vertical accuracy, hdop, \
        satellites, line, and which values were derived or estimated.

        EXAMPLES
          calmgeo-replay fixes track.gpx
          calmgeo-replay fixes log.nmea.gz --date 2024-05-01 --format ndjson | head
        """)

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
      case csv, ndjson
    }

    @Argument(help: ArgumentHelp("The log to read (- for standard input).", valueName: "log"))
    var log: String

    @Option(help: "Output format.")
    var format: OutputFormat = .csv

    @OptionGroup(title: "Input") var input: InputOptions

    func run() throws {
      let stdout = BufferedFile(standardOutput: ())
      do {
        let opened = try InputOpener.open(path: log, forcedFormat: input.inputFormat)
        let options = input.parseOptions
        var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
        var writeError: (any Error)?
        if format == .csv { try stdout.write(FixTextWriter.csvHeader) }
        let format = format
        let kept = try TrackReader.readNormalized(
          opened, options: options, speedPolicy: input.deriveSpeed ?? .auto, diagnostics: &diagnostics
        ) { fix in
          guard writeError == nil else { return }
          do {
            try stdout.write(format == .csv ? FixTextWriter.csvLine(fix) : FixTextWriter.ndjsonLine(fix))
          } catch {
            writeError = error
          }
        }
        try stdout.flush()
        if let writeError { throw writeError }
        Terminal.warnSkipped(diagnostics, counts: "counted on the last line")
        Terminal.warnInput(diagnostics, file: log, format: opened.format, options: input, splitting: false)
        let skipped = diagnostics.skipped.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        guard kept > 0 else { throw ReplayRunner.noFix(opened, diagnostics) }
        let ignored = diagnostics.ignored.filter { $0.key != "header" }.sorted { $0.key < $1.key }.map {
          "\($0.key)=\($0.value)"
        }
        Terminal.printError(
          "\(log): \(kept) fixes as \(opened.format.rawValue); \(diagnostics.recordsRead) records read; skipped: \(skipped.isEmpty ? "none" : skipped.joined(separator: " ")); ignored: \(ignored.isEmpty ? "none" : ignored.joined(separator: " "))"
        )
      } catch {
        try? stdout.flush()
        throw ExitCode(Terminal.report(error))
      }
    }
  }
}
