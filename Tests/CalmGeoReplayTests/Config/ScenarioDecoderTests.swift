import Foundation
import Testing

@testable import CalmGeoReplay

struct ScenarioDecoderTests {
  @Test func readsEveryTimeFormInYAML() throws {
    let text = """
      calls:
        - {call: start, at: "+0s"}
        - {call: getGeoData, at: "+10m"}
        - call: sync
          at: "2024-05-01T07:10:00Z"
        - {call: restart, at: "fix#1200", config: {distanceFilter: 50, url: "https://x.test/l"}}
        - {call: getSyncState, after: "motionchange#3, +30s"}
        - {call: state, after: "monitoring#1"}
        - {call: stop, at: "+1h2m3.5s"}
        - {call: getStoredCount, at: "+250ms"}
      """
    let scenario = try ScenarioDecoder.decode(text, source: "s.yaml")
    #expect(
      scenario.entries.map(\.time) == [
        .sinceFirstFix(0), .sinceFirstFix(600_000), .absolute(1_714_547_400_000), .atFix(1200),
        .after(.motionchange, number: 3, offset: 30_000), .after(.monitoring, number: 1, offset: 0),
        .sinceFirstFix(3_723_500), .sinceFirstFix(250),
      ])
    #expect(scenario.entries.map(\.line) == [2, 3, 4, 6, 7, 8, 9, 10])
    guard case .restart(let patch) = scenario.entries[3].call else {
      Issue.record("not a restart")
      return
    }
    #expect(patch.keys == ["distanceFilter", "url"])
    // Merged over the configuration in force: only the set keys change.
    var current = CalmGeoConfig()
    current.stationaryRadius = 40
    current.maxDaysToPersist = 2
    let merged = patch.applied(to: current)
    #expect(
      merged.distanceFilter == 50 && merged.url == "https://x.test/l" && merged.stationaryRadius == 40
        && merged.maxDaysToPersist == 2)
  }

  @Test func unquotedYAMLScalarsAreTimesToo() throws {
    // Block style: +10m, an ISO time (no YAML timestamp resolution), fix#3 (a '#' after
    // text is not a comment) and "motionchange#3, +30s" read as strings.
    let text = """
      - call: sync
        at: +10m
      - call: sync
        at: 2024-05-01T07:10:00Z
      - call: sync
        at: fix#3
      - call: sync
        after: motionchange#3, +30s
      """
    let scenario = try ScenarioDecoder.decode(text, source: "s.yml")
    #expect(
      scenario.entries.map(\.time) == [
        .sinceFirstFix(600_000), .absolute(1_714_547_400_000), .atFix(3),
        .after(.motionchange, number: 3, offset: 30_000),
      ])
  }

  @Test func readsAJSONListAndARestartConfigFile() throws {
    let text = #"[{"call": "start", "at": "+0s"}, {"call": "restart", "at": "+5m", "config": "office.json"}]"#
    let scenario = try ScenarioDecoder.decode(text, source: "s.json") { path in
      #expect(path == "office.json")
      return Data(#"{"stationaryRadius": 80}"#.utf8)
    }
    #expect(
      scenario.entries.count == 2
        && scenario.entries[1].call
          == .restart(
            CalmGeoConfigPatch(
              keys: ["stationaryRadius"],
              values: {
                var c = CalmGeoConfig()
                c.stationaryRadius = 80
                return c
              }()))
    )
  }

  @Test(arguments: [
    (
      "calls:\n  - {call: start, at: \"+0s\"}\n  - {call: strat, at: \"+1s\"}\n",
      "s.yaml:3: error: scenario: calls[1]: unknown call \"strat\"; did you mean 'start'? calls: start, stop, restart, sync, clearAllLocations, getGeoData, getStoredLocations, getStoredCount, getSyncState, registerLocationListener, unregisterLocationListener, state"
    ),
    (
      "calls:\n  - call: restart\n    at: \"+1m\"\n    config: {distanceFliter: 50}\n",
      "s.yaml:4: error: scenario: calls[0]: restart config: 'distanceFliter': unknown key; did you mean 'distanceFilter'?"
    ),
    (
      "calls:\n  - {call: restart, at: \"+1m\", config: {replay: {seed: 2}}}\n",
      "s.yaml:2: error: scenario: calls[0]: restart takes CalmGeo's keys only; replay settings belong to the run's --config"
    ),
    (
      "calls:\n  - {call: sync, at: \"+10x\"}\n",
      "s.yaml:2: error: scenario: calls[0]: expected \"+600s\", \"+10m\", an ISO 8601 time such as \"2024-05-01T07:10:00Z\" or \"fix#1200\", found \"+10x\""
    ),
    (
      "calls:\n  - {call: sync, after: \"motionchange#0\"}\n",
      "s.yaml:2: error: scenario: calls[0]: expected an event and its number with an optional delay, such as \"motionchange#3, +30s\" (events: fix, location, motionchange, monitoring, geofenceExit), found \"motionchange#0\""
    ),
    (
      "calls:\n  - {call: sync}\n",
      "s.yaml:2: error: scenario: calls[0]: missing 'at' (\"+10m\", \"2024-05-01T07:10:00Z\", \"fix#1200\") or 'after' (\"motionchange#3, +30s\")"
    ),
    (
      "calls:\n  - {call: sync, at: \"+1s\", when: 3}\n",
      "s.yaml:2: error: scenario: calls[0]: unknown key 'when' (keys: call, at, after, config)"
    ),
    (
      "calls:\n  - {call: sync, at: \"+1s\", config: {distanceFilter: 3}}\n",
      "s.yaml:2: error: scenario: calls[0]: only restart takes a 'config'"
    ),
    ("steps: []\n", "s.yaml:1: error: scenario: unknown key 'steps'; a scenario is {calls: [...]} or a list of calls"),
  ])
  func badScenariosNameTheFileTheEntryAndTheLine(text: String, message: String) {
    #expect(throws: DocumentError.self) { try ScenarioDecoder.decode(text, source: "s.yaml") }
    do {
      _ = try ScenarioDecoder.decode(text, source: "s.yaml")
    } catch {
      #expect(error.description == message)
    }
  }
}
