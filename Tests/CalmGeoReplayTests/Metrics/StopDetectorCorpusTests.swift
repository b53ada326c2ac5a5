import Foundation
import Testing

@testable import CalmGeoReplay

/// The corpus evidence behind `StopDetector`'s defaults (25 m, 120 s), pinned, and the
/// survey that produced it (`CALMGEO_STOP_SURVEY=1 swift test --filter StopDetectorCorpus`).
struct StopDetectorCorpusTests {
  /// The durations (s) of the stops `detector` finds in a corpus log.
  static func stopDurations(_ log: String, _ detector: StopDetector = StopDetector()) throws -> [Int64] {
    var detector = detector
    var durations: [Int64] = []
    for fix in try TrackReader.load(path: Corpus.path(log)).fixes {
      if let run = detector.observe(fix), detector.isStop(run) { durations.append(run.duration / 1000) }
    }
    if let run = detector.run, detector.isStop(run) { durations.append(run.duration / 1000) }
    return durations
  }

  static let evidence: [(log: String, durations: [Int64])] = [
    // Parked receivers: one stop over the whole log (SIM33 cold start: within 14 m).
    ("nmea/sim33__1.GPS-20170525T215417.txt", [1536]),
    ("nmea/gpsd__ublox-zed-f9p_hpg1.11.log", [654]),
    ("nmea/gpsbabel__nmea", [152]),
    // Waits shorter than 120 s: the Pixel 4 car's 79 s, the G1000's 91 and 92 s holds.
    ("csv/gnsslibpy__Pixel4_ground_truth.csv", []),
    ("csv/gpsbabel__garmin_g1000.csv", []),
    // A walk at 1.1–1.3 m/s: runs of at most 48 s.
    ("other/gnsslibpy__pixel6.txt", []),
    // Standing 128, 198 and 207 s; the 95 s at 1.1 m/s between them is no stop.
    ("csv/gpsbabel__24173415.CSV", [128, 198, 207]),
  ]

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason), arguments: evidence)
  func defaultsOnTheCorpus(log: String, durations: [Int64]) throws {
    #expect(try Self.stopDurations(log) == durations)
  }

  /// Stop counts for a grid of radii and durations over logs of every kind; prints only.
  @Test(
    .enabled(
      if: Corpus.isAvailable && ProcessInfo.processInfo.environment["CALMGEO_STOP_SURVEY"] != nil,
      "survey: set CALMGEO_STOP_SURVEY=1"))
  func survey() throws {
    let logs =
      Self.evidence.map(\.log) + [
        "csv/dat100__20170813.csv", "csv/gpsbabel__iblue747.csv", "gpx/gpsbabel__dg100.gpx",
        "gpx/togeojson__multitrackgpx.gpx", "gpx/georustgpx__garmin_with_extensions.gpx",
        "gpx/togeojson__blue_hills.gpx", "gpx/gpxpy__around-visnjan-with-car.gpx",
        "gpx/togeojson__run_gpxtpx.gpx", "gpx/gpsbabel__garmin-edge-800-output.gpx",
      ]
    let durations: [Int64] = [60, 90, 120, 180, 300]
    print("stops per radius (rows) and minimum duration (columns, s): \(durations)")
    for log in logs {
      print(log)
      for radius in [10.0, 15, 25, 40] {
        let counts = try durations.map { seconds in
          try Self.stopDurations(log, StopDetector(radius: radius, minDuration: seconds * 1000)).count
        }
        print("  \(Int(radius)) m: \(counts)")
      }
    }
  }
}
