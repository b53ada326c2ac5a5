/// Streaming track-fidelity metrics: raw fixes against the emitted (server-side) track.
///
/// Feed every raw fix to `observeRaw(_:)` and every emitted location to `observeEmitted(_:)`,
/// then call `finish()` once; `FidelityStats` defines each metric.
///
/// Cost and memory: SED and PED of a raw fix are known once the next emitted point is, so the
/// raw fixes since the last emitted point wait in a buffer (32 bytes each; bounded by twice the
/// longest stretch without an emit, at least 512 entries, not by the file; measured against the
/// held last point at `finish()`); a track's replays given its analysis read them from the
/// analysis instead (`observeRaw(upTo:of:)`). The Hausdorff distance needs every raw fix until the end: each
/// is kept as two Float32 planar metres from the first fix (`TrackProjection`), 8 bytes a fix or
/// 8 MB per million, plus 16 bytes per emitted point; it is the only metric whose memory grows
/// with the file. Lengths and the SED and PED summaries are constant-size (exact max and sum,
/// millimetre HdrHistograms, 2 × 64 kB of exact small-value counts). Nothing is allocated per
/// fix in steady state beyond the amortized growth of those arrays.
public struct FidelityMetrics: Sendable {
  private var fixes = 0
  private var sed = DistanceAccumulator()
  private var ped = DistanceAccumulator()
  private var rawLength = 0.0
  private var emittedLength = 0.0
  /// The latest raw fix, its time and the distance from the raw fix before it, metres.
  private var latestRaw = GeoMath.Anchor(latitude: 0, longitude: 0)
  private var latestRawTime: Int64 = .min
  private var latestRawStep = 0.0

  /// The last emitted point and its time (ms since 1970), once there is one.
  private var lastEmitted: GeoMath.Anchor?
  private var lastEmittedTime: Int64 = .min
  /// Whether the last emitted point was the latest raw fix when it was emitted.
  private var lastEmittedWasLatestRaw = false

  /// Raw fixes not yet measured: those after the last emitted point, from index `pendingStart`.
  /// With frames shared by a track's replays (`observeRaw(upTo:of:)`), the track's own frames:
  /// then never changed, and only the first `fixes` of them are observed.
  private var pending: [TimedFrame] = []
  private var pendingStart = 0
  /// The raw index (0-based, in observeRaw order) of `pending[0]`.
  private var pendingBase = 0
  /// Whether `pending` is a track's shared frames (`observeRaw(upTo:of:)`).
  private var sharesFrames = false
  /// The end of the observed raw fixes in `pending`.
  private var pendingEnd: Int { sharesFrames ? fixes : pending.count }

  private var projection: TrackProjection?
  private var rawPoints: [SIMD2<Float>] = []
  private var emittedPoints: [SIMD2<Float>] = []
  private var emittedRawIndex: [Int] = []
  private var largestCosLatitude = 0.0
  private var smallestCosLatitude = 1.0
  private var widestPED = (index: -1, metres: -1.0)

  /// Whether the Hausdorff distance is computed (it keeps the raw track; sweeps that do not
  /// rank on it skip it and report the largest PED as its upper bound).
  public let computesHausdorff: Bool

  /// Creates empty metrics.
  public init(computesHausdorff: Bool = true) {
    self.computesHausdorff = computesHausdorff
  }

  /// The same, with room made at once for `expectedFixes` raw fixes and emitted points (a guess
  /// from above: arrays grown by doubling are copied into fresh memory at each step).
  package init(computesHausdorff: Bool, expectedFixes: Int) {
    self.computesHausdorff = computesHausdorff
    guard computesHausdorff, expectedFixes > 0 else { return }
    rawPoints.reserveCapacity(expectedFixes)
    emittedPoints.reserveCapacity(expectedFixes)
    emittedRawIndex.reserveCapacity(expectedFixes)
  }

  /// Every raw fix handed to the engine, in strictly increasing time order.
  public mutating func observeRaw(_ fix: Fix) {
    let anchor = GeoMath.Anchor(fix)
    observeRaw(anchor, time: fix.time, step: fixes > 0 ? latestRaw.distance(to: anchor) : 0)
  }

  /// `observeRaw(_:)` with the fix's cosine of latitude and its distance from the raw fix
  /// before it (0 for the first) already known (`TrackAnalysis`): the same numbers.
  public mutating func observeRaw(_ fix: Fix, cosLatitude: Double, step: Double) {
    observeRaw(
      GeoMath.Anchor(latitude: fix.latitude, longitude: fix.longitude, cosLatitude: cosLatitude),
      time: fix.time, step: step)
  }

