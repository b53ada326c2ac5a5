import Foundation
import Testing

@testable import CalmGeoReplay

/// GPX and GeoJSON exports of CALMGEO.md §6's worked example (7 emitted locations, 3 of
/// them motionchanges), read back with the project's own GPX reader and JSONSerialization.
struct TrackExporterTests {
  final class Buffer: @unchecked Sendable { var bytes: [UInt8] = [] }

  private func export<O: ReplayObserver>(_ make: (@escaping ([UInt8]) -> Void) -> O) -> String {
    let buffer = Buffer()
    var engine = ReplayEngine(config: CalmGeoConfig(), observer: make { buffer.bytes += $0 })
    engine.process(EquatorTrack.workedExample)
    _ = engine.finish()
    return String(decoding: buffer.bytes, as: UTF8.self)
  }

  @Test func emittedGPXReadsBackAsTheEmittedLocations() throws {
    let gpx = export { GPXTrackExporter(source: .emitted, name: "walk & stop", sink: $0) }
    #expect(gpx.contains("<name>walk &amp; stop (emitted)</name>"))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID()).gpx")
    try Data(gpx.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let track = try TrackReader.load(path: url.path)
    // Emitted at t = 0, 1, 12, 73, 317, 318, 319 (§6's table).
    #expect(track.fixes.map { EquatorTrack.seconds($0.time) } == [0, 1, 12, 73, 317, 318, 319])
    #expect(abs(track.fixes[3].longitude - EquatorTrack.fix(t: 73, x: 30).longitude) < 1e-12)
    #expect(gpx.components(separatedBy: "<desc>motionchange").count - 1 == 3)
  }

  @Test func rawGPXHasEveryFix() {
    let gpx = export { GPXTrackExporter(source: .raw, name: "raw", sink: $0) }
    #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 330)
  }

  @Test func geoJSONHasTheLineAndTheMotionchanges() throws {
    let text = export { GeoJSONTrackExporter(source: .emitted, name: "walk", sink: $0) }
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    let features = json["features"] as! [[String: Any]]
    #expect(features.count == 4)  // the line + 3 motionchanges (t 0, 73, 317)
    let line = features[0]["geometry"] as! [String: Any]
    let coordinates = line["coordinates"] as! [[Double]]
    #expect(coordinates.count == 7)
    // [lon, lat]: x = 30 m east on the equator at t 73.
    #expect(abs(coordinates[3][0] - 30 / (GeoMath.earthRadius * .pi / 180)) < 1e-12 && coordinates[3][1] == 0)
    let properties = features[0]["properties"] as! [String: Any]
    #expect(properties["firstTime"] as? String == "2024-05-01T07:00:00.000Z")
    #expect(properties["lastTime"] as? String == "2024-05-01T07:05:19.000Z")
    let stills = features.dropFirst().filter { (($0["properties"] as! [String: Any])["isMoving"] as! Bool) == false }
    #expect(stills.count == 1)
  }
}
