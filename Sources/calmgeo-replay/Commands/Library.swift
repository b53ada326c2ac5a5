import ArgumentParser
import CalmGeoLibraryEngine
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// `library`: CalmGeo's own code under the replay (docs/LIBRARY.md).
  struct Library: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run CalmGeo's own sources (a fork's) under the replay and compare them with the built-in engine.",
      subcommands: [LibraryCheckCommand.self])
  }

  /// `library check PATH LOG…`: both engines, record by record.
  struct LibraryCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract:
        "Replay logs through CalmGeo's sources at PATH and through the built-in engine; print the first difference.",
      discussion: """
        PATH is a folder holding CalmGeo/Classes (a clone of calm-geo, a fork, or \
        ../shared/calmgeo-source). Its sources are built once against the project's platform \
        stand-ins (cached under ~/.cache/calmgeo-replay/library by the sources' hash; the swift on \
        PATH builds them) and driven as an app does, on the log's virtual clock. Each log is \
        replayed under the configuration (CalmGeo's defaults, or --config), then under --configs \
        seeded random configurations (distanceFilter, speedMultiplier, stationaryRadius, \
        syncThreshold, maxBatchSize, latency, failure rate), each also under every --scenario. \
        Compared: the locations emitted (time, isMoving, event, heard), the requests (times, \
        outcome, records) and the app calls' results.

        Prints per log and configuration "identical" or the first difference, side by side.

        EXAMPLES
          calmgeo-replay library check ../shared/calmgeo-source Samples/walk-with-long-stop.csv
          calmgeo-replay library check ~/src/calm-geo-fork drive.csv walk.gpx --configs 10 --seed 7
          calmgeo-replay library check ../shared/calmgeo-source Samples/walk-with-long-stop.csv \\
            -c Samples/config.json --scenario Samples/commute-scenario.yaml

        EXIT CODES
          0   identical everywhere
          3   a difference (or a crash of one engine only)
          64  usage or configuration error (or an option only the built-in engine models)
          65, 66  a log with no usable fix, a missing log or PATH
          1   the sources do not build, or anything else
        """)

    @Argument(help: ArgumentHelp("Folder holding CalmGeo/Classes.", valueName: "path"))
    var path: String

    @Argument(help: ArgumentHelp("Logs to replay.", valueName: "log"))
    var logs: [String]

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("CalmGeo configuration JSON (the defaults when absent).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Random configurations besides the given one.", valueName: "n"))
    var configs: Int = 0

    @Option(help: ArgumentHelp("Seed of the random configurations.", valueName: "s"))
    var seed: UInt64 = 1

    @Option(
      help: ArgumentHelp("A scenario (app calls) to run each configuration under too; repeatable.", valueName: "file"))
    var scenario: [String] = []

    @Flag(help: "Print only the differences and the totals.")
    var quiet = false

    @Flag(help: "A log that yields no fix (or cannot be read) is reported and skipped, not a failure (a corpus run).")
    var skipUnreadable = false

    func validate() throws {
      guard !logs.isEmpty else { throw ValidationError("Name at least one log after PATH.") }
      guard configs >= 0 && configs <= 10_000 else {
        throw ValidationError("--configs must be 0…10000, found \(configs).")
      }
    }

    func run() throws {
      let base: ReplayConfiguration
      let scenarios: [Scenario]
      let engine: LibraryEngine
      do {
        base = try ConfigurationLoader.load(file: config, assignments: [])
        scenarios = try scenario.map(ConfigurationLoader.scenario(path:))
        engine = try LibraryEngine.prepare(sourcePath: path) { Terminal.printError("calmgeo-replay: \($0)") }
      } catch {
        throw ExitCode(Terminal.report(error))
      }
      let cases = LibraryCheck.cases(base: base, count: configs, seed: seed, scenarios: scenarios)
      var exitCode: Int32 = 0
      var differing = 0
      var runs = 0
      var skipped = 0
      for log in logs {
        let track: Track
        do {
          let opened = try InputOpener.open(path: log, forcedFormat: nil)
          track = try TrackReader.load(opened, options: ParseOptions(), speedPolicy: base.speedPolicy)
          guard !track.fixes.isEmpty else { throw ReplayRunner.noFix(opened, track.diagnostics) }
        } catch {
          if skipUnreadable {
            print("\(log): skipped: \(error)")
            skipped += 1
          } else {
            exitCode = Terminal.moreSevere(exitCode, Terminal.report(error))
          }
          continue
        }
        for testCase in cases {
          runs += 1
          do {
            let comparison = try LibraryCheck.compare(track: track, testCase: testCase, engine: engine)
            if let difference = comparison.difference {
              differing += 1
              print("\(log) [\(testCase.label)]: \(difference)")
            } else if !quiet {
              print("\(log) [\(testCase.label)]: identical")
            }
          } catch {
            exitCode = Terminal.moreSevere(exitCode, Terminal.report(error))
          }
        }
      }
      print(
        "\(runs - differing) of \(runs) runs identical" + (differing > 0 ? ", \(differing) differ" : "")
          + (skipped > 0 ? " (\(skipped) logs skipped)" : ""))
      if exitCode != 0 { throw ExitCode(exitCode) }
      if differing > 0 { throw ExitCode(3) }
    }
  }
}
