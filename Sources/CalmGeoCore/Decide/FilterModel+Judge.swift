extension FilterModel {
  /// The distance a fix must move from the reference to be kept, metres, at `speed`
  /// m/s (negative or `nil`: unknown, taken as 0).
  ///
  /// For the transistorsoft models `multiplier` plays `elasticityMultiplier` and
  /// `disabled` plays `disableElasticity`. `significant-change` answers its fixed
  /// 500 m (`SignificantChangeDecider.minimumDistance`).
  public func judge(speed: Double?, distanceFilter df: Double, multiplier: Double, disabled: Bool) -> Double {
    let s = max(speed ?? 0, 0)
    switch self {
    case .iosDistanceFilter: return df
    case .significantChange: return SignificantChangeDecider.minimumDistance
    case _ where disabled: return df
    case .calmgeo:
      // CALMGEO.md §3: round is half away from zero.
      return max(Self.roundedHalfAway(s / 5) * multiplier * df, df)
    case .bgDocs:
      // The docs say "round(speed, 5) / 5 × distanceFilter", but their worked examples
      // (7.7 m/s, df 30 → 60 m; 27 m/s, df 50 → 300 m) only hold when the speed is
      // rounded UP to the next 5 m/s (27 → 30, not 25): ceil(speed / 5). At speed 0 that
      // gives 0, which the docs do not cover; the configured distanceFilter stays the floor.
      return max((s / 5).rounded(.up) * df * multiplier, df)
    case .bgAndroid:
      // TSLocationManager (Android): df + df × elasticityMultiplier × floor(speed/5 + 0.5).
      guard s > 0 else { return df }
      return df + df * multiplier * (s / 5 + 0.5).rounded(.down)
    }
  }

  /// `x.rounded(.toNearestOrAwayFromZero)` for x ≥ 0 or NaN, the same number without a libm call
  /// (the judge is worked out for every fix): below 2⁵² the conversion to an integer truncates
  /// exactly and the fraction left is exact; from 2⁵² up (and NaN, ∞) x is its own rounding.
  @inline(__always)
  package static func roundedHalfAway(_ x: Double) -> Double {
    guard x < 0x1p52 else { return x }
    let whole = Double(Int64(x))
    return x - whole >= 0.5 ? whole + 1 : whole
  }
}
