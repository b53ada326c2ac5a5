extension StopDetector {
  /// A run of consecutive fixes that all lay within the detector's radius of the
  /// centroid of the fixes before them.
  ///
  /// Times are milliseconds since 1970 UTC; the centroid is the plain mean of the
  /// latitudes and longitudes (degrees), kept as running sums.
  public struct Run: Sendable, Hashable {
    /// Time of the run's first fix.
    public private(set) var start: Int64
    /// The run's last fix (its time is the run's end).
    public private(set) var lastFix: Fix
    /// How many fixes the run holds.
    public private(set) var count: Int
    private var latitudeSum: Double
    private var longitudeSum: Double

    /// A run of one fix.
    public init(_ fix: Fix) {
      start = fix.time
      lastFix = fix
      count = 1
      latitudeSum = fix.latitude
      longitudeSum = fix.longitude
    }

    /// Time of the run's last fix.
    public var end: Int64 { lastFix.time }
    /// `end - start`, milliseconds.
    public var duration: Int64 { end - start }
    /// Mean latitude of the run's fixes, degrees.
    public var latitude: Double { latitudeSum / Double(count) }
    /// Mean longitude of the run's fixes, degrees.
    public var longitude: Double { longitudeSum / Double(count) }

    /// Haversine distance from the centroid to `fix`, metres.
    public func distance(to fix: Fix) -> Double {
      GeoMath.distance(lat1: latitude, lon1: longitude, lat2: fix.latitude, lon2: fix.longitude)
    }

    /// Whether `distance(to: fix) <= metres`, exactly as that comparison decides it: bounds from
    /// a few multiplications settle it but within a billionth of `metres`, where the haversine
    /// does (`GeoMath.Anchor.settledComparison(to:with:)`). `cosLatitude`: the fix's, when known.
    @inline(__always)
    func reaches(_ fix: Fix, within metres: Double, cosLatitude: Double?) -> Bool {
      let centroid = GeoMath.Anchor(latitude: latitude, longitude: longitude)
      let point =
        cosLatitude.map { GeoMath.Anchor(latitude: fix.latitude, longitude: fix.longitude, cosLatitude: $0) }
        ?? GeoMath.Anchor(fix)
      switch centroid.settledComparison(to: point, with: metres) {
      case .some(let isFarther): return !isFarther
      case .none: return distance(to: fix) <= metres
      }
    }

    /// Adds the next fix to the run.
    mutating func append(_ fix: Fix) {
      lastFix = fix
      count += 1
      latitudeSum += fix.latitude
      longitudeSum += fix.longitude
    }
  }
}
