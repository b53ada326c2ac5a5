import Foundation
import Testing

@testable import CalmGeoReplay

/// Numbers from documents that crashed the tool or were accepted beyond what its
/// arithmetic holds (issue 23): each is now an error naming the file, the key and the
/// bound (`NumberBounds`).
struct NumberBoundsTests {
  /// `after: ""` trapped (index out of range, exit 132) on the empty list of its parts.
  @Test func scenarioAfterEmptyIsAnError() {
    let text = "calls:\n  - {call: sync, after: \"\"}\n"
    #expect {
      try ScenarioDecoder.decode(text, source: "s.yaml")
    } throws: { error in
      "\(error)".hasPrefix("s.yaml:2: error: scenario: calls[0]: expected an event and its number")
    }
    #expect(throws: DocumentError.self) {
      try ScenarioDecoder.decode("calls:\n  - {call: sync, after: \" , +3s\"}\n", source: "s.yaml")
    }
  }

  /// 1e-300 mAh was accepted, then every percentage of the battery overflowed
  /// sweep.html's number formatting (exit 132 at the end of every sweep, resume and merge).
  @Test func tinyBatteryIsRefused() throws {
    for battery in ["1e-300", "0.5", "0"] {
      let json = #"{"replay": {"energy": {"batteryMilliampHours": \#(battery)}}}"#
      #expect {
        try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "c.json")
      } throws: { error in
        "\(error)".contains("'replay.energy.batteryMilliampHours': must be at least 1 (mAh")
      }
    }
    let json = #"{"replay": {"energy": {"batteryMilliampHours": 1}}}"#
    #expect(
      try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "c.json").replay.energy.batteryMilliampHours == 1)
  }

  /// Writes a sweep spec whose grid is `first` × `second` configurations.
  private func plan(first: Int, second: Int) throws -> SweepPlan {
    let text = """
      tracks: ["a.csv"]
      vary:
        distanceFilter: {from: 1, to: \(first), step: 1}
        syncThreshold: {from: 1, to: \(second), step: 1}
      """
    let spec = try SweepSpecDecoder.decode(text, source: "big.yaml")
    return try SweepPlan(spec: spec, base: SpecNode(.object([])), baseSource: nil, tracks: [])
  }

  /// 9 000 000 configurations were accepted and planned (2.75 GB after 120 s, growing):
  /// now refused up front with the number and the limit, before any is planned.
  @Test func hugeGridIsRefusedUpFront() throws {
    let start = ContinuousClock.now
    #expect {
      try plan(first: 3000, second: 3000)
    } throws: { error in
      let text = "\(error)"
      return text.contains("'vary': the grid has 9000000 configurations")
        && text.contains("at most 100000 fit in one sweep")
    }
    #expect(ContinuousClock.now - start < .seconds(5))
    // Just past the limit: 317 × 317 = 100 489.
    #expect {
      try plan(first: 317, second: 317)
    } throws: { "\($0)".contains("the grid has 100489 configurations") }
    #expect(try plan(first: 10, second: 10).configurations.count == 100)
  }

  /// A range wider than any double said "found  (check step)", the count left empty.
  @Test func infiniteRangeSaysSo() {
    let text = "tracks: [a.csv]\nvary:\n  distanceFilter: {from: -1e308, to: 1e308, step: 1e-300}\n"
    #expect {
      try SweepSpecDecoder.decode(text, source: "s.yaml")
    } throws: { "\($0)".contains("expected at most 100000 values, found more than any number (check step)") }
  }

  /// The bounds table is what the decoder enforces, at both ends of each range.
  @Test func decoderEnforcesTheTable() throws {
    func decode(_ json: String) throws -> ReplayConfiguration {
      try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "c.json")
    }
    #expect(try decode(#"{"replay":{"platform":{"geofenceExitDelay":86400}}}"#).replay.geofenceExitDelay == 86_400_000)
    #expect(throws: DocumentError.self) { try decode(#"{"replay":{"platform":{"geofenceExitDelay":86400.5}}}"#) }
    #expect(
      try decode(#"{"replay":{"platform":{"minimumInterval":1e9}}}"#).replay.platform.minimumInterval
        == 1_000_000_000_000)
    #expect(throws: DocumentError.self) { try decode(#"{"replay":{"platform":{"minimumInterval":1e16}}}"#) }
    #expect(throws: DocumentError.self) { try decode(#"{"replay":{"energy":{"gpsMilliamps":1000001}}}"#) }
    #expect(throws: DocumentError.self) { try decode(#"{"replay":{"network":{"failureRate":1.5}}}"#) }
    #expect(throws: DocumentError.self) { try decode(#"{"replay":{"network":{"latencyMs":86400001}}}"#) }
  }
}
