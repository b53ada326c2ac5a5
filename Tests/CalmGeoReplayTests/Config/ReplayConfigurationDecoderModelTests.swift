import Foundation
import Testing

@testable import CalmGeoReplay

/// `replay.model` and `replay.platform` in a config file, and how `stats.json` echoes them.
struct ReplayConfigurationDecoderModelTests: ConfigDecoding {
  @Test(arguments: FilterModel.allCases)
  func readsEveryModelByName(model: FilterModel) throws {
    #expect(try decode("{\"replay\": {\"model\": \"\(model.rawValue)\"}}").replay.model == model)
  }

  @Test func readsEveryPlatformRule() throws {
    let replay = try decode(
      """
      {"desiredAccuracy": "hundredMeters", "replay": {"platform": {
        "geofenceExitDelay": [40, 60], "geofenceMinimumRadius": 200, "geofenceUnknown": true,
        "stationaryPause": {"radius": 15, "duration": 45}, "accuracyGate": true, "minimumInterval": 1.5}}}
      """
    ).replay
    #expect(replay.geofenceExitDelay == 40_000 && replay.geofenceExitDelayMax == 60_000)
    #expect(replay.geofenceMinimumRadius == 200 && replay.platform.geofenceUnknown)
    #expect(replay.platform.stationaryPause?.radius == 15 && replay.platform.stationaryPause?.duration == 45_000)
    #expect(replay.platform.accuracyGate == .desiredAccuracyClass && replay.platform.minimumInterval == 1500)
    #expect(replay.platform.accuracyLimit(desiredAccuracy: 100) == 1000)
    let defaults = try decode("{\"replay\": {\"platform\": {\"stationaryPause\": true, \"accuracyGate\": 50}}}").replay
      .platform
    #expect(defaults.stationaryPause == PlatformModel.StationaryPause() && defaults.accuracyGate == .metres(50))
    // Everything off by default.
    let off = try decode("{}").replay
    #expect(off.platform == PlatformModel() && !off.platform.filtersDelivery && off.model == .calmgeo)
    #expect(off.geofenceExitDelayMax == nil)
  }

  @Test(arguments: [
    (
      "{\"replay\": {\"model\": \"bg-andriod\"}}",
      "cfg.json:1:22: error: config: 'replay.model': unknown model \"bg-andriod\"; did you mean 'bg-android'? known models: calmgeo, bg-docs, bg-android, ios-distance-filter, significant-change"
    ),
    (
      "{\"replay\": {\"platform\": {\"geofenceExitDelay\": [60, 40]}}}",
      "cfg.json:1:47: error: config: 'replay.platform.geofenceExitDelay': expected [min, max] with min ≤ max, found […]"
    ),
    (
      "{\"replay\": {\"platform\": {\"stationaryPause\": {\"radius\": 5, \"time\": 3}}}}",
      "cfg.json:1:67: error: config: 'replay.platform.stationaryPause.time': unknown key; known keys: radius, duration"
    ),
    (
      "{\"replay\": {\"platform\": {\"accuracyGate\": \"class\"}}}",
      "cfg.json:1:42: error: config: 'replay.platform.accuracyGate': expected true (the desiredAccuracy class's limit), false or metres, found \"class\""
    ),
    (
      "{\"replay\": {\"platform\": {\"minimumInterval\": -1}}}",
      "cfg.json:1:45: error: config: 'replay.platform.minimumInterval': must be between 0 and 1000000000, found -1"
    ),
  ])
  func rejectsBadModelAndPlatformValues(json: String, message: String) {
    #expect(error(json) == message)
  }

  @Test func statsEchoTheModelAndPlatformOnlyWhenOn() throws {
    let on = try decode(
      """
      {"replay": {"model": "bg-docs", "platform": {"geofenceExitDelay": [40, 60], "accuracyGate": 30,
       "stationaryPause": true, "minimumInterval": 2, "geofenceUnknown": true}}}
      """)
    let effective = EffectiveConfiguration(on)
    #expect(effective.replay.model == "bg-docs")
    let json = String(decoding: try JSONEncoder().encode(effective.replay.platform), as: UTF8.self)
    for part in [
      "\"geofenceExitDelay\":[40,60]", "\"accuracyGate\":30", "\"minimumInterval\":2", "\"geofenceUnknown\":true",
      "\"stationaryPause\":{", "\"radius\":20", "\"duration\":30",
    ] {
      #expect(json.contains(part), "\(json)")
    }
    // It reads back as a config file (stats.json's configuration is one).
    let echoed = String(decoding: try JSONEncoder().encode(effective), as: UTF8.self)
    let again = try decode(echoed)
    #expect(again.replay.model == .bgDocs && again.replay.platform == on.replay.platform)
    #expect(again.replay.geofenceExitDelayMax == 60_000)
    // Off: the same keys as before the models existed.
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    let plain = String(
      decoding: try sorted.encode(EffectiveConfiguration(ReplayConfiguration()).replay.platform), as: UTF8.self)
    #expect(plain == "{\"geofenceExitDelay\":0,\"geofenceMinimumRadius\":0}")
  }
}
