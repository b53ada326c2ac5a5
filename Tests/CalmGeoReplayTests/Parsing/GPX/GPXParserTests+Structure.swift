import Testing

@testable import CalmGeoReplay

// Tracks, segments, routes and waypoints, and the time rules; hand-made GPX as in GPXParserTests.swift.
extension GPXParserTests {
  // MARK: - Tracks, segments, routes and waypoints

  /// Track 1 has segments of 2 and 1 points, track 2 one segment of 2 points; times
  /// run 07:03:12 to 07:03:16, one second apart, on lines 4, 5, 7, 9 and 10.
  static let twoTracks = """
    <trk><name>one</name><trkseg>
    <trkpt lat="1" lon="1"><time>2024-05-01T07:03:12Z</time></trkpt>
    <trkpt lat="1" lon="2"><time>2024-05-01T07:03:13Z</time></trkpt>
    </trkseg><trkseg>
    <trkpt lat="1" lon="3"><time>2024-05-01T07:03:14Z</time></trkpt>
    </trkseg></trk><trk><name>two</name><trkseg>
    <trkpt lat="2" lon="1"><time>2024-05-01T07:03:15Z</time></trkpt>
    <trkpt lat="2" lon="2"><time>2024-05-01T07:03:16Z</time></trkpt>
    </trkseg></trk>
    """

  @Test(
    arguments: [
      (nil, nil, [4, 5, 7, 9, 10], [4, 7, 9], [:]),
      (1, nil, [4, 5, 7], [4, 7], ["unselected_trkpt": 2]),
      (2, nil, [9, 10], [9], ["unselected_trkpt": 3]),
      (nil, 2, [7], [7], ["unselected_trkpt": 4]),
      (1, 1, [4, 5], [4], ["unselected_trkpt": 3]),
    ] as [(Int?, Int?, [UInt32], [UInt32], [String: Int])])
  func selectsTracksAndSegments(track: Int?, segment: Int?, lines: [UInt32], starts: [UInt32], ignored: [String: Int])
    throws
  {
    let result = try GPXTesting.parse(
      GPXTesting.document(Self.twoTracks), options: GPXTesting.options(track: track, segment: segment))
    #expect(result.fixes.map(\.line) == lines)
    #expect(result.fixes.filter { $0.flags.contains(.segmentStart) }.map(\.line) == starts)
    #expect(result.diagnostics.ignored == ignored)
    #expect(result.diagnostics.recordsRead == 5)
  }

