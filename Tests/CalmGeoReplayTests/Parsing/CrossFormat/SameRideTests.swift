import Testing

@testable import CalmGeoReplay

/// GPSLogger wrote the same ride as CSV and as GPX 1.0 (`dat100__20170813`): both must
/// give the same fixes and the same replay.
struct SameRideTests {
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func csvAndGPXGiveTheSameFixes() throws {
    let csv = try TrackReader.load(path: Corpus.path("csv/dat100__20170813.csv"))
    let gpx = try TrackReader.load(path: Corpus.path("gpx/dat100__20170813.gpx"))
    // 111 rows in the CSV, 111 <trkpt> in the GPX (MANIFEST: approx_fixes 111).
    #expect(csv.fixes.count == 111)
    #expect(gpx.fixes.count == csv.fixes.count)
    for (a, b) in zip(csv.fixes, gpx.fixes) {
      #expect(a.time == b.time)
      // The CSV rounds coordinates to 6 decimals (60.385390 vs 60.38539000000001 in the GPX).
      #expect(abs(a.latitude - b.latitude) <= 5e-7)
      #expect(abs(a.longitude - b.longitude) <= 5e-7)
      #expect(a.altitude == b.altitude)
      #expect(a.speed == b.speed)
      #expect(a.course == b.course)
      #expect(a.hdop == b.hdop)
    }
    // Where they differ, by design: the CSV has GPSLogger's accuracy column (7.0 for the
    // first row); the GPX 1.0 file has none, so its accuracy is HDOP × 5 m (1.02 · 5 = 5.1).
    #expect(csv.fixes[0].horizontalAccuracy == 7)
    #expect(gpx.fixes[0].horizontalAccuracy.map { abs($0 - 5.1) < 1e-6 } == true)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func csvAndGPXGiveTheSameReplay() throws {
    var config = ReplayConfiguration()
    config.calmGeo.url = "https://example.test/locations"
    config.calmGeo.autoSync = true
    config.replay.finalSync = true
    func replay(_ path: String) throws -> (CollectingObserver, ReplayResult) {
      var observer = CollectingObserver()
      let result = ReplayRunner.run(
        source: try TrackReader.load(path: Corpus.path(path)), configuration: config, observer: &observer,
        options: ReplayOptions(metrics: false))
      return (observer, result)
    }
    let (csv, csvResult) = try replay("csv/dat100__20170813.csv")
    let (gpx, gpxResult) = try replay("gpx/dat100__20170813.gpx")
    #expect(csv.locations.map(\.time) == gpx.locations.map(\.time))
    #expect(csv.locations.map(\.isMoving) == gpx.locations.map(\.isMoving))
    #expect(csv.locations.map(\.event) == gpx.locations.map(\.event))
    #expect(csv.completed.map(\.recordSequences) == gpx.completed.map(\.recordSequences))
    #expect(csvResult.machine == gpxResult.machine)
    #expect(csvResult.emitted > 2)
  }
}
