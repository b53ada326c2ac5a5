#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distances on the sphere used everywhere in the replay.
public enum GeoMath {
  /// The mean Earth radius (IUGG R1), metres. One constant for every distance.
  public static let earthRadius = 6_371_008.8

  /// Great-circle (haversine) distance in metres between two points in degrees.
  @inlinable
  public static func distance(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
    let toRadians = Double.pi / 180
    let phi1 = lat1 * toRadians
    let phi2 = lat2 * toRadians
    let dPhi = (lat2 - lat1) * toRadians
    let dLambda = (lon2 - lon1) * toRadians
    let s1 = sin(dPhi / 2)
    let s2 = sin(dLambda / 2)
    let h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
  }

  /// Distance in metres between two fixes.
  @inlinable
  public static func distance(_ a: Fix, _ b: Fix) -> Double {
    distance(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
  }
}
