import RealModule

/// The fixed equirectangular projection around a track's first fix, rounded to Float32 metres.
///
/// x = R·(λ − λ0)·cos φ0 and y = R·(φ − φ0) (radians, λ − λ0 wrapped to ±180°), each stored
/// as a `Float`: 8 bytes a point, off by at most 2⁻²⁴ of the distance from the first fix
/// (6 mm at 100 km). The same position always gives the same stored point.
package struct TrackProjection: Sendable {
  /// The origin's latitude and longitude, degrees.
  let latitude: Double
  let longitude: Double
  /// cos φ0.
  let cosLatitude: Double
  private let xScale: Double

  /// The projection around a point given as an anchor (its cosine of latitude known).
  package init(_ anchor: GeoMath.Anchor) {
    latitude = anchor.latitude
    longitude = anchor.longitude
    cosLatitude = Swift.max(anchor.cosLatitude, 1e-12)
    xScale = FixFrame.metresPerDegree * anchor.cosLatitude
  }

  /// The stored planar point of a position in degrees.
  @inline(__always)
  package func point(latitude lat: Double, longitude lon: Double) -> SIMD2<Float> {
    SIMD2(Float(FixFrame.wrapped(lon - longitude) * xScale), Float((lat - latitude) * FixFrame.metresPerDegree))
  }

  /// cos φ / cos φ0 at a stored point: the factor that turns this projection's x distances
  /// into those of the `FixFrame` centred there.
  package func xStretch(at point: SIMD2<Float>) -> Double {
    let lat = latitude + Double(point.y) / FixFrame.metresPerDegree
    return Double.cos(lat * (Double.pi / 180)) / cosLatitude
  }
}
