import Foundation
import Testing

/// GPX-specific options end to end: a route without times needs --assume-speed; --track picks one.
struct GPXOptionsTests {
  static let timeless = """
    <?xml version="1.0"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><trkseg>
    <trkpt lat="0" lon="0"/><trkpt lat="0" lon="0.001"/><trkpt lat="0" lon="0.002"/>
    </trkseg></trk>
    <trk><trkseg>
    <trkpt lat="1" lon="0"><time>2024-05-01T07:00:00Z</time></trkpt>
    <trkpt lat="1" lon="0.001"><time>2024-05-01T07:00:10Z</time></trkpt>
    </trkseg></trk>
    </gpx>
    """

  @Test func fileWithoutTimesNeedsAssumeSpeed() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.timeless.utf8).write(to: folder.appendingPathComponent("route.gpx"))
    let first = try CommandRunner.run(["route.gpx", "--track", "1"], in: folder)
    #expect(first.status == 65)
    #expect(first.stderr.contains("--assume-speed"))
    // 0.001° of longitude on the equator = 111.19508 m; at 10 m/s: 11.120 s, then 22.239 s
    // after the synthesized start 2000-01-01T00:00:00Z.
    let second = try CommandRunner.run(["fixes", "route.gpx", "--track", "1", "--assume-speed", "10"], in: folder)
    #expect(second.status == 0, "\(second.stderr)")
    let times = second.stdout.split(separator: "\n").dropFirst().map { $0.prefix(24) }
    #expect(times == ["2000-01-01T00:00:00.000Z", "2000-01-01T00:00:11.120Z", "2000-01-01T00:00:22.239Z"])
    let timed = try CommandRunner.run(["fixes", "route.gpx", "--track", "2"], in: folder)
    #expect(timed.stdout.split(separator: "\n").count == 3)
    #expect(timed.stdout.contains("2024-05-01T07:00:10.000Z,1,0.001"))
  }
}