  @Test func selectionBeyondTheFileIsAnError() {
    let text = GPXTesting.document(Self.twoTracks)
    #expect(
      GPXTesting.error(text, options: GPXTesting.options(track: 3))
        == "t.gpx: error: gpx: --track 3 selects nothing: the file has 2 tracks")
    #expect(
      GPXTesting.error(text, options: GPXTesting.options(track: 2, segment: 2))
        == "t.gpx: error: gpx: --segment 2 selects nothing: track 2 has 1 segment")
    #expect(
      GPXTesting.error(text, options: GPXTesting.options(segment: 3))
        == "t.gpx: error: gpx: --segment 3 selects nothing: no track has more than 2 segments")
  }

  @Test func readsXcodeSimulatedLocationWaypoints() throws {
    // The shape of Xcode's "Add GPX File to Project" template.
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.1" creator="Xcode">
          <wpt lat="37.331705" lon="-122.030237">
              <name>Cupertino</name>
              <time>2024-05-01T07:03:12Z</time>
          </wpt>
          <wpt lat="37.331805" lon="-122.030337">
              <time>2024-05-01T07:03:13Z</time>
          </wpt>
      </gpx>
      """
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.time) == [Self.may1, Self.may1 + 1000])
    #expect(result.fixes.map(\.latitude) == [37.331705, 37.331805])
    #expect(result.fixes.map(\.line) == [3, 7])
    #expect(result.fixes.map(\.flags) == [.segmentStart, []])
  }

  @Test func readsRoutePointsBeforeWaypointsWhenThereIsNoTrack() throws {
    let text = GPXTesting.document(
      """
      <wpt lat="9" lon="9"><time>2024-05-01T07:03:12Z</time></wpt>
      <rte><rtept lat="1" lon="1"><time>2024-05-01T07:03:13Z</time></rtept>
      <rtept lat="1" lon="2"><time>2024-05-01T07:03:14Z</time></rtept></rte>
      <rte><rtept lat="1" lon="3"><time>2024-05-01T07:03:15Z</time></rtept></rte>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.longitude) == [1, 2, 3])
    #expect(result.fixes.map(\.flags) == [.segmentStart, [], .segmentStart])
    #expect(result.diagnostics.ignored == ["wpt": 1])
  }

  @Test func dropsHeldWaypointsAndRoutePointsOnceATrackPointAppears() throws {
    let text = GPXTesting.document(
      """
      <wpt lat="9" lon="9"><time>2024-05-01T07:03:12Z</time></wpt>
      <rte><rtept lat="8" lon="8"><time>2024-05-01T07:03:12Z</time></rtept></rte>
      \(Self.onePoint)
      <wpt lat="7" lon="7"><time>2024-05-01T07:03:12Z</time></wpt>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.latitude) == [47.5])
    #expect(result.diagnostics.ignored == ["wpt": 2, "rtept": 1])
    #expect(result.diagnostics.recordsRead == 4)
  }

  @Test func emptyGPXIsAnError() {
    #expect(
      GPXTesting.error(GPXTesting.document("<metadata><name>x</name></metadata>"))
        == "t.gpx: error: gpx: the file has no <trkpt>, <rtept> or <wpt>")
  }

  @Test func otherRootElementsAreRefused() {
    #expect(
      GPXTesting.error("<?xml version=\"1.0\"?>\n<kml><Placemark/></kml>")
        == "t.gpx:2: error: gpx: the root element is <kml>, not <gpx>")
  }

  // MARK: - Times

  static let timeless = """
    <trk><trkseg>
    <trkpt lat="0" lon="0"></trkpt>
    <trkpt lat="0" lon="0.001"></trkpt>
    <trkpt lat="0" lon="0.002"></trkpt>
    </trkseg></trk>
    """

  @Test func fileWithoutTimesNamesAssumeSpeed() throws {
    let text = GPXTesting.document(Self.timeless)
    #expect(
      GPXTesting.error(text)
        == "t.gpx: error: gpx: no point has a <time>, so the log has no clock to replay on; "
        + "pass --assume-speed M/S to synthesize times along the path at that speed")
    #expect(
      GPXTesting.error(text, options: GPXTesting.options(strict: true))
        == "t.gpx:4: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed"
    )
  }

  @Test func assumeSpeedSynthesizesTimesAlongThePath() throws {
    // On the equator 0.001° of longitude is 6,371,008.8 m × π/180 × 0.001 = 111.195080 m:
    // at 10 m/s, 11.119508 s → 11,120 ms; twice that, 22.239016 s → 22,239 ms.
    let result = try GPXTesting.parse(GPXTesting.document(Self.timeless), options: GPXTesting.options(assumeSpeed: 10))
    let epoch = Int64(946_684_800_000)  // 2000-01-01T00:00:00Z
    #expect(result.fixes.map(\.time) == [epoch, epoch + 11_120, epoch + 22_239])
    #expect(result.fixes.map(\.flags) == [[.timeSynthesized, .segmentStart], .timeSynthesized, .timeSynthesized])
    // No point has a time: the only anchor is the fixed epoch, and the stats say so.
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_from_epoch": 3])
  }

  @Test func assumeSpeedStartsAtTheMetadataTimeWhenNoPointHasOne() throws {
    // GPX 1.1: <metadata><time> is when the file was made. 2024-05-01T07:03:12Z is
    // 1,714,546,992,000 ms; the steps are those of the test above (11,120 and 22,239 ms).
    let text = GPXTesting.document(
      "<metadata><name>x</name><time> 2024-05-01T07:03:12Z </time></metadata>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    let start = Int64(1_714_546_992_000)
    #expect(result.fixes.map(\.time) == [start, start + 11_120, start + 22_239])
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_from_document": 3])
  }

  @Test func assumeSpeedStartsAtTheGPX10RootTime() throws {
    // GPX 1.0 puts the file's time directly under <gpx>; a <time> inside <trk> (not GPX) is not it.
    let text = GPXTesting.document("<time>2024-05-01T07:03:12+02:00</time>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    let time: Int64 = 1_714_546_992_000 - 7_200_000  // 07:03:12 at +02:00 is 05:03:12Z
    #expect(result.fixes.first?.time == time)
    let nested = GPXTesting.document(
      Self.timeless.replacingOccurrences(of: "<trk>", with: "<trk><time>2024-05-01T07:03:12Z</time>"))
    let fromEpoch = try GPXTesting.parse(nested, options: GPXTesting.options(assumeSpeed: 10))
    #expect(fromEpoch.fixes.first?.time == 946_684_800_000)
    #expect(fromEpoch.diagnostics.estimated["time_from_epoch"] == 3)
  }

  @Test func aBadMetadataTimeFallsBackToTheFixedEpoch() throws {
    let text = GPXTesting.document("<metadata><time>yesterday</time></metadata>" + Self.timeless)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    #expect(result.fixes.first?.time == 946_684_800_000)
    #expect(result.diagnostics.skipped.isEmpty)
  }

  @Test func theMetadataTimeDoesNotMoveRealTimes() throws {
    // A point with its own time anchors the others; the metadata time is not used.
    let text = GPXTesting.document(
      """
      <metadata><time>2030-01-01T00:00:00Z</time></metadata>
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"><time>2024-05-01T07:03:12Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    #expect(result.fixes.map(\.time) == [1_714_546_992_000 - 11_120, 1_714_546_992_000])
    #expect(result.diagnostics.estimated["time_extrapolated"] == 1)
  }

  @Test func assumeSpeedContinuesFromTheLastRealTime() throws {
    let text = GPXTesting.document(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"><time>2024-05-01T07:03:12Z</time></trkpt>
      <trkpt lat="0" lon="0.001"></trkpt>
      <trkpt lat="0" lon="0.002"></trkpt>
      <trkpt lat="0" lon="0.003"><time>2024-05-01T07:04:00Z</time></trkpt>
      <trkpt lat="0" lon="0.004"></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    // Between the real times 07:03:12 and 07:04:00 (48 s over three equal legs of
    // 111.195 m) the two points take 1/3 and 2/3 of the span: +16 000 and +32 000 ms (the
    // log's own pace, not 10 m/s). After the last real time, 10 m/s: +11 120 ms.
    #expect(
      result.fixes.map(\.time) == [
        Self.may1, Self.may1 + 16_000, Self.may1 + 32_000, Self.may1 + 48_000, Self.may1 + 48_000 + 11_120,
      ])
    #expect(result.fixes.map { $0.flags.contains(.timeSynthesized) } == [false, true, true, false, true])
    #expect(result.diagnostics.estimated == ["time_synthesized": 3, "time_interpolated": 2, "time_extrapolated": 1])
  }

  /// Issue 12 item 1: leading timeless points were dated 2000-01-01, years before the
  /// timed rest; they are now timed backwards from the first real time.
  @Test func assumeSpeedTimesLeadingPointsBackwardsFromTheFirstRealTime() throws {
    let text = GPXTesting.document(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"></trkpt>
      <trkpt lat="0" lon="0.002"><time>2024-05-01T07:03:12Z</time></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text, options: GPXTesting.options(assumeSpeed: 10))
    // 222.390 m before it at 10 m/s: 22 239 ms earlier; 111.195 m: 11 120 ms earlier.
    #expect(result.fixes.map(\.time) == [Self.may1 - 22_239, Self.may1 - 11_120, Self.may1])
    #expect(result.diagnostics.estimated == ["time_synthesized": 2, "time_extrapolated": 2])
  }

  @Test func timelessPointsAmongTimedOnesAreSkipped() throws {
    let text = GPXTesting.document(
      """
      <trk><trkseg>
      <trkpt lat="0" lon="0"></trkpt>
      <trkpt lat="0" lon="0.001"><time>2024-05-01T07:03:12Z</time></trkpt>
      <trkpt lat="0" lon="0.002"></trkpt>
      </trkseg></trk>
      """)
    let result = try GPXTesting.parse(text)
    #expect(result.fixes.map(\.line) == [5])
    #expect(result.fixes.map(\.flags) == [.segmentStart])
    #expect(result.diagnostics.skipped == ["missing_time": 2])
    #expect(
      result.diagnostics.firstProblems.map(\.description) == [
        "t.gpx:4: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed",
        "t.gpx:6: error: gpx: <trkpt> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed",
      ])
  }
}
