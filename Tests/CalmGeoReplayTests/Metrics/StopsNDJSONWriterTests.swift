import Foundation
import Testing

@testable import CalmGeoReplay

/// `stops.ndjson` for the roof-drift case of `StopCoverageTests` (values worked out there):
/// stop 1 detected, its departure covered; stop 2 covered, left early.
struct StopsNDJSONWriterTests {
  @Test func roofDriftLines() throws {
    var config = CalmGeoConfig()
    config.stationaryRadius = 50
    let (_, stops) = EquatorTrack.stops(StopCoverageTests.roofDrift, config: config)
    let text = String(decoding: StopsNDJSONWriter.render(stops), as: UTF8.self)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(text.hasSuffix("\n"))
    #expect(lines.count == 4)  // stop, start, stop, start
    #expect(
      lines[0].hasPrefix(
        #"{"kind":"stop","stop":1,"start":"2024-05-01T07:00:00.000Z","#
          + #""end":"2024-05-01T07:20:20.000Z","durationSeconds":1220,"fixes":1221,"latitude":0,"#))
    func object(_ line: String) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    let stop1 = try object(lines[0])
    #expect(stop1["outcome"] as? String == "detected")
    #expect(stop1["stillAt"] as? String == "2024-05-01T07:01:13.000Z")  // t = 73
    #expect(stop1["monitoringAt"] as? String == "2024-05-01T07:03:14.000Z")  // t = 194
    #expect(stop1["delaySeconds"] as? Double == 73)
    #expect(stop1["positionErrorMetres"] as? Double == 0.26)  // 315/1221 = 0.258
    #expect(stop1["final"] as? Bool == false)
    let start1 = try object(lines[1])
    #expect(start1["kind"] as? String == "start" && start1["stop"] as? Int == 1)
    #expect(start1["start"] as? String == "2024-05-01T07:20:20.000Z")
    #expect(start1["outcome"] as? String == "covered")
    #expect(start1["movingAt"] is NSNull && start1["delaySeconds"] is NSNull && start1["distanceLostMetres"] is NSNull)
    let stop2 = try object(lines[2])
    #expect(stop2["start"] as? String == "2024-05-01T07:20:21.000Z")  // t = 1221
    #expect(stop2["end"] as? String == "2024-05-01T07:40:36.000Z")  // t = 2436
    #expect(stop2["durationSeconds"] as? Double == 1215)
    #expect(stop2["outcome"] as? String == "covered")
    #expect(stop2["stillAt"] as? String == "2024-05-01T07:01:13.000Z")  // resting on t = 73
    #expect(stop2["monitoringAt"] is NSNull)  // the GPS went off before the stop began
    #expect(stop2["delaySeconds"] as? Double == 0)
    #expect(stop2["positionErrorMetres"] as? Double == 30.17)  // 30 + 204/1216 = 30.168
    let start2 = try object(lines[3])
    #expect(start2["outcome"] as? String == "detected")
    #expect(start2["movingAt"] as? String == "2024-05-01T07:40:34.000Z")  // t = 2434
    #expect(start2["delaySeconds"] as? Double == -2)
    #expect(start2["distanceLostMetres"] as? Double == 0)
  }

  @Test func noStopsNoLines() {
    #expect(StopsNDJSONWriter.render([]).isEmpty)
  }
}
