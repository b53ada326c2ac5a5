import Foundation
import Testing

/// `--scenario` from the real binary: calls.ndjson, locations.json and the errors (64).
struct ScenarioCommandTests {
  /// 1 Hz on the equator, 0 … 299 s: walk east at 1.5 m/s for 20 s, then stand (§6's
  /// first part, 100 m east of longitude 0: a fix at 0, 0 is read as no fix).
  private func writeTrack(in folder: URL) throws {
    var csv = "time,lat,lon,speed\n"
    for t in 0..<300 {
      let x = 100 + (t <= 20 ? 1.5 * Double(t) : 30)
      let longitude = x / (6_371_008.8 * Double.pi / 180)
      csv += String(format: "2024-05-01T07:%02d:%02dZ,0,%.9f,%@\n", t / 60, t % 60, longitude, t <= 20 ? "1.5" : "0")
    }
    try Data(csv.utf8).write(to: folder.appendingPathComponent("t.csv"))
  }

  @Test func writesCallsAndMarksTheLocationsACallProduced() throws {
    let folder = try CommandRunner.temporaryFolder()
    try writeTrack(in: folder)
    try Data(
      """
      calls:
        - {call: start, at: "+0s"}
        - {call: getGeoData, at: "+100s"}
        - {call: unregisterLocationListener, at: "+101s"}
        - {call: getStoredCount, at: "+150s"}
        - {call: state, at: "2024-05-01T07:04:00Z"}
      """.utf8
    ).write(to: folder.appendingPathComponent("s.yaml"))
    let result = try CommandRunner.run(["t.csv", "--scenario", "s.yaml", "-q"], in: folder)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let out = folder.appendingPathComponent("replay-out/t")
    // Emits: 0 (motionchange), 1, 12, 73 (stationary motionchange), then getGeoData at
    // 100: a motionchange to moving and a moving location, both of fix 100. isMoving is
    // then true: at 134 (ref t 73 older than 60 s) a stationary motionchange, which the
    // app does not see (listener off since 101). Stored at 150: all 7 (no url).
    let calls = try String(contentsOf: out.appendingPathComponent("calls.ndjson"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    #expect(calls.count == 5)
    #expect(calls[0] == #"{"entry":0,"line":2,"call":"start","time":"2024-05-01T07:00:00.000Z"}"#)
    #expect(calls[2] == #"{"entry":2,"line":4,"call":"unregisterLocationListener","time":"2024-05-01T07:01:41.000Z"}"#)
    #expect(calls[3] == #"{"entry":3,"line":5,"call":"getStoredCount","time":"2024-05-01T07:02:30.000Z","returned":7}"#)
    #expect(calls[4] == #"{"entry":4,"line":6,"call":"state","time":"2024-05-01T07:04:00.000Z","returned":"running"}"#)
    let locations =
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("locations.json")))
      as! [[String: Any]]
    #expect(
      locations.map { $0["timestamp"] as! String }.map { String($0.dropFirst(14).prefix(5)) }
        == ["00:00", "00:01", "00:12", "01:13", "01:40", "01:40"])
    #expect(locations.map { $0["call"] as? String } == [nil, nil, nil, nil, "getGeoData", "getGeoData"])
    let stats =
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("stats.json")))
      as! [String: Any]
    #expect((stats["engine"] as! [String: Any])["emitted"] as? Int == 7)
    #expect((stats["accounting"] as! [String: Any])["cleared"] as? Int == 0)
    #expect(
      (stats["calls"] as! [String: Int]) == [
        "start": 1, "getGeoData": 1, "unregisterLocationListener": 1,
        "getStoredCount": 1, "state": 1,
      ])
  }

  @Test func withoutAScenarioNothingChanges() throws {
    let folder = try CommandRunner.temporaryFolder()
    try writeTrack(in: folder)
    #expect(try CommandRunner.run(["t.csv", "-q"], in: folder).status == 0)
    let out = folder.appendingPathComponent("replay-out/t")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("calls.ndjson").path))
    let stats = try String(contentsOf: out.appendingPathComponent("stats.json"), encoding: .utf8)
    #expect(!stats.contains("\"calls\"") && !stats.contains("\"cleared\""))
  }

  @Test(arguments: [
    (
      "calls:\n  - {call: start, at: \"+0s\"}\n  - {call: sync, at: \"+10m\"}\n",
      "s.yaml:3: error: scenario: calls[1]: 2024-05-01T07:10:00.000Z is after the log's last fix (2024-05-01T07:04:59.000Z)\n"
    ),
    (
      "calls:\n  - {call: start, at: \"2024-05-01T06:00:00Z\"}\n",
      "s.yaml:2: error: scenario: calls[0]: 2024-05-01T06:00:00.000Z is before the log's first fix (2024-05-01T07:00:00.000Z)\n"
    ),
    (
      "calls:\n  - {call: launch, at: \"+0s\"}\n",
      "s.yaml:2: error: scenario: calls[0]: unknown call \"launch\"; calls: start, stop, restart, sync, clearAllLocations, getGeoData, getStoredLocations, getStoredCount, getSyncState, registerLocationListener, unregisterLocationListener, state\n"
    ),
    (
      "calls:\n  - {call: restart, at: \"+1s\", config: office.json}\n",
      "s.yaml:2: error: scenario: calls[0]: restart config: 'stationaryRadus': unknown key; did you mean 'stationaryRadius'?\n"
    ),
  ])
  func scenarioErrorsAre64(text: String, message: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    try writeTrack(in: folder)
    try Data(text.utf8).write(to: folder.appendingPathComponent("s.yaml"))
    try Data(#"{"stationaryRadus": 60}"#.utf8).write(to: folder.appendingPathComponent("office.json"))
    let result = try CommandRunner.run(["t.csv", "--scenario", "s.yaml", "-q"], in: folder)
    #expect(result.status == 64)
    #expect(result.stderr == message)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/t").path))
  }
}
