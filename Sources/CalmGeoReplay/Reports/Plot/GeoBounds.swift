/// The smallest latitude/longitude box holding every point offered, in degrees.
public struct GeoBounds: Sendable, Hashable {
  public private(set) var minLatitude = Double.infinity
  public private(set) var maxLatitude = -Double.infinity
  public private(set) var minLongitude = Double.infinity
  public private(set) var maxLongitude = -Double.infinity

  public init() {}

  /// Whether no point was offered.
  public var isEmpty: Bool { minLatitude > maxLatitude }

  /// Grows the box to hold a point.
  public mutating func include(latitude: Double, longitude: Double) {
    if latitude < minLatitude { minLatitude = latitude }
    if latitude > maxLatitude { maxLatitude = latitude }
    if longitude < minLongitude { minLongitude = longitude }
    if longitude > maxLongitude { maxLongitude = longitude }
  }
}
