import Foundation
import Testing

@testable import CalmGeoReplay

/// The battery proxy on CALMGEO.md §6's worked example, every figure worked out by hand.
struct EnergyModelTests {
  @Test func workedExampleWithUploads() {
    var config = CalmGeoConfig()
    config.url = "https://example.test/l"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    var (_, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: config)
    var configuration = ReplayConfiguration()
    configuration.calmGeo = config
    result.configuration = configuration
    let energy = EnergyModel().estimate(result)
    // Listening t 0…194 and 317…329: 194 + 12 = 206 s; monitoring 194…317: 123 s.
    #expect(energy.secondsListeningByAccuracy == ["gps": 206])
    #expect(energy.secondsMonitoring == 123)
    // §6: requests at t 0, 73, 73, 317 (no final sync): 4; one geofence exit.
    #expect(energy.requests == 4 && energy.geofenceWakeups == 1)
    // 206 s × 37 mA = 206/3600 × 37 = 2.11722 mAh; 123/3600 × 1 = 0.034167 mAh.
    #expect(energy.milliampHours.listening == 2.1172)
    #expect(energy.milliampHours.monitoring == 0.0342)
    // 1 × 0.28; 4 × 0.87 = 3.48.
    #expect(energy.milliampHours.wakeups == 0.28 && energy.milliampHours.requests == 3.48)
    let bytes = Double(result.uploads.bytesSent) / 1e6 * 0.23
    #expect(abs(energy.milliampHours.bytes - bytes) < 1e-4)
    // total ≈ 2.11722 + 0.03417 + 0.28 + 3.48 + bytes over 329 s of log, as % of 3000 mAh per hour.
    let total = 206.0 / 3600 * 37 + 123.0 / 3600 + 0.28 + 3.48 + bytes
    #expect(abs(energy.milliampHours.total - total) < 1e-4)
    #expect(abs((energy.percentPerHour ?? .nan) - total / (329.0 / 3600) / 3000 * 100) < 1e-4)
  }

  @Test(arguments: [
    (-2.0, "gps"), (-1, "gps"), (10, "gps"), (99.9, "gps"), (100, "wifi"), (999, "wifi"), (1000, "cell"),
    (3000, "cell"),
  ])
  func accuracyClasses(desiredAccuracy: Double, expected: String) {
    #expect(EnergyModel.accuracyClass(desiredAccuracy) == expected)
  }

  @Test func coarseAccuracyCostsLessAndCoefficientsComeFromTheConfig() throws {
    let json =
      #"{"desiredAccuracy": "kilometer", "replay": {"energy": {"cellMilliamps": 6, "batteryMilliampHours": 1000}}}"#
    let configuration = try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "c.json")
    #expect(configuration.replay.energy.cellMilliamps == 6)
    var (_, result) = EquatorTrack.replay(EquatorTrack.workedExample, config: configuration.calmGeo)
    result.configuration = configuration
    let energy = configuration.replay.energy.estimate(result)
    // 206 s at 6 mA = 0.34333 mAh; no url: no requests.
    #expect(energy.secondsListeningByAccuracy == ["cell": 206] && energy.milliampHours.listening == 0.3433)
  }

  @Test func badCoefficientsAreConfigErrors() {
    #expect(throws: DocumentError.self) {
      try ReplayConfigurationDecoder.decode(Data(#"{"replay": {"energy": {"gpsMiliamps": 5}}}"#.utf8), source: "c.json")
    }
    #expect(throws: DocumentError.self) {
      try ReplayConfigurationDecoder.decode(
        Data(#"{"replay": {"energy": {"batteryMilliampHours": 0}}}"#.utf8), source: "c.json")
    }
  }
}
