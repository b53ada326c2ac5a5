/// Puts parsed fixes in the form the engine needs: strictly increasing times, and
/// speed derived where the log has none (by policy).
///
/// A fix whose time is not after the previous kept fix is dropped and counted as
/// `time_backwards` or `duplicate_time`: the engine's clock never runs backwards.
public struct FixNormalizer: Sendable {
  /// When to compute speed from the previous fix (distance / time).
  public enum SpeedPolicy: String, Sendable, CaseIterable {
    /// Only for fixes without a speed of their own.
    case auto
    /// For every fix, replacing the logged speed.
    case always
    /// Never: a missing speed stays unknown (-1), as a phone without Doppler reports it.
    case never
  }

  public var speedPolicy: SpeedPolicy
  /// Fixes offered by the parser.
  public private(set) var offered = 0
  /// Fixes dropped because their time equals the previous kept fix's.
  public private(set) var duplicateTimes = 0
  /// Fixes dropped because their time is before the previous kept fix's.
  public private(set) var backwardTimes = 0
  /// Fixes whose speed was derived.
  public private(set) var derivedSpeeds = 0
  /// Gaps between kept fixes longer than `longGap`: how many, and the longest.
  public private(set) var longGaps = 0
  public private(set) var longestGap: Gap? = nil
  // The previous kept fix: only what the next one is compared with, not a whole
  // `Fix` (copying 72 bytes in and out of an optional was a fifth of this type's cost).
  private var hasPrevious = false
  private var previousTime: Int64 = 0
  private var previousLine: UInt32 = 0
  private var previousLatitude = 0.0
  private var previousLongitude = 0.0

  /// A pause between two kept fixes.
  public struct Gap: Sendable, Hashable {
    /// Its length in milliseconds.
    public var millis: Int64
    /// The times before and after it.
    public var from: Int64, to: Int64
    /// The line of the fix after it.
    public var line: UInt32
  }

  /// How long a pause without fixes must be to count as a long gap (24 h): longer than
  /// a night parked, short of the days after which stored records expire.
  public static let longGap: Int64 = 86_400_000

  /// Why the last fix `accept` returned `nil` for was dropped.
  public private(set) var lastDrop: Drop? = nil

  /// A fix dropped for its time.
  public struct Drop: Sendable, Hashable {
    /// `.duplicateTime` or `.timeBackwards`.
    public var problem: ParseProblem
    /// The kept fix it was compared with.
    public var previousTime: Int64
    public var previousLine: UInt32
  }

  public init(speedPolicy: SpeedPolicy = .auto) {
    self.speedPolicy = speedPolicy
  }

  /// Returns the fix to hand to the engine, or `nil` when it must be dropped.
  public mutating func accept(_ fix: Fix) -> Fix? {
    var fix = fix
    return normalize(&fix) ? fix : nil
  }

  /// `accept` in place: whether `fix`, completed, goes to the engine. Spares the
  /// copies of a `Fix?` on the read pipeline's path.
  @inline(__always)
  package mutating func normalize(_ fix: inout Fix) -> Bool {
    offered += 1
    if hasPrevious {
      if fix.time <= previousTime {
        if fix.time == previousTime { duplicateTimes += 1 } else { backwardTimes += 1 }
        lastDrop = Drop(
          problem: fix.time == previousTime ? .duplicateTime : .timeBackwards,
          previousTime: previousTime, previousLine: previousLine)
        return false
      }
      let gap = fix.time - previousTime
      if gap > Self.longGap {
        longGaps += 1
        if gap > longestGap?.millis ?? 0 {
          longestGap = Gap(millis: gap, from: previousTime, to: fix.time, line: fix.line)
        }
      }
      if speedPolicy == .always || (speedPolicy == .auto && fix.speed == nil) {
        let seconds = Double(fix.time - previousTime) / 1000
        let metres = GeoMath.distance(
          lat1: previousLatitude, lon1: previousLongitude, lat2: fix.latitude, lon2: fix.longitude)
        fix.speed = metres / seconds
        fix.flags.insert(.speedDerived)
        derivedSpeeds += 1
      }
    }
    hasPrevious = true
    previousTime = fix.time
    previousLine = fix.line
    previousLatitude = fix.latitude
    previousLongitude = fix.longitude
    return true
  }

  /// Adds this normalizer's counts to `diagnostics`.
  public func record(into diagnostics: inout InputDiagnostics) {
    diagnostics.fixesParsed += offered
    if duplicateTimes > 0 { diagnostics.skipped[ParseProblem.duplicateTime.key, default: 0] += duplicateTimes }
    // `time_backwards` went through `InputDiagnostics.skip` as each was dropped.
    if derivedSpeeds > 0 { diagnostics.estimated["speed_derived", default: 0] += derivedSpeeds }
  }
}
