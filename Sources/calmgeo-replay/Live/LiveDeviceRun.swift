import CalmGeoReplay
import Foundation

/// One device of a live run: its log replayed through a transport into
/// `<track folder>/device-NNN/`, the same outputs `replay` writes.
struct LiveDeviceRun: @unchecked Sendable {
  let device: FleetDevice
  let track: Track
  /// The output name of the log (exports are named after it).
  let name: String
  /// Whose output the device's folder is (inside the live run's own work folder).
  let owner: OutputOwner
  let configuration: ReplayConfiguration
  let parent: String
  let ndjson: Bool
  let reports: ReportOptions
  let transport: UploadTransport
  let shouldStop: @Sendable () -> Bool

  /// The folder name of device `number`: `device-001`.
  static func folderName(_ number: Int) -> String {
    let digits = String(number)
    return "device-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }

  /// Replays and commits the device's folder; returns its result.
  func run() throws -> ReplayResult {
    var configuration = configuration
    configuration.replay.seed = device.seed
    let output = try OutputFolder(parent: parent, name: Self.folderName(device.number), owner: owner)
    do {
      var observers = try ReplayObservers(
        folder: output, ndjson: ndjson, options: reports, reportFormats: [], trackName: name)
      let result = ReplayRunner.run(
        source: device.apply(to: track), configuration: configuration, observer: &observers.observer,
        options: ReplayOptions(metrics: reports.metrics, transport: transport, shouldStop: shouldStop))
      try observers.finish(result: result, stats: ReplayStats(result, contributors: observers.statsContributors))
      try output.commit()
      return result
    } catch {
      output.discard()
      throw error
    }
  }
}
