import ArgumentParser
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Replays a golden folder's tracks and compares the outputs with the stored ones.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay a golden folder's tracks and compare the outputs with the stored ones (CI regression runs).",
      discussion: """
        A golden folder holds a manifest, check.json or check.yaml, and one output folder per \
        track as replay writes it:
          {"tracks": [{"log": "../walk.csv", "config": "../config.json",
                       "name": "walk", "options": {"date": "2024-05-01"}}],
           "tolerance": {"default": 1e-9, "fidelity.*": 1e-6},
           "assert": {"max": {"fidelity.sed.p95": 25}, "max_increase": {"uploads.requests": "10%"}}}
        Paths are relative to the manifest; only log is required (name defaults to the log's \
        file name without extensions). Options: format, \
        \(ParseOptionDescriptor.keys.joined(separator: ", ")).

        Each track is replayed as replay does, into a temporary folder. locations.json and every \
        file in uploads/ must be byte-identical: the first differing record is shown stored and \
        fresh side by side, differing keys marked with *. stats.json is compared field by field: \
        counts, strings and flags exactly, floating-point fields within a relative tolerance \
        (|a - b| <= t * max(|a|, |b|); the most specific matching path glob wins, * spans dots), \
        and input.file by its file name only.

        Gates (--assert FILE or the manifest's assert, JSON or YAML) bound every track's fresh \
        stats by dotted paths as compare prints them; a violation reads \
        'track: path = value > limit'. max_increase and max_decrease bound the change from \
        the stored value, absolute (0.05) or relative ("10%"; from a stored 0 any change \
        that way breaks it): 'walk: uploads.requests 10 → 12 (+20 %), limit +10 %'.

        OUTPUT FORMATS (--format; github when GITHUB_ACTIONS=true, else text)
          text      the readable report, track by track
          json      one document with a version, keys in a fixed order: tracks,
                    each difference (path, old, new), each gate violation
                    (path, old, new, limit)
          junit     JUnit XML: a test case per track and per gate; a failure
                    carries the readable diff
          github    ::error annotations (at most 10, the rest on one line) and,
                    when GITHUB_STEP_SUMMARY is set, a Markdown job summary
          markdown  that summary on stdout: a table of tracks, one of gates
        No format shows a credential (one that differs is only named), and \
        none uses colour, whatever the terminal or NO_COLOR.

        EXIT CODES
          0   every track matches (and meets the gates)
          3   a track's outputs differ from the stored ones
          4   every track matches, but a gate is violated
          64  bad manifest, gates file, config or usage
          65  bad data (a log with no usable fix, a stored stats.json that is not one)
          66  a log, config, manifest or stored output is missing
          1   anything else
        A failed track does not stop the others; the first failure's code wins over 3 and 4.

        EXAMPLES
          calmgeo-replay check Samples/expected
          calmgeo-replay check golden --assert gates.yaml --out check-out
          calmgeo-replay check golden --format junit > check.xml
          calmgeo-replay check --update golden
          calmgeo-replay check --init golden --config cfg.json logs/*.csv
        """)

    @Argument(help: ArgumentHelp("The golden folder (or its manifest file).", valueName: "golden-dir"))
    var golden: String

    @Argument(help: ArgumentHelp("With --init: the logs to record.", valueName: "log"))
    var logs: [String] = []

    @Flag(
      help: "Replace the stored outputs of each track that differs with the fresh ones (one folder rename a track).")
    var update = false

    @Flag(
      name: .customLong("init"), help: "Create the golden folder: a manifest for the logs given, and their outputs.")
    var initialize = false

    @Option(
      name: .shortAndLong, help: ArgumentHelp("With --init: the configuration JSON of every track.", valueName: "file"))
    var config: String?

    @Option(
      name: .customLong("set"),
      help: ArgumentHelp(
        "Check every track with this CalmGeo key or replay.* path set over its config (repeatable): what would change?",
        valueName: "key=value"))
    var set: [String] = []

    @Option(
      name: .customLong("assert"),
      help: ArgumentHelp(
        "Gates every track's fresh stats must meet (JSON or YAML: {max: {path: limit}, min: {…}}), besides the manifest's.",
        valueName: "file"))
    var assertFile: String?

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Keep the fresh outputs in this folder instead of a temporary one.", valueName: "dir"))
    var out: String?

    @Flag(name: .shortAndLong, help: "Print only the tracks that differ, the violations and the summary.")
    var quiet = false

    @Option(
      help: ArgumentHelp(
        "How to print the result: text, json, junit, github or markdown (github when GITHUB_ACTIONS=true, else text).",
        valueName: "format"))
    var format: ResultFormat?

    @Option(
      help: ArgumentHelp("With --init: read the logs as this format (recorded in the manifest).", valueName: "format"))
    var inputFormat: InputFormat?

    @Option(
      help: ArgumentHelp(
        "With --init: time format of CSV time columns (recorded in the manifest).", valueName: "format"))
    var timeFormat: String?

    @Option(help: ArgumentHelp("With --init: UTC date for NMEA logs that never carry one.", valueName: "YYYY-MM-DD"))
    var date: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("With --init: the logs' times are local time at this offset.", valueName: "±HH:MM"))
    var utcOffset: String?

    func validate() throws {
      if initialize {
        guard !update else {
          throw ValidationError("--init records a new golden folder; --update rewrites an existing one. Choose one.")
        }
        guard !logs.isEmpty else {
          throw ValidationError("--init needs the logs to record, e.g. check --init golden --config cfg.json walk.csv.")
        }
        guard out == nil, assertFile == nil else {
          throw ValidationError("--out and --assert apply to checks, not to --init.")
        }
        guard !logs.contains("-") else {
          throw ValidationError("A golden folder's tracks are log files; --init cannot record standard input.")
        }
        guard format == nil || format == .text else {
          throw ValidationError("--format applies to checks; --init prints what it wrote as text.")
        }
      } else {
        guard logs.isEmpty else {
          throw ValidationError(
            "Logs are given only with --init; a golden folder's manifest names its tracks (found '\(logs[0])').")
        }
        guard config == nil, inputFormat == nil, timeFormat == nil, date == nil, utcOffset == nil else {
          throw ValidationError(
            "--config and the input options apply to --init; a golden folder's manifest holds them per track.")
        }
        if update && out != nil {
          throw ValidationError("--update writes into the golden folder; --out has no use with it.")
        }
        if update && format != nil && format != .text {
          throw ValidationError("--format applies to checks; --update prints what it wrote as text.")
        }
        if update && !set.isEmpty {
          throw ValidationError(
            "--set changes the configuration the manifest records; edit the config file to --update with it.")
        }
      }
      if let utcOffset, parseUTCOffset(utcOffset) == nil {
        throw ValidationError("--utc-offset must be an offset such as +02:00 or -0700, found '\(utcOffset)'.")
      }
      if let date, CivilDate(date) == nil {
        throw ValidationError("--date must be a date such as 2024-05-01, found '\(date)'.")
      }
    }

    func run() throws {
      let session: CheckSession
      var initManifest: CheckManifest?
      do {
        if initialize {
          let setup = CheckInit(golden: golden, logs: logs, config: config, writtenOptions: writtenOptions)
          let manifest = try setup.manifest()
          initManifest = manifest
          session = CheckSession(golden: golden, plan: try setup.plan(manifest), mode: .record, quiet: quiet)
        } else {
          let folder = try GoldenFolder(golden)
          let resolved = ResultFormat.resolve(format, environment: ProcessInfo.processInfo.environment)
          session = CheckSession(
            golden: folder.path, plan: try CheckPlan(golden: folder, assertFile: assertFile, assignments: set),
            mode: update ? .update : .check(keep: out), quiet: quiet,
            format: update ? .text : resolved, assignments: set)
        }
      } catch {
        throw ExitCode(Self.report(error))
      }
      let outcome = session.run()
      if let initManifest, outcome.exitCode == 0 {
        let path = CheckPaths.resolve("check.json", in: golden)
        do {
          try OutputFolder.writeAtomically(Array(initManifest.json.rendered().utf8), to: path)
          if !quiet {
            print("manifest \(path)")
            print(
              "tolerance \(initManifest.tolerance.summary) (those of the project's own golden folder, "
                + "Samples/expected; edit check.json to change them)")
          }
        } catch {
          throw ExitCode(Self.report(error))
        }
      }
      if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }

    /// The input options given, as a manifest track's `options`.
    private var writtenOptions: [SpecNode.Field] {
      var fields: [SpecNode.Field] = []
      if let inputFormat { fields.append(.init("format", SpecNode(.string(inputFormat.rawValue)))) }
      if let timeFormat { fields.append(.init("timeFormat", SpecNode(.string(timeFormat)))) }
      if let date { fields.append(.init("date", SpecNode(.string(date)))) }
      if let utcOffset { fields.append(.init("utcOffset", SpecNode(.string(utcOffset)))) }
      return fields
    }

    /// Prints an error and returns its exit code.
    static func report(_ error: any Error) -> Int32 {
      switch error {
      case let error as CheckError:
        Terminal.printError(error.description)
        return error.code
      default:
        return Terminal.report(error)
      }
    }
  }
}
