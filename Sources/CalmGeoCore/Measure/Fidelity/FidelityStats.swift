/// How faithful the track the server receives is to the raw log, in metres.
///
/// The *raw track* is every raw fix handed to the engine, in time order, including those during
/// monitoring periods (the server sees nothing there, which is exactly what these metrics show).
/// The *emitted track* is the polyline of the emitted points in time order (an emit at or before
/// the previous emitted point's time is ignored). For a raw fix r at time t, A is the last emitted
/// point at or before t and B the first after t.
///
/// **Planar geometry.** Every distance from a raw fix r (SED, PED, Hausdorff) is measured in the
/// local equirectangular projection centred on r: x = R·Δλ·cos φr, y = R·Δφ (radians, Δλ wrapped
/// to ±180°, R = 6 371 008.8 m). Segments are straight in latitude/longitude. Against the
/// great-circle distance the error is below d·tan φr / (2R) for a distance d: under 1 µm at 1 m,
/// 0.8 mm at 100 m, 8 cm at 1 km (45° latitude). Lengths are haversine sums on the same sphere.
///
/// **Percentiles.** p50 and p95 are HdrHistogram's `valueAtPercentile` over the distances rounded
/// to whole millimetres, 3 significant digits: within 0.1 % (plus the 0.5 mm rounding) of the
/// exact order statistics. max and mean are exact. With no raw fix, everything is 0. With raw fixes
/// but no emitted point, SED, PED and Hausdorff are undefined and reported as 0, while
/// lengthLossPercent is 100 (when the raw track has a length).
public struct FidelityStats: Codable, Sendable, Hashable {
  /// Raw fixes counted.
  public var fixes: Int
  /// Synchronized Euclidean distance per raw fix, metres.
  ///
  /// SED(r) = |r − P(t)|, P(t) = A + (B − A)·(t − tA)/(tB − tA), the emitted track interpolated
  /// linearly in time. A raw fix that is itself emitted has SED 0. After the last emitted point
  /// E (the server holds it), P = E; before the first one, P = the first emitted point.
  public var sed: DistanceSummary
  /// Perpendicular distance per raw fix, metres.
  ///
  /// PED(r) = min over u in [0, 1] of |r − (A + (B − A)·u)|: the distance to the segment AB of
  /// the same bracketing emitted points, the perpendicular foot clamped to the segment's ends.
  /// 0 for a raw fix that is emitted; after the last (before the first) emitted point, the
  /// distance to it. PED ≤ SED always.
  public var ped: DistanceSummary
  /// The symmetric Hausdorff distance between the raw and the emitted polylines, metres.
  ///
  /// max(max over raw vertices r of d(r, E), max over emitted vertices e of d(e, R)), where
  /// d(p, polyline) is the minimum over ALL its segments (a lone point: the distance to it), not
  /// only the time-bracketing one. Emitted vertices are raw vertices, so the second term is 0.
  /// Computed exactly on vertices against polylines (PED(r) bounds d(r, E) from above, and a
  /// uniform grid over the emitted segments limits the search to what lies within that bound),
  /// from raw positions stored as Float32 metres from the first fix: an extra error of at most
  /// 2⁻²⁴ of the distance from the first fix (6 mm at 100 km).
  public var hausdorff: Double
  /// Whether `hausdorff` is exact; false when the work bound made it an upper bound (a track
  /// that revisits the same place thousands of times).
  public var hausdorffExact: Bool
  /// Σ haversine distances between consecutive raw fixes, metres.
  public var rawLengthMetres: Double
  /// Σ haversine distances between consecutive emitted points, metres.
  public var emittedLengthMetres: Double
  /// 100·(raw − emitted)/raw length, percent; 0 when the raw length is 0.
  public var lengthLossPercent: Double

  /// Creates stats from their values (distances in metres, loss in percent).
  public init(
    fixes: Int, sed: DistanceSummary, ped: DistanceSummary, hausdorff: Double, hausdorffExact: Bool = true,
    rawLengthMetres: Double, emittedLengthMetres: Double, lengthLossPercent: Double
  ) {
    self.fixes = fixes
    self.sed = sed
    self.ped = ped
    self.hausdorff = hausdorff
    self.hausdorffExact = hausdorffExact
    self.rawLengthMetres = rawLengthMetres
    self.emittedLengthMetres = emittedLengthMetres
    self.lengthLossPercent = lengthLossPercent
  }
}
