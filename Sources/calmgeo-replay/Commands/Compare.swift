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
        --changed lists only fields that differ. Exit code 0 when the stats are equal, 1 when \
        they differ, 66 when a run cannot be read, 65 when it is not a stats.json.

        --format json prints one document (version, both names, every field with old, new \
        and delta; --changed keeps those that differ), junit one test case failing with the \
        fields that differ, github one ::error annotation listing them, markdown a table of \
        them. github is the default when GITHUB_ACTIONS=true; exit codes are the same.

        EXAMPLES
          calmgeo-replay drive.csv -c a.json -o runs/a && calmgeo-replay drive.csv -c b.json -o runs/b
          calmgeo-replay compare runs/a/drive runs/b/drive
          calmgeo-replay compare old/stats.json new/stats.json --changed
          calmgeo-replay compare runs/a/drive runs/b/drive --format json --changed
        """)

    @Argument(help: ArgumentHelp("The first (old) run: an output folder or its stats.json.", valueName: "run-a"))
    var old: String

    @Argument(help: ArgumentHelp("The second (new) run.", valueName: "run-b"))
    var new: String

    @Flag(help: "List only the fields that differ.")
    var changed = false

    @Option(help: ArgumentHelp(
      "How to print the result: text, json, junit, github or markdown (github when GITHUB_ACTIONS=true, else text).",
      valueName: "format"))
    var format: ResultFormat?

    func run() throws {
      let a = try load(old)
      let b = try load(new)
      let comparison = StatsComparison(old: a, new: b)
      // Two folders of the same log: name them by the paths given instead.
      let (oldName, newName) = label(old) == label(new) ? (old, new) : (label(old), label(new))
      let text: String
      switch ResultFormat.resolve(format, environment: ProcessInfo.processInfo.environment) {
      case .text:
        text = StatsComparisonWriter.render(comparison, oldName: oldName, newName: newName, changedOnly: changed)
      case .json: text = CompareReporters.json(comparison, oldName: oldName, newName: newName, changedOnly: changed)
      case .junit: text = CompareReporters.junit(comparison, oldName: oldName, newName: newName)
      case .github:
        text = CompareReporters.github(comparison, oldName: oldName, newName: newName)
        CIOutput.appendJobSummary(CompareReporters.markdown(comparison, oldName: oldName, newName: newName))
      case .markdown: text = CompareReporters.markdown(comparison, oldName: oldName, newName: newName)
      }
      print(text, terminator: "")
      if !comparison.changes.isEmpty { throw ExitCode(1) }
    }

    private func label(_ path: String) -> String {
      let url = URL(fileURLWithPath: path)
      return url.lastPathComponent == "stats.json" ? url.deletingLastPathComponent().lastPathComponent : url.lastPathComponent
    }

    private func load(_ path: String) throws -> ReplayStats {
      var isFolder: ObjCBool = false
      let file = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        ? (path as NSString).appendingPathComponent("stats.json") : path
      guard let data = FileManager.default.contents(atPath: file) else {
        Terminal.printError("\(file): error: cannot read: \(FileManager.default.fileExists(atPath: file) ? "permission denied" : "no such file") (give a replay output folder or its stats.json)")
        throw ExitCode(66)
      }
      do {
        return try JSONDecoder().decode(ReplayStats.self, from: data)
      } catch {
        Terminal.printError("\(file): error: not a calmgeo-replay stats.json: \(Self.describe(error))")
        throw ExitCode(65)
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