  private mutating func observeRaw(_ anchor: GeoMath.Anchor, time: Int64, step: Double) {
    latestRawStep = step
    rawLength += latestRawStep
    latestRaw = anchor
    latestRawTime = time
    fixes += 1
    if computesHausdorff { rawPoints.append(project(anchor)) }
    if anchor.cosLatitude > largestCosLatitude { largestCosLatitude = anchor.cosLatitude }
    if anchor.cosLatitude < smallestCosLatitude { smallestCosLatitude = anchor.cosLatitude }
    pending.append(TimedFrame(time: time, frame: FixFrame(anchor)))
  }

  /// The raw fixes of a track's analysis from the next one up to `end` (exclusive), all of them
  /// in order, as `observeRaw(_:cosLatitude:step:)` of each would take them, with their frames
  /// read from the analysis instead of copied: the same numbers. A replay uses either this or
  /// `observeRaw`, never both.
  package mutating func observeRaw(upTo end: Int, of analysis: TrackAnalysis) {
    guard fixes < end else { return }
    if !sharesFrames {
      precondition(fixes == 0, "observeRaw(upTo:of:) after observeRaw(_:)")
      sharesFrames = true
      pending = analysis.frames
    }
    // The fixes so far all came from the analysis (from the first): the same additions in the same order.
    rawLength = analysis.stepSums[end]
    // The cosines' range serves the Hausdorff search only (`hausdorffSearch()`).
    if computesHausdorff {
      for index in fixes..<end {
        let cosLatitude = analysis.cosLatitudes[index]
        if cosLatitude > largestCosLatitude { largestCosLatitude = cosLatitude }
        if cosLatitude < smallestCosLatitude { smallestCosLatitude = cosLatitude }
        let frame = pending[index].frame
        rawPoints.append(
          project(GeoMath.Anchor(latitude: frame.latitude, longitude: frame.longitude, cosLatitude: cosLatitude)))
      }
    }
    let last = pending[end - 1]
    latestRaw = GeoMath.Anchor(
      latitude: last.frame.latitude, longitude: last.frame.longitude, cosLatitude: analysis.cosLatitudes[end - 1])
    latestRawTime = last.time
    latestRawStep = analysis.steps[end - 1]
    fixes = end
  }

  /// A location the library emitted: always a fix already passed to observeRaw (same time, same
  /// position), called right after observeRaw of that fix or later (an app call may re-emit the
  /// latest fix; a second emit at the same time as the previous emitted point must be ignored).
  ///
  /// An emit at or before the previous emitted point's time is ignored, so the emitted track
  /// stays in strictly increasing time order.
  public mutating func observeEmitted(_ fix: Fix) {
    if lastEmitted != nil, fix.time <= lastEmittedTime { return }
    // The usual case, the latest raw fix, reuses its cosine and, when the previous emitted
    // point was the raw fix just before it, its step: the same numbers, no libm calls.
    let isLatestRaw =
      fixes > 0 && fix.time == latestRawTime
      && fix.latitude == latestRaw.latitude && fix.longitude == latestRaw.longitude
    let anchor = isLatestRaw ? latestRaw : GeoMath.Anchor(fix)
    if let last = lastEmitted {
      let follows = isLatestRaw && lastEmittedWasLatestRaw && emittedRawIndex.last == fixes - 2
      emittedLength += follows ? latestRawStep : last.distance(to: anchor)
    }
    measurePending(through: fix.time, endingAt: anchor)
    lastEmitted = anchor
    lastEmittedTime = fix.time
    lastEmittedWasLatestRaw = isLatestRaw
    if computesHausdorff { emittedPoints.append(project(anchor)) }
    if computesHausdorff { emittedRawIndex.append(pendingBase + pendingStart - 1) }
  }

  /// Closes the metrics at the end of the replay.
  ///
  /// Raw fixes after the last emitted point are measured against it (the server holds it).
  /// The metrics are empty again afterwards.
  public mutating func finish() -> FidelityStats {
    finish(parallel: .serial)
  }

  /// `finish()`, the pieces of the Hausdorff search run by `parallel` (the same result).
  package mutating func finish(parallel: ParallelWork) -> FidelityStats {
    if let held = lastEmitted {
      for i in pendingStart..<pendingEnd {
        let d = pending[i].frame.distance(latitude: held.latitude, longitude: held.longitude)
        record(sed: d, ped: d, rawIndex: pendingBase + i)
      }
    }
    var hausdorff = 0.0
    var hausdorffExact = true
    if !computesHausdorff {
      // Every raw fix is within its PED of the emitted track: the largest PED bounds it.
      hausdorff = ped.summary.max
      hausdorffExact = false
    } else if let rawToEmitted = hausdorffSearch() {
      (hausdorff, hausdorffExact) = rawToEmitted.search.compute(first: rawToEmitted.first, parallel: parallel)
    }
    let stats = FidelityStats(
      fixes: fixes, sed: sed.summary, ped: ped.summary, hausdorff: hausdorff, hausdorffExact: hausdorffExact,
      rawLengthMetres: rawLength, emittedLengthMetres: emittedLength,
      lengthLossPercent: rawLength > 0 ? 100 * (rawLength - emittedLength) / rawLength : 0)
    self = FidelityMetrics(computesHausdorff: computesHausdorff)
    return stats
  }

