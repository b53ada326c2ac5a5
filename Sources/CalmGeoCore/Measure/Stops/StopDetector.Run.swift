extension StopDetector {
  /// A run of consecutive fixes that all lay within the detector's radius of the
  /// centroid of the fixes before them.
  ///
  /// Times are milliseconds since 1970 UTC; the centroid is the plain mean of the
  /// latitudes and longitudes (degrees), kept as running sums.
  public struct Run: Sendable, Hashable {
    /// Time of the run's first fix.
    public private(set) var start: Int64
    /// Time of the run's last fix.
    public private(set) var end: Int64
    /// Position of the run's last fix, degrees (only these: a whole fix copied into the run for
    /// every fix was a twentieth of a replay).
    package private(set) var lastLatitude: Double
    package private(set) var lastLongitude: Double
    /// How many fixes the run holds.
    public private(set) var count: Int
    private var latitudeSum: Double
    private var longitudeSum: Double
    /// The cosine of `cosineLatitude`, a latitude within `cosineRefresh` radians of the
    /// centroid's: worked out again only when the centroid drifts farther, not for every fix.
    private var centroidCosine: Double
    private var cosineLatitude: Double

    /// A run of one fix.
    public init(_ fix: Fix) {
      self.init(fix, cosLatitude: nil)
    }

    /// A run of one fix whose cosine of latitude is already known, when it is.
    init(_ fix: Fix, cosLatitude: Double?) {
      start = fix.time
      end = fix.time
      lastLatitude = fix.latitude
      lastLongitude = fix.longitude
      count = 1
      latitudeSum = fix.latitude
      longitudeSum = fix.longitude
      cosineLatitude = fix.latitude
      centroidCosine = cosLatitude ?? GeoMath.Anchor(fix).cosLatitude
    }

    /// How far (radians) the centroid may drift from `cosineLatitude` before its cosine is
    /// worked out again: about 64 m, more than a run's centroid moves within stop radii, so a
    /// run works it out about once; it widens the bounds of `reaches` by a relative 10⁻⁵ at most
    /// (below a millimetre at stop radii), so the haversine still decides almost nothing.
    static let cosineRefresh = 1e-5

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
    /// The centroid's cosine is the one kept for a latitude near it, with the drift as its slack.
    @inline(__always)
    package func reaches(_ fix: Fix, within metres: Double, cosLatitude: Double?) -> Bool {
      let centroidLatitude = latitude
      let centroid = GeoMath.Anchor(latitude: centroidLatitude, longitude: longitude, cosLatitude: centroidCosine)
      let slack = cosineDrift(at: centroidLatitude)
      let point =
        cosLatitude.map { GeoMath.Anchor(latitude: fix.latitude, longitude: fix.longitude, cosLatitude: $0) }
        ?? GeoMath.Anchor(fix)
      switch centroid.settledComparison(to: point, with: metres, cosineSlack: slack) {
      case .some(let isFarther): return !isFarther
      case .none: return distance(to: fix) <= metres
      }
    }

    /// How far (radians) `centroidLatitude` lies from the latitude of the kept cosine: a bound on
    /// that cosine's error, as cos changes no faster than its angle.
    @inline(__always)
    private func cosineDrift(at centroidLatitude: Double) -> Double {
      (centroidLatitude - cosineLatitude).magnitude * (Double.pi / 180)
    }

    /// Adds the next fix to the run.
    package mutating func append(_ fix: Fix) {
      end = fix.time
      lastLatitude = fix.latitude
      lastLongitude = fix.longitude
      count += 1
      latitudeSum += fix.latitude
      longitudeSum += fix.longitude
      let centroidLatitude = latitude
      if cosineDrift(at: centroidLatitude) > Self.cosineRefresh {
        cosineLatitude = centroidLatitude
        centroidCosine = GeoMath.Anchor(latitude: centroidLatitude, longitude: 0).cosLatitude
      }
    }
  }
}
