import Testing

@testable import CalmGeoReplay

/// Geofence events on a real log against crossings computed independently
/// (`scripts/geofence-crossings.py`, its own CSV reading and haversine).
struct GeofenceCorpusTests {
  /// GPSLogger bike ride in Bergen, 111 fixes about 2 minutes apart, with accuracies.
  static let log = "csv/dat100__20170813.csv"

  static func events(_ conditions: [GeofenceCondition]) throws -> [String] {
    let track = try TrackReader.load(path: Corpus.path(log), options: ParseOptions())
    var monitor = GeofenceMonitor(conditions: conditions)
    _ = ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &monitor, options: ReplayOptions(metrics: false))
    return monitor.events.keptWithLast.map { "\($0.identifier) \($0.fix) \(UTCTime.iso8601($0.time)) \($0.state)" }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func crossingsMatchTheIndependentComputation() throws {
    // scripts/geofence-crossings.py csv/dat100__20170813.csv 60.385390 5.217217 50
    //   fix 1 08:52:26 unknown -> satisfied distance 0.00 accuracy 7.0
    //   fix 4 08:55:55 satisfied -> unsatisfied distance 260.96 accuracy 5.8
    //   (fixes 2 and 3 stay inside: 41.5 and 14.7 m; the ride ends 119.7 m away)
    // scripts/geofence-crossings.py csv/dat100__20170813.csv 60.38455 5.30420 20 unsatisfied
    //   a stop passed twice, with accuracies around the radius:
    //   fix 14 09:16:19 → satisfied (8.70 m, accuracy 14.4)
    //   fix 15 09:16:51 → unknown (accuracy 23.6 > 20)
    //   fix 16 09:17:28 → satisfied (14.30 m, accuracy 17.4)
    //   fix 19 09:20:21 → unsatisfied (338.99 m)
    //   fixes 24, 63, 74 → unknown (accuracy 20.7, 22.9, 22.5), each back to unsatisfied at the next fix
    //   fix 86 11:06:21 → satisfied (8.25 m), fix 87 11:08:22 → unsatisfied (886.50 m)
    let start = GeofenceCondition(identifier: "start", latitude: 60.385390, longitude: 5.217217, radius: 50)
    let stop = GeofenceCondition(
      identifier: "stop", latitude: 60.38455, longitude: 5.30420, radius: 20,
      assuming: .unsatisfied)
    let events = try Self.events([start, stop])
    #expect(
      events == [
        "start 1 2017-08-13T08:52:26.000Z satisfied",
        "start 4 2017-08-13T08:55:55.000Z unsatisfied",
        "stop 14 2017-08-13T09:16:19.000Z satisfied",
        "stop 15 2017-08-13T09:16:51.000Z unknown",
        "stop 16 2017-08-13T09:17:28.000Z satisfied",
        "stop 19 2017-08-13T09:20:21.000Z unsatisfied",
        "stop 24 2017-08-13T09:30:29.000Z unknown",
        "stop 28 2017-08-13T09:38:34.000Z unsatisfied",
        "stop 63 2017-08-13T10:33:26.000Z unknown",
        "stop 64 2017-08-13T10:33:58.000Z unsatisfied",
        "stop 74 2017-08-13T10:51:32.000Z unknown",
        "stop 75 2017-08-13T10:52:04.000Z unsatisfied",
        "stop 86 2017-08-13T11:06:21.000Z satisfied",
        "stop 87 2017-08-13T11:08:22.000Z unsatisfied",
      ])
  }
}
