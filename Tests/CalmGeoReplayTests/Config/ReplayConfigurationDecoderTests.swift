import Foundation
import Testing

@testable import CalmGeoReplay

struct ReplayConfigurationDecoderTests: ConfigDecoding {
  @Test func emptyObjectGivesCalmGeoDefaults() throws {
    let config = try decode("{}").calmGeo
    #expect(config.desiredAccuracy == -1)
    #expect(config.distanceFilter == 16)
    #expect(config.disableSpeedMultiplier == false)
    #expect(config.speedMultiplier == 3.1)
    #expect(config.stationaryRadius == 25)
    #expect(config.url == nil)
    #expect(config.token == nil)
    #expect(config.httpTimeout == 10_000)
    #expect(config.method == .post)
    #expect(config.autoSync == false)
    #expect(config.syncThreshold == 12)
    #expect(config.maxBatchSize == 250)
    #expect(config.maxDaysToPersist == 7)
    #expect(config.fetchActivity == false)
  }

  @Test func readsEveryKey() throws {
    let configuration = try decode(
      """
      {"desiredAccuracy": 10, "distanceFilter": 50, "disableSpeedMultiplier": true, "speedMultiplier": 2,
       "stationaryRadius": 80.5, "url": "https://api.example.test/v1/locations", "token": "abc",
       "httpTimeout": 3000, "method": "put", "autoSync": true, "syncThreshold": 5, "maxBatchSize": 100,
       "maxDaysToPersist": 2, "fetchActivity": true,
       "replay": {"seed": 42, "finalSync": true, "deriveSpeed": "never",
                  "network": {"latencyMs": [100, 900], "schedule": [200, 500, "timeout"], "loop": true,
                              "failureRate": 0.25, "failureStatus": 502},
                  "platform": {"geofenceExitDelay": 30, "geofenceMinimumRadius": 100}}}
      """)
    let config = configuration.calmGeo
    #expect(config.desiredAccuracy == 10)
    #expect(config.distanceFilter == 50)
    #expect(config.disableSpeedMultiplier)
    #expect(config.speedMultiplier == 2)
    #expect(config.stationaryRadius == 80.5)
    #expect(config.url == "https://api.example.test/v1/locations")
    #expect(config.token == "abc")
    #expect(config.httpTimeout == 3000)
    #expect(config.method == .put)
    #expect(config.autoSync)
    #expect(config.syncThreshold == 5)
    #expect(config.maxBatchSize == 100)
    #expect(config.maxDaysToPersist == 2)
    #expect(config.fetchActivity)
    let replay = configuration.replay
    #expect(replay.seed == 42)
    #expect(replay.finalSync)
    #expect(configuration.speedPolicy == .never)
    #expect(replay.network.latencyMin == 100 && replay.network.latencyMax == 900)
    #expect(replay.network.schedule == [.status(200), .status(500), .timeout])
    #expect(replay.network.loopSchedule)
    #expect(replay.network.failureRate == 0.25)
    #expect(replay.network.failureStatus == 502)
    #expect(replay.geofenceExitDelay == 30_000)
    #expect(replay.geofenceMinimumRadius == 100)
  }

  @Test(arguments: [
    ("\"bestForNavigation\"", -2.0), ("\"BEST_FOR_NAVIGATION\"", -2), ("\"best\"", -1), ("\"BEST\"", -1),
    ("\"tenMeters\"", 10), ("\"TEN_METERS\"", 10), ("\"hundredMeters\"", 100), ("\"HUNDRED_METERS\"", 100),
    ("\"kilometer\"", 1000), ("\"KILOMETER\"", 1000), ("\"threeKilometer\"", 3000),
    ("\"THREE_KILOMETER\"", 3000), ("\"THREE_KILOMETERS\"", 3000), ("65", 65),
  ])
  func desiredAccuracyInEitherSpelling(json: String, metres: Double) throws {
    #expect(try decode("{\"desiredAccuracy\": \(json)}").calmGeo.desiredAccuracy == metres)
  }

  @Test(arguments: [
    (
      "{\"distanceFiltr\": 10}",
      "cfg.json:1:19: error: config: 'distanceFiltr': unknown key; did you mean 'distanceFilter'?"
    ),
    (
      "{\"syncTreshold\": 10}",
      "cfg.json:1:18: error: config: 'syncTreshold': unknown key; did you mean 'syncThreshold'?"
    ),
    ("{\"replay\": {\"sed\": 1}}", "cfg.json:1:20: error: config: 'replay.sed': unknown key; did you mean 'seed'?"),
    ("{\"distanceFilter\": -1}", "cfg.json:1:20: error: config: 'distanceFilter': must be 0 or more, found -1"),
    ("{\"distanceFilter\": 2.5}", "cfg.json:1:20: error: config: 'distanceFilter': expected a whole number, found 2.5"),
    ("{\"speedMultiplier\": -0.5}", "cfg.json:1:21: error: config: 'speedMultiplier': must be 0 or more, found -0.5"),
    ("{\"maxBatchSize\": -3}", "cfg.json:1:18: error: config: 'maxBatchSize': must be 0 or more, found -3"),
    ("{\"url\": \"not a url\"}", "cfg.json:1:9: error: config: 'url': not an http(s) URL: \"not a url\""),
    (
      "{\"url\": \"ftp://example.test/x\"}",
      "cfg.json:1:9: error: config: 'url': not an http(s) URL: \"ftp://example.test/x\""
    ),
    ("{\"autoSync\": 1}", "cfg.json:1:14: error: config: 'autoSync': expected true or false, found 1"),
    (
      "{\"method\": \"PATCH\"}",
      "cfg.json:1:12: error: config: 'method': expected POST, PUT, GET or DELETE, found \"PATCH\""
    ),
    (
      "{\"desiredAccuracy\": \"TEN_METRES\"}",
      "cfg.json:1:21: error: config: 'desiredAccuracy': unknown accuracy \"TEN_METRES\"; did you mean 'TEN_METERS'?"
    ),
    (
      "{\"replay\": {\"network\": {\"failureRate\": 1.5}}}",
      "cfg.json:1:40: error: config: 'replay.network.failureRate': must be between 0 and 1, found 1.5"
    ),
    (
      "{\"replay\": {\"network\": {\"schedule\": [200, \"never\"]}}}",
      "cfg.json:1:37: error: config: 'replay.network.schedule': expected a status code (100-599) or \"timeout\", found \"never\""
    ),
    ("[1]", "cfg.json: error: config: expected an object, found […]"),
  ])
  func rejectsBadValuesNamingKeyAndValue(json: String, message: String) {
    #expect(error(json) == message)
  }

  @Test func rejectsNonFiniteAndBrokenJSON() {
    // The value starts at column 22: `{"stationaryRadius": ` is 21 characters.
    #expect(
      error("{\"stationaryRadius\": 1e999}")
        == "cfg.json:1:22: error: config: not valid JSON: number out of range: 1e999 (larger than any double)")
    #expect(error("{\"distanceFilter\": }") == "cfg.json:1:20: error: config: not valid JSON: unexpected character")
  }
}
