/// Collects what the `efficiency` section needs during a replay: the raw fixes as planar points
/// (24 bytes a fix, plus 4 for the accuracy) and the count of kept points; the min-# work runs
/// once, in `finish`, not per fix.
struct EfficiencyRecorder: Sendable {
  private var track = SEDTrack()
  private var frame: FixFrame?
  private var accuracies: [Float] = []
  private var raw = 0
  private var kept = 0
  private var lastKeptTime: Int64 = .min

  /// Every raw fix handed to the engine.
  @inline(__always)
  mutating func observeRaw(_ fix: Fix) {
    if frame == nil { frame = FixFrame(GeoMath.Anchor(fix)) }
    let frame = frame!
    track.append(x: frame.x(longitude: fix.longitude), y: frame.y(latitude: fix.latitude), t: fix.time, source: raw)
    raw += 1
    if let accuracy = fix.horizontalAccuracy, accuracy.isFinite { accuracies.append(Float(accuracy)) }
  }

  /// A location the library emitted: counted when later than the previous one (the fidelity track's rule).
  @inline(__always)
  mutating func observeEmitted(_ fix: Fix) {
    guard fix.time > lastKeptTime else { return }
    lastKeptTime = fix.time
    kept += 1
  }

  /// The section, against the fidelity metrics' SED of the same run.
  mutating func finish(fidelity: FidelityStats, ladder: EfficiencyLadder? = nil) -> EfficiencyStats {
    var median: Double?
    if !accuracies.isEmpty {
      accuracies.sort()
      let mid = accuracies.count / 2
      median = accuracies.count % 2 == 1
        ? Double(accuracies[mid]) : (Double(accuracies[mid - 1]) + Double(accuracies[mid])) / 2
    }
    let stats = EfficiencyStats(
      track: track, kept: kept, sedMax: fidelity.sed.max, sedP95: fidelity.sed.p95, medianAccuracy: median,
      ladder: ladder)
    self = EfficiencyRecorder()
    return stats
  }
}
