import Foundation
import Testing

@testable import CalmGeoReplay

/// `stats.json` as one schema: every section written is read back, whatever reads it (`check`,
/// `compare`, `merge`, `--resume` all decode `ReplayStats`).
struct StatsSchemaTests {
  /// §6's track with uploads and metrics, then every optional section the run did not fill set by
  /// hand, so that no key of the schema is left out of the round trip.
  static func everySection() throws -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    var observer = DiscardingObserver()
    let track = Track(name: "worked", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    var stats = ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true)))
    stats.calls = ["getCurrentPosition": 2, "start": 1, "stop": 1]
    func decoded<T: Decodable>(_ json: String) throws -> T { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
    stats.platform = try decoded(#"{"withheld": 3, "stationary": 1, "accuracy": 1, "rate": 1, "pauses": 2}"#)
    stats.library = try decoded(
      #"{"wouldCrash": true, "at": "2024-05-02T07:00:00.500Z", "call": "sync", "automatic": true, "#
        + #""record": "7", "recordTimestamp": "2024-05-01T07:00:00.000Z", "#
        + #""expiredAt": "2024-05-02T07:00:00.000Z", "site": "MMKVStorageProvider.swift:39"}"#)
    stats.geofences = try decoded(
      #"{"events": 1, "conditions": [{"identifier": "home", "radius": 40, "monitoredRadius": 100, "#
        + #""assuming": "unknown", "entries": 1, "exits": 0, "unknowns": 0, "dwellSeconds": 12.5, "#
        + #""finalState": "satisfied", "exitPending": false}]}"#)
    stats.configuration = EffectiveConfiguration(configuration)
    return stats
  }

  @Test func everySectionIsReadBackAsWritten() throws {
    let stats = try Self.everySection()
    let text = StatsJSONWriter.render(stats)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    // Every key of the schema is in the file: nothing below is vacuous.
    let keys = [
      "schemaVersion", "input", "engine", "decisions", "storage", "uploads", "accounting", "calls",
      "fidelity", "stops", "delivery", "efficiency", "energy", "geofences", "platform", "library", "seed",
      "configuration", "tool",
    ]
    #expect(Array(object.keys).sorted() == keys.sorted())
    let read = try JSONDecoder().decode(ReplayStats.self, from: Data(text.utf8))
    // Before the synthesized decoding, `calls` was written and dropped on reading back.
    #expect(read.calls == ["getCurrentPosition": 2, "start": 1, "stop": 1])
    #expect(read == stats)
    #expect(StatsJSONWriter.render(read) == text)
  }

  @Test func aMissingVersionIsOneAndANewerOneIsRefused() throws {
    var object =
      try JSONSerialization.jsonObject(with: Data(StatsJSONWriter.render(try Self.everySection()).utf8))
      as! [String: Any]
    object["schemaVersion"] = nil
    let v1 = try JSONDecoder().decode(ReplayStats.self, from: JSONSerialization.data(withJSONObject: object))
    #expect(v1.schemaVersion == 1)
    object["schemaVersion"] = 4
    #expect {
      _ = try JSONDecoder().decode(ReplayStats.self, from: JSONSerialization.data(withJSONObject: object))
    } throws: { error in
      "\(error)".contains("stats.json schema version 4 is newer than this tool's 3: use a newer calmgeo-replay")
    }
  }
}
