import Testing

@testable import CalmGeoReplay

/// A `TrackAnalysis` is used only by replays of the track it analysed: one of another track
/// with as many fixes (a sweep's analyses matched by index, a caller's mix-up) is ignored.
struct TrackAnalysisIdentityTests {
  private static func track(latitude: Double) -> Track {
    let fixes = EquatorTrack.workedExample.map { fix -> Fix in
      var moved = fix
      moved.latitude += latitude
      return moved
    }
    return Track(name: "same-name", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())
  }

  private static var configuration: ReplayConfiguration {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.invalid/locations"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    return configuration
  }

  @Test func anAnalysisAppliesToTheSameFixesUnderAnotherName() {
    // A sweep reads a track, analyses it, then names it as the spec wrote its path.
    let track = Self.track(latitude: 0)
    var renamed = track
    renamed.name = "../../elsewhere/same.csv"
    #expect(TrackAnalysis(track, stopRules: []).covers(renamed))
  }

  @Test func anAnalysisOfAnotherTrackWithAsManyFixesIsNotUsed() {
    // Same name, same 330 fixes and times; latitude 0 against 10.5, so every stored record's
    // coords object differs in length ("latitude":0 against "latitude":10.5): bytes sent differ
    // if the other track's encoded sizes were used.
    let equator = Self.track(latitude: 0)
    let north = Self.track(latitude: 10.5)
    let analysisOfEquator = TrackAnalysis(equator, stopRules: [])
    #expect(analysisOfEquator.covers(equator))
    #expect(!analysisOfEquator.covers(north))

    var observer = DiscardingObserver()
    let alone = ReplayRunner.run(
      source: north, configuration: Self.configuration, observer: &observer, options: ReplayOptions(metrics: false))
    let given = ReplayRunner.run(
      source: north, configuration: Self.configuration, observer: &observer,
      options: ReplayOptions(metrics: false, analysis: analysisOfEquator))
    #expect(alone.uploads.bytesSent > 0)
    #expect(given == alone)
    let ownAnalysis = ReplayRunner.run(
      source: north, configuration: Self.configuration, observer: &observer,
      options: ReplayOptions(metrics: false, analysis: TrackAnalysis(north, stopRules: [])))
    #expect(ownAnalysis == alone)
  }
}
