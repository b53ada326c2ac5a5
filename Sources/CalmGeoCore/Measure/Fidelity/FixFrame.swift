/// The local equirectangular projection centred on one raw fix, in which its fidelity distances are measured.
///
/// A point at latitude φ and longitude λ (degrees) has planar coordinates, in metres,
/// x = R·(λ − λr)·cos φr and y = R·(φ − φr), angles in radians, λ − λr wrapped to ±180°,
/// R = `GeoMath.earthRadius`. Straight segments here are straight in latitude/longitude, so
/// interpolating here is interpolating latitude and longitude linearly. Measuring around the
/// raw fix (not around a segment end) keeps the error relative to the distance measured:
/// against the great circle it is below d·tan φ / (2R), i.e. under 1 µm for 1 m, 0.8 mm for
/// 100 m and 8 cm for 1 km at 45° latitude, whatever the length of the segment.
package struct FixFrame: Sendable {
  /// Metres per degree of latitude on the sphere of radius `GeoMath.earthRadius`.
  package static let metresPerDegree = GeoMath.earthRadius * Double.pi / 180

  /// The centre's latitude and longitude, degrees.
  let latitude: Double
  let longitude: Double
  /// Metres per degree of longitude at the centre: R·cos φr·π/180.
  let xScale: Double

  /// The frame centred on a point whose cosine of latitude is already known (`GeoMath.Anchor`).
  @inline(__always)
  package init(_ anchor: GeoMath.Anchor) {
    latitude = anchor.latitude
    longitude = anchor.longitude
    xScale = Self.metresPerDegree * anchor.cosLatitude
  }

  /// The x coordinate (east), metres, of a longitude in degrees.
  @inline(__always)
  func x(longitude lon: Double) -> Double { Self.wrapped(lon - longitude) * xScale }

  /// The y coordinate (north), metres, of a latitude in degrees.
  @inline(__always)
  func y(latitude lat: Double) -> Double { (lat - latitude) * Self.metresPerDegree }

  /// The distance in metres from the centre to a point in degrees.
  @inline(__always)
  func distance(latitude lat: Double, longitude lon: Double) -> Double {
    let x = x(longitude: lon)
    let y = y(latitude: lat)
    return (x * x + y * y).squareRoot()
  }

  /// A longitude difference in degrees brought into [−180, 180].
  @inline(__always)
  static func wrapped(_ degrees: Double) -> Double {
    degrees > 180 ? degrees - 360 : (degrees < -180 ? degrees + 360 : degrees)
  }

  /// The squared distance from the origin to the segment from (ax, ay) to (bx, by), planar metres².
  ///
  /// The perpendicular foot is clamped to the segment's ends; a zero-length segment is its point.
  /// An end at exactly the origin gives exactly 0.
  @inline(__always)
  package static func squaredDistanceToSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let dx = bx - ax
    let dy = by - ay
    let length2 = dx * dx + dy * dy
    var u = 0.0
    if length2 > 0 {
      u = -(ax * dx + ay * dy) / length2
      u = u < 0 ? 0 : (u > 1 ? 1 : u)
    }
    let qx = ax + dx * u
    let qy = ay + dy * u
    return qx * qx + qy * qy
  }
}

/// A raw fix's time (ms since 1970) and its fidelity frame: what the fidelity metrics keep of a
/// raw fix until the next emitted point measures it.
package struct TimedFrame: Sendable {
  package let time: Int64
  package let frame: FixFrame

  @inline(__always)
  package init(time: Int64, frame: FixFrame) {
    self.time = time
    self.frame = frame
  }
}
