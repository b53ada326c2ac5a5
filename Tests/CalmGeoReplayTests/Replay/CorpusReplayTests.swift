import Testing

@testable import CalmGeoReplay

/// Every real log of the corpus that has fixes replays to the end with a balanced
/// accounting (emitted = uploaded once + still stored + expired), under a configuration
/// that exercises uploads, latency, failures and expiry.
struct CorpusReplayTests {
  static let logs: [String] =
    Corpus.files(in: "csv") + Corpus.files(in: "gpx")
    + Corpus.files(in: "nmea", excluding: [".chk"]) + Corpus.files(in: "other")

  static var configuration: ReplayConfiguration {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/locations"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 5
    configuration.calmGeo.maxBatchSize = 7
    configuration.calmGeo.maxDaysToPersist = 1
    configuration.replay.seed = 3
    configuration.replay.finalSync = true
    configuration.replay.network.latencyMin = 0
    configuration.replay.network.latencyMax = 20_000  // some above httpTimeout: timeouts
    configuration.replay.network.failureRate = 0.3
    return configuration
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason), arguments: logs)
  func replaysWithBalancedAccounting(log: String) throws {
    var options = ParseOptions()
    if log.hasSuffix("gpsbabel__adddate.nmea") || log.hasSuffix("unicore_nmea.log") {
      options.date = CivilDate(year: 2009, month: 3, day: 7)  // logs that never carry a date
    }
    let track: Track
    do {
      track = try TrackReader.load(path: Corpus.path(log), options: options)
    } catch let error as ParseError where error.isFatal && (log.hasPrefix("nmea/") || log.hasSuffix("A810-Doriel.txt"))
    {
      // A handful of NMEA captures hold no usable fix at all (listed with reasons in
      // NMEACorpusTests), and the 70mai dash-cam log is a format no reader claims yet;
      // they must fail cleanly, as a fatal ParseError that names the file, never crash.
      #expect(error.location.file.hasSuffix(log))
      return
    }
    // Every CSV and GPX file of the corpus has fixes and must replay.
    #expect(!track.fixes.isEmpty || log.hasPrefix("nmea/"))
    guard !track.fixes.isEmpty else { return }
    var observer = CollectingObserver()
    let result = ReplayRunner.run(
      source: track, configuration: Self.configuration, observer: &observer, options: ReplayOptions(metrics: false))
    let uploads = result.uploads
    #expect(result.emitted == observer.locations.count)
    #expect(uploads.stored == result.emitted)
    #expect(
      uploads.isBalanced,
      "\(result.emitted) ≠ \(uploads.recordsDelivered) + \(uploads.storedAtEnd) + \(uploads.expired)")
    #expect(uploads.requests == observer.bodies.count)
    #expect(uploads.requests == uploads.succeeded + uploads.failed + uploads.timeouts)
    #expect(result.emitted >= min(2, track.fixes.count))  // the one-shot and the fix that sets ref
  }
}
