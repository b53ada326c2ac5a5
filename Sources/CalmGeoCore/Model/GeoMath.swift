import RealModule

/// Distances on the sphere used everywhere in the replay.
public enum GeoMath {
  /// The mean Earth radius (IUGG R1), metres. One constant for every distance.
  public static let earthRadius = 6_371_008.8

  /// Great-circle (haversine) distance in metres between two points in degrees.
  @inlinable
  public static func distance(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
    Anchor(latitude: lat1, longitude: lon1).distance(latitude: lat2, longitude: lon2)
  }

  /// Distance in metres between two fixes.
  @inlinable
  public static func distance(_ a: Fix, _ b: Fix) -> Double {
    distance(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
  }

  /// A point that many distances are measured from (the filter's reference, a geofence
  /// centre), with its cosine computed once. Gives exactly the same distances as
  /// `distance(lat1:lon1:lat2:lon2:)`, with one transcendental call fewer each.
  public struct Anchor: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double
    @usableFromInline let cosLatitude: Double

    @inlinable
    public init(latitude: Double, longitude: Double) {
      self.latitude = latitude
      self.longitude = longitude
      cosLatitude = Double.cos(latitude * (Double.pi / 180))
    }

    /// A point whose cosine of latitude is already known (computed as `init(latitude:longitude:)` does).
    @inlinable
    public init(latitude: Double, longitude: Double, cosLatitude: Double) {
      self.latitude = latitude
      self.longitude = longitude
      self.cosLatitude = cosLatitude
    }

    @inlinable
    public init(_ fix: Fix) {
      self.init(latitude: fix.latitude, longitude: fix.longitude)
    }

    /// Haversine distance in metres to a point in degrees.
    @inlinable
    public func distance(latitude lat2: Double, longitude lon2: Double) -> Double {
      let toRadians = Double.pi / 180
      let s1 = Double.sin((lat2 - latitude) * toRadians / 2)
      let s2 = Double.sin((lon2 - longitude) * toRadians / 2)
      let h = s1 * s1 + cosLatitude * Double.cos(lat2 * toRadians) * s2 * s2
      return 2 * GeoMath.earthRadius * Double.asin(min(1, h.squareRoot()))
    }

    /// Haversine distance in metres to a fix.
    @inlinable
    public func distance(to fix: Fix) -> Double {
      distance(latitude: fix.latitude, longitude: fix.longitude)
    }
  }
}
