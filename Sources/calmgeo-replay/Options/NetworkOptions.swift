import ArgumentParser
import CalmGeoReplay
import Foundation

/// The replay's own settings on the command line; each overrides the config file's `replay` object.
struct NetworkOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seed for ids and simulated network randomness; the same seed gives the same output.", valueName: "n"),
    transform: NetworkOptions.seed)
  var seed: UInt64?

  @Flag(inversion: .prefixedNo, help: "Call sync() once after the last fix, as an app does on its next launch.")
  var finalSync: Bool?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Latency of each simulated request in ms, fixed (250) or a seeded range (100-2000), at most 86400000 (a day).",
      valueName: "ms"))
  var latency: String?

  @Option(help: ArgumentHelp("Answers by request index, comma-separated, e.g. 200,500,timeout.", valueName: "list"))
  var schedule: String?

  @Flag(help: "Repeat --schedule from the start once it is used up (default: 200 after its end).")
  var loopSchedule = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Probability from 0 to 1 that a request outside the schedule fails.", valueName: "p"),
    transform: { try NetworkOptions.number($0, flag: "--failure-rate", expected: "a probability between 0 and 1") })
  var failureRate: Double?

  @Option(
    help: ArgumentHelp(
      "Answer each request as a live run recorded it (`live --record-network`): its first device's answers for the log.",
      valueName: "file"))
  var network: String?

  func validate() throws {
    _ = try latencyRange()
    _ = try outcomes()
    if let failureRate, !NumberBounds.probability.contains(failureRate) {
      throw ValidationError("--failure-rate must be between 0 and 1, found \(failureRate).")
    }
  }

  /// Reads `--seed`: a whole number from 0 to 2^64 - 1, and says so when it is not one.
  static func seed(_ text: String) throws -> UInt64 {
    guard let seed = UInt64(text) else {
      throw ValidationError("--seed must be a whole number from 0 to \(UInt64.max), found '\(text)'.")
    }
    return seed
  }

  /// Reads a number flag, naming the flag and what it expects when `text` is not a number.
  static func number(_ text: String, flag: String, expected: String) throws -> Double {
    guard let value = Double(text), value.isFinite else {
      throw ValidationError("\(flag) must be \(expected), found '\(text)'.")
    }
    return value
  }

  func latencyRange() throws -> (Int64, Int64)? {
    guard let latency else { return nil }
    let limit = NumberBounds.latencyMilliseconds.upperBound
    if latency.hasPrefix("-") {
      throw ValidationError(
        "--latency cannot be negative, found '\(latency)'; give milliseconds (250) or a range (100-2000).")
    }
    let parts = latency.split(separator: "-", omittingEmptySubsequences: false).map {
      Int64($0.trimmingCharacters(in: .whitespaces))
    }
    switch parts.count {
    case 1: if let ms = parts[0], ms >= 0, ms <= limit { return (ms, ms) }
    case 2: if let low = parts[0], let high = parts[1], low >= 0, high >= low, high <= limit { return (low, high) }
    default: break
    }
    throw ValidationError(
      "--latency must be milliseconds (250) or a range (100-2000) from 0 to \(limit) (a day), found '\(latency)'.")
  }

  func outcomes() throws -> [NetworkModel.Outcome]? {
    guard let schedule else { return nil }
    return try schedule.split(separator: ",").map { item in
      guard let outcome = NetworkModel.Outcome(item.trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("--schedule takes status codes and 'timeout', e.g. 200,500,timeout; found '\(item)'.")
      }
      return outcome
    }
  }

  /// Applies the flags that were given on top of `configuration`.
  func apply(to configuration: inout ReplayConfiguration) throws {
    if let seed { configuration.replay.seed = seed }
    if let finalSync { configuration.replay.finalSync = finalSync }
    if let (low, high) = try latencyRange() {
      configuration.replay.network.latencyMin = low
      configuration.replay.network.latencyMax = high
    }
    if let outcomes = try outcomes() { configuration.replay.network.schedule = outcomes }
    if loopSchedule { configuration.replay.network.loopSchedule = true }
    if let failureRate { configuration.replay.network.failureRate = failureRate }
  }

  /// The answers of `--network`, read once (nil without it).
  func recordedEntries() throws -> [RecordedNetwork.Entry]? {
    guard let network else { return nil }
    guard let data = FileManager.default.contents(atPath: network) else {
      throw InputUnavailable(file: network, reason: "cannot read the recorded network file")
    }
    return try RecordedNetwork.entries(of: Array(data), file: network)
  }

  /// The transport of the log named `name`: device 1's recorded answers (those of the
  /// file's only track when none is named `name`), or the simulated network.
  static func transport(_ entries: [RecordedNetwork.Entry]?, name: String) -> UploadTransport {
    guard let entries else { return .simulated }
    let tracks = Set(entries.map(\.track))
    let track = tracks.contains(name) || tracks.count != 1 ? name : tracks.first
    return .recorded(RecordedNetwork.select(entries, track: track, device: 1))
  }
}
