import Foundation
import Testing

@testable import CalmGeoLibraryEngine
@testable import CalmGeoReplay

/// The driver's request: what CalmGeo's own `CalmGeoConfig` decodes, and the calls' times.
struct LibraryRequestTests {
  private func json(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test func configurationUsesTheLibrarysKeysAndValues() throws {
    // CalmGeoConfig's Codable keys (CalmGeoConfig.swift in the library): method is the raw
    // value "PUT"; a nil url is absent; maxDaysToPersist stays an integer.
    var configuration = ReplayConfiguration()
    configuration.calmGeo.distanceFilter = 30
    configuration.calmGeo.method = .put
    configuration.calmGeo.maxDaysToPersist = 2
    let request = try json(LibraryRequest.encode(fixes: [], configuration: configuration))
    let config = try #require(request["config"] as? [String: Any])
    #expect(config["distanceFilter"] as? Int == 30)
    #expect(config["method"] as? String == "PUT")
    #expect(config["maxDaysToPersist"] as? Int == 2)
    #expect(config["url"] == nil)
    #expect(config["speedMultiplier"] as? Double == 3.1)
  }

  @Test func callsGetTheirTimesFromTheLogAndRestartItsWholeConfiguration() throws {
    // First fix at T0: "+45s" is T0 + 45 000 ms; fix 2 is at T0 + 1 000; a restart patch of
    // distanceFilter 50 on the defaults gives the whole configuration with 50 (and 25 m radius).
    let fixes = [EquatorTrack.fix(t: 0, x: 0), EquatorTrack.fix(t: 1, x: 1)]
    var patchValues = CalmGeoConfig()
    patchValues.distanceFilter = 50
    var configuration = ReplayConfiguration()
    configuration.scenario = Scenario(entries: [
      .init(.start, at: .sinceFirstFix(45_000)), .init(.sync, at: .atFix(2)),
      .init(
        .restart(CalmGeoConfigPatch(keys: ["distanceFilter"], values: patchValues)),
        at: .after(.monitoring, number: 1, offset: 30_000)),
    ])
    let request = try json(LibraryRequest.encode(fixes: fixes, configuration: configuration))
    let calls = try #require(request["calls"] as? [[String: Any]])
    #expect(calls.count == 3)
    #expect((calls[0]["at"] as? NSNumber)?.int64Value == EquatorTrack.t0 + 45_000)
    #expect((calls[1]["at"] as? NSNumber)?.int64Value == EquatorTrack.t0 + 1_000)
    #expect(calls[2]["afterEvent"] as? String == "monitoring" && calls[2]["afterOffset"] as? Int == 30_000)
    let restarted = try #require(calls[2]["config"] as? [String: Any])
    #expect(restarted["distanceFilter"] as? Int == 50 && restarted["stationaryRadius"] as? Double == 25)
  }

  @Test func fixesCarryUnknownValuesAsMinusOne() throws {
    // Core Location's "unknown" is -1: a fix without speed, accuracy or course sends -1 there.
    let request = try json(LibraryRequest.encode(fixes: [EquatorTrack.fix(t: 0, x: 0)], configuration: .init()))
    let fixes = try #require(request["fixes"] as? [[Double]])
    #expect(fixes == [[Double(EquatorTrack.t0), 0, 0, -1, -1, -1, -1, -1, -1, -1]])
  }

  @Test func optionsOnlyTheBuiltInEngineModelsAreRefused() {
    var configuration = ReplayConfiguration()
    #expect(LibraryRequest.unsupported(configuration) == nil)
    configuration.replay.geofenceMinimumRadius = 100
    #expect(LibraryRequest.unsupported(configuration)?.contains("--engine builtin") == true)
  }
}
