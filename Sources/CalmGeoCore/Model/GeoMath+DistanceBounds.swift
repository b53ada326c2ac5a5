extension GeoMath.Anchor {
  /// Whether `distance(to: other) > metres`, exactly as that comparison decides it, mostly without
  /// the sines and the arcsine: bounds from a few multiplications settle every case but those
  /// within a billionth of the threshold, which the haversine decides (`distanceBounds(to:)`).
  @inlinable
  public func isFarther(than metres: Double, from other: GeoMath.Anchor) -> Bool {
    switch settledComparison(to: other, with: metres) {
    case .some(let isFarther): isFarther
    case .none: distance(to: other) > metres
    }
  }

  /// Whether `distance(to: other) < metres`, exactly as that comparison decides it (see
  /// `isFarther(than:from:)`).
  @inlinable
  public func isNearer(than metres: Double, to other: GeoMath.Anchor) -> Bool {
    switch settledComparison(to: other, with: metres) {
    case .some(let isFarther): !isFarther
    case .none: distance(to: other) < metres
    }
  }

  /// `true` when the distance to `other` is certainly above `metres`, `false` when certainly
  /// below, nil when the bounds leave it open (within a relative 10⁻⁹ of `metres`, a threshold
  /// under a millimetre or not finite, or points more than about 1 200 km apart).
  ///
  /// `distance(to:)` computes 2R·asin(√h) with h = sin²x₁ + c·sin²x₂ from the half-differences
  /// x₁, x₂ (radians) and c, the product of the cosines; libm's sin and asin are within an ulp
  /// or two, so the computed distance is within 10⁻¹⁴ of that formula's true value. The bounds
  /// bracket the true value: for x² ≤ 0.01, x²(1 − x²/3) ≤ sin²x ≤ x², and for y² ≤ 0.02,
  /// y ≤ asin y ≤ y(1 + y²/5). A margin of 10⁻⁹ (on squared metres) is five orders of
  /// magnitude wider than all the rounding of either side, so a settled answer is the
  /// comparison's answer.
  ///
  /// `cosineSlack`: how far this anchor's true cosine of latitude may be from `cosLatitude` (an
  /// anchor whose cosine was worked out at a latitude a little off its own: cos changes no faster
  /// than the angle, so the difference in radians is such a bound); the bounds then widen by it.
  @inlinable @inline(__always)
  package func settledComparison(
    to other: GeoMath.Anchor, with metres: Double, cosineSlack: Double = 0
  ) -> Bool? {
    guard metres >= 0.001, metres < 1e6 else { return nil }
    let halfRadians = Double.pi / 360
    let x1 = (other.latitude - latitude) * halfRadians
    let x2 = (other.longitude - longitude) * halfRadians
    let a = x1 * x1
    let b = x2 * x2
    guard a <= 0.01, b <= 0.01 else { return nil }
    let lowerC = (cosLatitude - cosineSlack) * other.cosLatitude
    let upperC = (cosLatitude + cosineSlack) * other.cosLatitude
    let upperH = a + upperC * b
    let lowerH = a * (1 - a * (1 / 3)) + lowerC * b * (1 - b * (1 / 3))
    let scale = 4 * GeoMath.earthRadius * GeoMath.earthRadius
    let threshold = metres * metres
    let asinFactor = 1 + upperH * 0.2
    if scale * lowerH > threshold * (1 + 1e-9) { return true }
    if scale * upperH * asinFactor * asinFactor < threshold * (1 - 1e-9) { return false }
    return nil
  }
}
