import RealModule

extension GeoMath.Anchor {
  /// Haversine distance in metres to another anchor, reusing both cached cosines.
  ///
  /// Bit for bit the same as `distance(latitude:longitude:)` with the other's coordinates, with
  /// one `cos` call fewer: for streams where each point is an anchor anyway (consecutive fixes).
  @inlinable
  public func distance(to other: GeoMath.Anchor) -> Double {
    let toRadians = Double.pi / 180
    let s1 = Double.sin((other.latitude - latitude) * toRadians / 2)
    let s2 = Double.sin((other.longitude - longitude) * toRadians / 2)
    let h = s1 * s1 + cosLatitude * other.cosLatitude * s2 * s2
    return 2 * GeoMath.earthRadius * Double.asin(min(1, h.squareRoot()))
  }
}
