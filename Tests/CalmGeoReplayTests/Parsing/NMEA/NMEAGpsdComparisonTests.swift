import Foundation
import Testing

@testable import CalmGeoReplay

/// Compares our fixes, epoch by epoch, with gpsd's own output (`.chk`) for every
/// gpsd regression log in the corpus.
///
/// For each gpsd epoch (see `GpsdCheckFile`) the fix with the same time is looked
/// up and compared: latitude and longitude within 1e-6°, speed (m/s) and
/// altitude (MSL) within 0.0005 (gpsd prints 3 decimals) plus the rounding of our
/// `Float` storage. Every difference is expected per file in `expectations`, with
/// the reason; a file whose counts differ fails.
@Suite struct NMEAGpsdComparisonTests {
  /// gpsd's GPS week-rollover guard: a date before the week of gpsd's build is
  /// taken to be 1024 weeks (7168 days) late, so these regression `.chk` files
  /// show 2014-12-31 as 2034-08-16. We keep the receiver's date.
  static let rollover: Int64 = 1024 * 7 * 86_400_000

  /// What the comparison of one file finds.
  struct Outcome: Equatable, CustomStringConvertible {
    /// gpsd epochs compared (found in both).
    var compared = 0
    /// Of those, how many gpsd dated 1024 weeks later than the receiver did.
    var shifted = 0
    /// gpsd epochs with no fix of ours at that time.
    var onlyGpsd = 0
    /// Our fixes at a time gpsd has no epoch for.
    var onlyOurs = 0
    /// Compared epochs whose position, speed or altitude disagree.
    var position = 0
    var speed = 0
    var altitude = 0

    var description: String {
      "compared: \(compared), shifted: \(shifted), onlyGpsd: \(onlyGpsd), onlyOurs: \(onlyOurs), position: \(position), speed: \(speed), altitude: \(altitude)"
    }
  }

  static func compare(_ name: String) throws -> Outcome {
    let check = try GpsdCheckFile(path: Corpus.path("nmea/\(name).chk"))
    let track = try TrackReader.load(path: Corpus.path("nmea/\(name)"), speedPolicy: .never)
    var ours: [Int64: Fix] = [:]
    for fix in track.fixes { ours[fix.time] = fix }
    var matched = Set<Int64>()
    var outcome = Outcome()
    let debug = ProcessInfo.processInfo.environment["CALMGEO_DEBUG_GPSD"] != nil
    for epoch in check.epochs {
      var fix = ours[epoch.time]
      if fix == nil, let earlier = ours[epoch.time - rollover] {
        fix = earlier
        outcome.shifted += 1
      }
      guard let fix else {
        outcome.onlyGpsd += 1
        if debug { print("DBG \(name) onlyGpsd \(UTCTime.iso8601(epoch.time)) \(epoch)") }
        continue
      }
      if debug
        && (abs(fix.latitude - epoch.latitude) > 1e-6 || abs(fix.longitude - epoch.longitude) > 1e-6
          || differ(fix.speed, epoch.speed) || differ(fix.altitude, epoch.altitude))
      {
        print(
          "DBG \(name) diff line \(fix.line) \(UTCTime.iso8601(fix.time)) ours \(fix.latitude) \(fix.longitude) \(fix.speed as Any) \(fix.altitude as Any) gpsd \(epoch)"
        )
      }
      matched.insert(fix.time)
      outcome.compared += 1
      if abs(fix.latitude - epoch.latitude) > 1e-6 || abs(fix.longitude - epoch.longitude) > 1e-6 {
        outcome.position += 1
      }
      if differ(fix.speed, epoch.speed) { outcome.speed += 1 }
      if differ(fix.altitude, epoch.altitude) { outcome.altitude += 1 }
    }
    outcome.onlyOurs = track.fixes.count - matched.count
    if debug {
      for fix in track.fixes where !matched.contains(fix.time) {
        print("DBG \(name) onlyOurs line \(fix.line) \(UTCTime.iso8601(fix.time))")
      }
    }
    return outcome
  }

  /// Whether two values disagree beyond gpsd's printed precision and our `Float`.
  static func differ(_ ours: Double?, _ gpsd: Double?) -> Bool {
    switch (ours, gpsd) {
    case (nil, nil): return false
    case (let a?, let b?): return abs(a - b) > 0.0005 + abs(b) * 1.2e-7
    default: return true
    }
  }

  static let logs: [String] = Corpus.files(in: "nmea", excluding: [])
    .filter { $0.hasSuffix(".chk") }
    .map { String($0.dropFirst("nmea/".count).dropLast(".chk".count)) }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason), arguments: logs)
  func agreesWithGpsd(log: String) throws {
    let outcome = try Self.compare(log)
    if ProcessInfo.processInfo.environment["CALMGEO_PRINT_GPSD"] != nil {
      print("GPSD \(log): \(outcome)")
    }
    let expected = try #require(Self.expectations[log], "no expectation for \(log): \(outcome)")
    #expect(outcome == expected.outcome, "\(log): \(expected.why)")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCheckFileHasAnExpectation() {
    #expect(Set(Self.logs) == Set(Self.expectations.keys))
  }
}
