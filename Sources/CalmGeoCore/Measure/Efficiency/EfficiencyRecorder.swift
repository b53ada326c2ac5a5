/// Collects what the `efficiency` section needs during a replay: the raw fixes as planar points
/// (24 bytes a fix, plus 4 for the accuracy) and the count of kept points; the min-# work runs
/// once, in `finish`, not per fix. Without `solves` (a sweep's configurations) the section has no
/// min-# answers of the run, and without `keepsTrack` (the track's ladder comes from its analysis)
/// no points are kept: the fixes of the problem and the kept ones are counted. Past `fixLimit`
/// fixes of the problem the points are let go and the section has the run's side only.
struct EfficiencyRecorder: Sendable {
  private let solves: Bool
  private let keepsTrack: Bool
  private let fixLimit: Int?
  /// Past `fixLimit`: from then on the fixes are counted, not kept.
  private var overLimit = false
  private var track = SEDTrack()
  private var frame: FixFrame?
  private var accuracies: [Float] = []
  /// The raw fixes' median accuracy when known beforehand (`TrackAnalysis`): no accuracy is collected.
  private let knownMedianAccuracy: Double??
  /// Whether an accuracy was −0 (the median then sorts: `FloatMedian`).
  private var negativeZeroAccuracy = false
  private var raw = 0
  /// Fixes of the problem (distinct times) while no track is kept.
  private var distinct = 0
  private var lastRawTime: Int64 = .min
  private var kept = 0
  private var lastKeptTime: Int64 = .min

  /// `expectedFixes`: room made at once for that many accuracies and track points (a guess from
  /// above; the track's room is that of the limit at most).
  init(
    solves: Bool = true, keepsTrack: Bool = true, fixLimit: Int? = nil, medianAccuracy: Double?? = nil,
    expectedFixes: Int = 0
  ) {
    self.solves = solves
    self.keepsTrack = solves || keepsTrack
    self.fixLimit = fixLimit
    knownMedianAccuracy = medianAccuracy
    guard expectedFixes > 0 else { return }
    if medianAccuracy == nil { accuracies.reserveCapacity(expectedFixes) }
    // The track is let go one fix past the limit.
    if self.keepsTrack { track.reserve(min(expectedFixes, (fixLimit ?? expectedFixes - 1) + 1)) }
  }

  /// The median of the finite horizontal accuracies of `fixes`, as `finish` finds it for a
  /// replay that hands the engine exactly these fixes.
  static func medianAccuracy(_ fixes: [Fix]) -> Double? {
    var recorder = EfficiencyRecorder(solves: false, keepsTrack: false)
    for fix in fixes { recorder.collectAccuracy(fix) }
    return FloatMedian.median(of: &recorder.accuracies, hasNegativeZero: recorder.negativeZeroAccuracy)
  }

  @inline(__always)
  private mutating func collectAccuracy(_ fix: Fix) {
    if let accuracy = fix.horizontalAccuracy, accuracy.isFinite {
      let value = Float(accuracy)
      if value == 0 && value.sign == .minus { negativeZeroAccuracy = true }
      accuracies.append(value)
    }
  }

  /// Every raw fix handed to the engine.
  @inline(__always)
  mutating func observeRaw(_ fix: Fix) {
    if knownMedianAccuracy == nil { collectAccuracy(fix) }
    observePosition(time: fix.time, latitude: fix.latitude, longitude: fix.longitude)
  }

  /// The raw fixes of a track's analysis in `range`, in order, as `observeRaw(_:)` of each would
  /// take them, when the median accuracy came with the analysis (nothing else of a fix is read).
  mutating func observeRaw(_ range: Range<Int>, of analysis: TrackAnalysis) {
    precondition(knownMedianAccuracy != nil, "observeRaw(_:of:) without the analysis's median accuracy")
    var index = range.lowerBound
    while index < range.upperBound, keepsTrack && !overLimit {
      let raw = analysis.frames[index]
      observePosition(time: raw.time, latitude: raw.frame.latitude, longitude: raw.frame.longitude)
      index += 1
    }
    // Counting only (no track kept, or past the limit): the distinct times, as one at a time would.
    var last = lastRawTime
    var count = distinct
    if analysis.timesIncrease, index < range.upperBound, analysis.frames[index].time > last {
      // Every time is new: each fix counts.
      count += range.upperBound - index
      last = analysis.frames[range.upperBound - 1].time
      index = range.upperBound
    }
    while index < range.upperBound {
      let time = analysis.frames[index].time
      if time > last {
        last = time
        count += 1
      }
      index += 1
    }
    lastRawTime = last
    distinct = count
    if let fixLimit, distinct > fixLimit { overLimit = true }
  }

  @inline(__always)
  private mutating func observePosition(time: Int64, latitude: Double, longitude: Double) {
    guard keepsTrack && !overLimit else {
      if time > lastRawTime {
        lastRawTime = time
        distinct += 1
        if let fixLimit, distinct > fixLimit { overLimit = true }
      }
      return
    }
    if frame == nil { frame = FixFrame(GeoMath.Anchor(latitude: latitude, longitude: longitude)) }
    let frame = frame!
    track.append(x: frame.x(longitude: longitude), y: frame.y(latitude: latitude), t: time, source: raw)
    raw += 1
    if let fixLimit, track.count > fixLimit { letTheTrackGo() }
  }

  /// Past the limit: counts from here on, keeps nothing.
  private mutating func letTheTrackGo() {
    overLimit = true
    distinct = track.count
    lastRawTime = track.t.last ?? .min
    track = SEDTrack()
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
    let median =
      knownMedianAccuracy ?? FloatMedian.median(of: &accuracies, hasNegativeZero: negativeZeroAccuracy)
    let stats: EfficiencyStats
    if overLimit {
      stats = EfficiencyStats(
        unsolvedFixes: distinct, kept: kept, sedMax: fidelity.sed.max, sedP95: fidelity.sed.p95,
        medianAccuracy: median, ladder: nil, fixLimit: fixLimit)
    } else if solves {
      stats = EfficiencyStats(
        track: track, kept: kept, sedMax: fidelity.sed.max, sedP95: fidelity.sed.p95, medianAccuracy: median,
        ladder: ladder)
    } else {
      stats = EfficiencyStats(
        unsolvedFixes: keepsTrack ? track.count : distinct, kept: kept, sedMax: fidelity.sed.max,
        sedP95: fidelity.sed.p95, medianAccuracy: median,
        ladder: ladder ?? EfficiencyLadder(track: track, workBudget: EfficiencyStats.workBudget / 2))
    }
    self = EfficiencyRecorder(
      solves: solves, keepsTrack: keepsTrack, fixLimit: fixLimit, medianAccuracy: knownMedianAccuracy)
    return stats
  }
}
