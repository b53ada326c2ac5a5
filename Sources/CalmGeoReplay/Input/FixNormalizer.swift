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
  private var previous: Fix?

  public init(speedPolicy: SpeedPolicy = .auto) {
    self.speedPolicy = speedPolicy
  }

  /// Returns the fix to hand to the engine, or `nil` when it must be dropped.
  public mutating func accept(_ fix: Fix) -> Fix? {
    offered += 1
    var fix = fix
    if let previous {
      if fix.time <= previous.time {
        if fix.time == previous.time { duplicateTimes += 1 } else { backwardTimes += 1 }
        return nil
      }
      if speedPolicy == .always || (speedPolicy == .auto && fix.speed == nil) {
        let seconds = Double(fix.time - previous.time) / 1000
        fix.speed = GeoMath.distance(previous, fix) / seconds
        fix.flags.insert(.speedDerived)
        derivedSpeeds += 1
      }
    }
    previous = fix
    return fix
  }

  /// Adds this normalizer's counts to `diagnostics`.
  public func record(into diagnostics: inout InputDiagnostics) {
    diagnostics.fixesParsed += offered
    if duplicateTimes > 0 { diagnostics.skipped["duplicate_time", default: 0] += duplicateTimes }
    if backwardTimes > 0 { diagnostics.skipped["time_backwards", default: 0] += backwardTimes }
    if derivedSpeeds > 0 { diagnostics.estimated["speed_derived", default: 0] += derivedSpeeds }
  }
}
