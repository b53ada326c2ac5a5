/// The distance a decision compares (from the filter's reference or the geofence's centre to
/// a fix), measured only as far as its comparisons need.
///
/// Measured up front, it is the haversine `GeoMath.Anchor.distance(to:)` and every comparison
/// uses it. Otherwise a comparison is first settled by cheap bounds
/// (`GeoMath.Anchor.settledComparison(to:with:)`), and the haversine is computed only when they
/// leave it open: the answers are the same either way.
struct DecisionDistance {
  private let from: GeoMath.Anchor
  private let to: GeoMath.Anchor
  /// The haversine distance, metres, once computed; NaN until then.
  private(set) var metres: Double

  /// With `measured`, the distance is computed at once.
  @inline(__always)
  init(from: GeoMath.Anchor, to: GeoMath.Anchor, measured: Bool) {
    self.from = from
    self.to = to
    metres = measured ? from.distance(to: to) : .nan
  }

  /// `distance > threshold`.
  @inline(__always)
  mutating func exceeds(_ threshold: Double) -> Bool {
    if metres.isNaN, let settled = from.settledComparison(to: to, with: threshold) { return settled }
    if metres.isNaN { metres = from.distance(to: to) }
    return metres > threshold
  }

  /// `distance < threshold`.
  @inline(__always)
  mutating func isBelow(_ threshold: Double) -> Bool {
    if metres.isNaN, let settled = from.settledComparison(to: to, with: threshold) { return !settled }
    if metres.isNaN { metres = from.distance(to: to) }
    return metres < threshold
  }
}
