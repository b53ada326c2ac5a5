import ArgumentParser
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Puts the stats of two replays side by side.
  struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare the stats of two replay outputs side by side, with deltas.",
      discussion: """
        Each run is a replay output folder (holding stats.json) or a stats.json file. Every \
        field of stats.json is listed with both values, the difference and the relative change; \
        --changed lists only fields that differ.

        Two folders of several logs' outputs (replay a.csv b.csv -o runs/a writes runs/a/a/ and \
        runs/a/b/) are compared log by log, paired by folder name: a row per log (same, how \
        many fields differ, or on one side only), the totals, then each differing log's \
        changed fields.

        --format json prints one document (version, both names, every field with old, new \
        and delta; --changed keeps those that differ; for folders a logs array and totals), \
        junit a test case per log failing with the fields that differ, github an ::error \
        annotation per differing log, markdown a table. github is the default when \
        GITHUB_ACTIONS=true; exit codes are the same.

        EXIT CODES (as diff's)
          0   the stats are the same (every log's, for folders)
          1   they differ (or a log is in one folder only)
          2   trouble: a run missing or unreadable, not a stats.json, or a run and a folder
          64  usage error (a bad flag), as for every command

        EXAMPLES
          calmgeo-replay drive.csv -c a.json -o runs/a && calmgeo-replay drive.csv -c b.json -o runs/b
          calmgeo-replay compare runs/a/drive runs/b/drive
          calmgeo-replay compare old/stats.json new/stats.json --changed
          calmgeo-replay compare runs/a/drive runs/b/drive --format json --changed
          calmgeo-replay compare runs/a runs/b --format junit > compare.xml
        """)

    @Argument(help: ArgumentHelp("The first (old) run: an output folder or its stats.json.", valueName: "run-a"))
    var old: String

    @Argument(help: ArgumentHelp("The second (new) run.", valueName: "run-b"))
    var new: String

    @Flag(help: "List only the fields that differ.")
    var changed = false

    @Option(
      help: ArgumentHelp(
        "How to print the result: text, json, junit, github or markdown (github when GITHUB_ACTIONS=true, else text).",
        valueName: "format"))
    var format: ResultFormat?

    func run() throws {
      // diff's exit codes: 0 same, 1 different, 2 trouble (never 1 for an error).
      let code: Int32
      do {
        code = try compare()
      } catch let trouble as CompareTrouble {
        Terminal.printError(trouble.message)
        code = 2
      } catch {
        _ = Terminal.report(error)
        code = 2
      }
      if code != 0 { throw ExitCode(code) }
    }

    /// Compares the two runs or folders and prints the result; returns the exit code.
    private func compare() throws -> Int32 {
      let a = try open(old)
      let b = try open(new)
      // Two folders of the same log: name them by the paths given instead.
      let (oldName, newName) = label(old) == label(new) ? (old, new) : (label(old), label(new))
      let resolved = ResultFormat.resolve(format, environment: ProcessInfo.processInfo.environment)
      switch (a, b) {
      case (.single(let a), .single(let b)):
        let comparison = StatsComparison(old: a, new: b)
        print(render(comparison, resolved, oldName, newName), terminator: "")
        return comparison.changes.isEmpty ? 0 : 1
      case (.folder(let a), .folder(let b)):
        let result = FolderComparison(old: a, new: b)
        print(render(result, resolved, oldName, newName), terminator: "")
        return result.exitCode
      case (.single, .folder(let logs)): throw Self.mixed(one: old, several: new, logs: logs.count)
      case (.folder(let logs), .single): throw Self.mixed(one: new, several: old, logs: logs.count)
      }
    }

    private static func mixed(one: String, several: String, logs: Int) -> CompareTrouble {
      CompareTrouble(
        message: "\(several): error: a folder of \(logs) logs' outputs, but \(one) is one run's: "
          + "give two runs (output folders or stats.json files), or two folders of several logs")
    }

    private func render(
      _ comparison: StatsComparison, _ format: ResultFormat,
      _ oldName: String, _ newName: String
    ) -> String {
      switch format {
      case .text:
        return StatsComparisonWriter.render(comparison, oldName: oldName, newName: newName, changedOnly: changed)
      case .json: return CompareReporters.json(comparison, oldName: oldName, newName: newName, changedOnly: changed)
      case .junit: return CompareReporters.junit(comparison, oldName: oldName, newName: newName)
      case .github:
        CIOutput.appendJobSummary(CompareReporters.markdown(comparison, oldName: oldName, newName: newName))
        return CompareReporters.github(comparison, oldName: oldName, newName: newName)
      case .markdown: return CompareReporters.markdown(comparison, oldName: oldName, newName: newName)
      }
    }

    private func render(
      _ result: FolderComparison, _ format: ResultFormat,
      _ oldName: String, _ newName: String
    ) -> String {
      switch format {
      case .text: return FolderCompareReporters.text(result, oldName: oldName, newName: newName)
      case .json: return FolderCompareReporters.json(result, oldName: oldName, newName: newName, changedOnly: changed)
      case .junit: return FolderCompareReporters.junit(result, oldName: oldName, newName: newName)
      case .github:
        CIOutput.appendJobSummary(FolderCompareReporters.markdown(result, oldName: oldName, newName: newName))
        return FolderCompareReporters.github(result, oldName: oldName, newName: newName)
      case .markdown: return FolderCompareReporters.markdown(result, oldName: oldName, newName: newName)
      }
    }

    private func label(_ path: String) -> String {
      let url = URL(fileURLWithPath: path)
      guard url.lastPathComponent == "stats.json" else { return url.lastPathComponent }
      return url.deletingLastPathComponent().lastPathComponent
    }

    /// A run (a stats.json, or a folder holding one) or a folder of several logs' output
    /// folders (each holding a stats.json).
    private enum Run {
      case single(ReplayStats)
      case folder([String: FolderComparison.Side])
    }

    private func open(_ path: String) throws -> Run {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        return .single(try load(path))
      }
      let stats = (path as NSString).appendingPathComponent("stats.json")
      if FileManager.default.fileExists(atPath: stats) { return .single(try load(stats)) }
      var logs: [String: FolderComparison.Side] = [:]
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      for name in names where !name.hasPrefix(".") {
        let file = ((path as NSString).appendingPathComponent(name) as NSString).appendingPathComponent("stats.json")
        guard FileManager.default.fileExists(atPath: file) else { continue }
        do {
          logs[name] = .stats(try load(file))
        } catch let trouble as CompareTrouble {
          Terminal.printError(trouble.message)
          logs[name] = .unreadable(trouble.message)
        }
      }
      guard !logs.isEmpty else {
        throw CompareTrouble(
          message: "\(path): error: no stats.json here, nor in any folder inside (give a replay output "
            + "folder, its stats.json, or a folder of several logs' output folders)")
      }
      return .folder(logs)
    }

    private func load(_ file: String) throws -> ReplayStats {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw CompareTrouble(
          message: "\(file): error: cannot read: "
            + "\(FileManager.default.fileExists(atPath: file) ? "permission denied" : "no such file") "
            + "(give a replay output folder or its stats.json)")
      }
      do {
        return try JSONDecoder().decode(ReplayStats.self, from: data)
      } catch {
        throw CompareTrouble(message: "\(file): error: not a calmgeo-replay stats.json: \(Self.describe(error))")
      }
    }

    static func describe(_ error: any Error) -> String {
      switch error {
      case DecodingError.keyNotFound(let key, let context):
        return "missing '\((context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: "."))'"
      case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
      case DecodingError.dataCorrupted(let context):
        return context.debugDescription
      default:
        return "\(error)"
      }
    }
  }
}

/// A run `compare` cannot read or compare (exit code 2, as diff's trouble).
struct CompareTrouble: Error {
  /// The message printed on standard error: the path, what is wrong and what to give.
  var message: String
}