  /// The Hausdorff search over the fixes seen so far and the raw index it starts with (the
  /// widest PED), or nil before the first fix; `finish()` runs it (tests compare it with others).
  package func hausdorffSearch() -> (search: HausdorffDistance, first: Int?)? {
    guard let projection else { return nil }
    let search = HausdorffDistance(
      raw: rawPoints, emitted: emittedPoints, emittedRawIndex: emittedRawIndex, projection: projection,
      stretchBound: Swift.max(1, largestCosLatitude / projection.cosLatitude) * (1 + 1e-6),
      stretchRatio: Swift.max(1, largestCosLatitude / Swift.max(smallestCosLatitude, 1e-12)) * (1 + 1e-6))
    return (search, widestPED.metres > 0 ? widestPED.index : nil)
  }

  /// Measures the pending raw fixes at or before `time`, the time of the new emitted point `b`,
  /// against the segment from the previous emitted point (or against `b` when it is the first).
  ///
  /// The distances are worked out a chunk at a time into stack memory (`FidelityDistances`,
  /// `pointDistances`: nothing but arithmetic) and then recorded in order, the same numbers in the
  /// same order as one fix at a time. A raw fix at `time` itself is the emitted point: 0.
  private mutating func measurePending(through time: Int64, endingAt b: GeoMath.Anchor) {
    let end = pendingEnd
    var stop = pendingStart
    while stop < end, pending[stop].time < time { stop += 1 }
    if stop > pendingStart {
      // 2 × 64 doubles: 1 KiB, the most `withUnsafeTemporaryAllocation` keeps on the stack on Linux
      // (past it, it called malloc for every emitted point).
      let chunk = 64
      let previous = lastEmitted.map { (point: $0, time: lastEmittedTime) }
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * chunk) { buffer in
        var i = pendingStart
        while i < stop {
          let n = Swift.min(chunk, stop - i)
          let seds = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
          let peds = UnsafeMutableBufferPointer(rebasing: buffer[chunk..<chunk + n])
          pending.withUnsafeBufferPointer { frames in
            let raw = UnsafeBufferPointer(rebasing: frames[i..<i + n])
            if let previous {
              FidelityDistances.segment(
                raw, from: previous.point, at: previous.time, to: b, at: time, sed: seds, ped: peds)
            } else {
              Self.pointDistances(raw, to: b, into: seds)
              _ = peds.update(fromContentsOf: seds)
            }
          }
          sed.record(UnsafeBufferPointer(seds))
          ped.record(UnsafeBufferPointer(peds))
          for k in 0..<n where peds[k] > widestPED.metres { widestPED = (pendingBase + i + k, peds[k]) }
          i += n
        }
      }
    }
    if stop < end, pending[stop].time == time {
      sed.recordZero()
      ped.recordZero()
      stop += 1
    }
    pendingStart = stop
    // Drop measured fixes once they are at least half the buffer and 256 or more: amortized
    // O(1) a fix, no allocation (the capacity stays).
    if !sharesFrames, pendingStart >= 256, pendingStart * 2 >= pending.count {
      pendingBase += pendingStart
      pending.removeSubrange(0..<pendingStart)
      pendingStart = 0
    }
  }

  /// The distance of each raw fix from the first emitted point `b`, in the fix's frame.
  @inline(__always)
  private static func pointDistances(
    _ raw: UnsafeBufferPointer<TimedFrame>, to b: GeoMath.Anchor, into distances: UnsafeMutableBufferPointer<Double>
  ) {
    for k in raw.indices { distances[k] = raw[k].frame.distance(latitude: b.latitude, longitude: b.longitude) }
  }

  @inline(__always)
  private mutating func record(sed s: Double, ped p: Double, rawIndex: Int) {
    sed.record(s)
    ped.record(p)
    if p > widestPED.metres { widestPED = (rawIndex, p) }
  }

  /// The stored point of a position, fixing the projection's origin at the first one seen.
  @inline(__always)
  private mutating func project(_ anchor: GeoMath.Anchor) -> SIMD2<Float> {
    if projection == nil { projection = TrackProjection(anchor) }
    return projection!.point(latitude: anchor.latitude, longitude: anchor.longitude)
  }
}
