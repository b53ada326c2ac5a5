import Foundation
import Testing

/// A sweep over `syncThreshold` with and without `min delivery.delaySeconds.p95` among its
/// objectives, on `Samples/walk-with-long-stop.csv` with `Samples/config.json` (final sync,
/// latency 80–400 ms, 5 % failures): thresholds 1, 12 and 120.
struct DeliverySweepTests {
  static let samples = CommandRunner.repositoryRoot.appendingPathComponent("Samples").path

  static func spec(objectives: [String]) -> String {
    """
    tracks: ["\(samples)/walk-with-long-stop.csv"]
    base: \(samples)/config.json
    vary:
      syncThreshold: [1, 12, 120]
    objectives: [\(objectives.map { "\"\($0)\"" }.joined(separator: ", "))]
    """
  }

  static func recommended(_ objectives: [String]) throws -> String {
    let folder = try CommandRunner.temporaryFolder()
    try spec(objectives: objectives).write(
      to: folder.appendingPathComponent("sweep.yaml"), atomically: true, encoding: .utf8)
    let run = try CommandRunner.run(["sweep", "sweep.yaml", "--out", "out"], in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\n").first { $0.hasPrefix("recommended:") }.map(String.init) ?? run.stdout
  }

  @Test func energyAlonePilesOnTheLargestThreshold() throws {
    // Only the request count moves the energy estimate between these configurations (the
    // GPS does the same in each): fewer requests, less energy, so the largest threshold.
    #expect(try Self.recommended(["min energy.percentPerHour"])
      == "recommended: configuration 2 (syncThreshold=120)")
  }

  @Test func deliveryDelayTradesTheThresholdAgainstEnergy() throws {
    // DELIVERY-REASONING
    #expect(try Self.recommended(["min energy.percentPerHour", "min delivery.delaySeconds.p95"])
      == "recommended: configuration 1 (syncThreshold=12)")
  }
}
