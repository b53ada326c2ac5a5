import ArgumentParser
import CalmGeoReplay
import Foundation

/// The configuration of a run: the config file (if any), then each `--set key=value`
/// in order, then the flags. Every step goes through the config decoder, so a `--set`
/// is checked exactly as the file's key would be, and its errors name the `--set`.
enum ConfigurationLoader {
  /// Reads `file` (`-` for standard input; pipes such as `<(…)` work) and applies `assignments` (`distanceFilter=20`, `replay.network.failureRate=0.1`).
  ///
  /// A value is read as JSON when it is JSON (`20`, `true`, `[80, 400]`, `"text"`), else
  /// as a string (`url=https://…`).
  static func load(file: String?, assignments: [String]) throws -> ReplayConfiguration {
    guard let file else { return try load(data: nil, source: "", assignments: assignments) }
    let data: Data
    do {
      data = try SmallFile.read(file, limit: ReplayConfigurationDecoder.maximumSize)
    } catch {
      throw DocumentError(.config, source: file, reason: "cannot read the configuration file: \(error.reason)")
    }
    return try load(data: data, source: file, assignments: assignments)
  }

  /// The same for a config file already read (`data`, named `source` in errors), or none.
  static func load(data: Data?, source: String, assignments: [String]) throws -> ReplayConfiguration {
    var configuration = ReplayConfiguration()
    var node = SpecNode(.object([]))
    if let data {
      node = try ReplayConfigurationDecoder.read(data, source: source)
      configuration = try ReplayConfigurationDecoder.decode(node, source: source)
    }
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw ValidationError("--set takes key=value (e.g. distanceFilter=20 or replay.seed=3), found '\(assignment)'.")
      }
      // Messages quote the assignment with a credential's value redacted.
      let shown = Redaction.assignment(assignment)
      let path = String(assignment[..<equals])
      let text = String(assignment[assignment.index(after: equals)...])
      let value = (try? SpecJSONReader.read(text, source: "--set")) ?? SpecNode(.string(text))
      guard node.set(path, to: value) else {
        let key = shown.prefix { $0 != "=" }
        throw ValidationError("--set \(shown): '\(key)' goes through a value that is not an object.")
      }
      configuration = try ReplayConfigurationDecoder.decode(node, source: "--set \(shown)", positions: false)
    }
    return configuration
  }

  /// Reads the scenario at `path` (JSON or YAML); a restart's config file is named
  /// relative to the scenario's folder.
  static func scenario(path: String) throws -> Scenario {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "cannot read the scenario file" : "no such scenario file"
      throw DocumentError(.scenario, source: path, reason: reason)
    }
    let folder = (path as NSString).deletingLastPathComponent
    return try ScenarioDecoder.decode(String(decoding: data, as: UTF8.self), source: path) { name in
      let file = name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: file) else { throw CocoaError(.fileReadNoSuchFile) }
      return data
    }
  }
}
