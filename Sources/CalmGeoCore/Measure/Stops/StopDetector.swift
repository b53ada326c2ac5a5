/// Finds true stops in raw fixes as they stream by, in constant memory.
///
/// A stop is a maximal run of consecutive fixes, each within `radius` (inclusive) of
/// the centroid (mean latitude and longitude) of the run's fixes before it, lasting at
/// least `minDuration` from its first fix to its last. A fix farther than `radius` from
/// the centroid ends the run, and a new run starts at that fix alone: runs partition
/// the log and are never revised. A run is known to be a stop only once it has lasted
/// `minDuration`, and known to have ended only when a fix leaves the radius (or the log
/// ends). Because each fix is tested against the centroid of the fixes before it, the
/// approach to and the departure from a place join its run while they stay within
/// `radius`: a stop starts when the device came within about `radius` of where it
/// stayed and ends when it left that circle, like a geofence of the same radius.
///
/// Memory is constant: the run is kept as running sums, never as fixes. Means of
/// longitudes are fine at stop scales but not across the antimeridian.
public struct StopDetector: Sendable {
  /// Default radius, 25 m: wider than a parked receiver's noise, narrower than a walk.
  ///
  /// Measured on the shared corpus: the SIM33 cold start (1537 s parked) stays within
  /// 14 m of its centroid (p95 8 m) and is one run for any radius from 15 m up but
  /// breaks into four runs over 60 s at 10 m; the ZED-F9P (654 s) and GPSBabel's NMEA
  /// reference log (153 s) stay within 2 and 3 m. A moving run lasts about
  /// 2 · radius / speed: the Pixel GnssLogger walk (1.1–1.3 m/s, a fix every 6 s) makes
  /// runs of at most 48 s at 25 m but up to 84 s at 40 m, and the multi-day Garmin
  /// MapSource tracks give 20 stops at 25 m and 35 at 40 m (120 s). 25 m is also
  /// CalmGeo's default stationary radius: a stop ends about where its geofence fires.
  public static let defaultRadius = 25.0

  /// Default minimum duration, 120 s (milliseconds): longer than a wait in traffic.
  ///
  /// Measured on the shared corpus at 25 m: the GSDC Pixel 4 car stands 79 s and the
  /// Cessna G1000 log holds 91 and 92 s (speed 0) — 90 s would count the holds. The
  /// Columbus P-1 log stands 128 and 198 s (stops) but dawdles 95 s at 1.1 m/s (not).
  /// The multi-day tracks give 63 stops at 60 s, 34 at 90 s and 20 at 120 s. At 25 m and
  /// 120 s steady movement above about 0.42 m/s is never a stop. 120 s is also CalmGeo's
  /// sleep time.
  public static let defaultMinDuration: Int64 = 120_000

  /// Farthest a fix may lie from the run's centroid and still join it, metres.
  public let radius: Double
  /// Shortest run that is a stop (last fix time − first fix time), milliseconds.
  public let minDuration: Int64
  /// The run of the latest fix; nil before the first fix.
  public private(set) var run: Run?

  public init(radius: Double = defaultRadius, minDuration: Int64 = defaultMinDuration) {
    self.radius = radius
    self.minDuration = minDuration
  }

  /// Whether `run` lasted long enough to be a stop.
  public func isStop(_ run: Run) -> Bool { run.duration >= minDuration }

  /// Feeds the next fix (times increasing) and returns the run it ended, stop or not.
  public mutating func observe(_ fix: Fix) -> Run? {
    observe(fix, cosLatitude: nil)
  }

  /// `observe(_:)` with the fix's cosine of latitude when already known (`GeoMath.Anchor(fix)`'s,
  /// the same number): the same runs.
  package mutating func observe(_ fix: Fix, cosLatitude: Double?) -> Run? {
    // The run is changed in place: copying it out of the optional and back cost two copies of
    // its last fix for every fix.
    guard run != nil else {
      run = Run(fix, cosLatitude: cosLatitude)
      return nil
    }
    if run!.reaches(fix, within: radius, cosLatitude: cosLatitude) {
      run!.append(fix)
      return nil
    }
    let ended = run
    run = Run(fix, cosLatitude: cosLatitude)
    return ended
  }
}
