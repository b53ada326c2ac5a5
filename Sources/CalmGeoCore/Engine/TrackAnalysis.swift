/// What depends on a track's fixes alone, worked out once and shared by every replay of
/// the track (a sweep replays one parsed track under many configurations).
///
/// A replay given an analysis produces exactly the result it would without one (a test
/// checks it); it only skips work: encoding each fix's `coords` to count request bytes,
/// detecting the log's true stops, and the trigonometry between consecutive raw fixes
/// that the fidelity and stop metrics measure. It applies only when the replay hands the engine
/// the track's fixes unchanged (the configuration's speed policy is the track's).
public struct TrackAnalysis: Sendable {
  /// Per fix, the length of its encoded `coords` object (`CalmGeoJSONWriter`).
  public let coordsBytes: [Int32]
  /// The log's true-stop runs, per stop rule asked for.
  public let stopRuns: [StopRule: StopRunTable]
  /// Per fix, the cosine of its latitude (`GeoMath.Anchor`).
  public let cosLatitudes: [Double]
  /// Per fix, the haversine distance from the fix before it (0 for the first), metres.
  public let steps: [Double]
  /// The steps added up in order: `stepSums[k]` is 0 + steps[0] + … + steps[k − 1], added left to
  /// right (k from 0 to the fix count), the raw length the fidelity metrics reach after k fixes.
  package let stepSums: [Double]
  /// Whether the fixes' times strictly increase (a normalized track's do).
  package let timesIncrease: Bool
  /// Per fix, its time and its fidelity frame (`FixFrame`): what the metrics of every replay of
  /// the track read from here rather than copy (32 bytes a fix, once per track).
  package let frames: [TimedFrame]
  /// The track's min-# ladder (`EfficiencyLadder`): the same for every configuration.
  /// Absent for a track over `EfficiencyStats.fixLimit` raw fixes (its replays have none either).
  public let efficiencyLadder: EfficiencyLadder?
  /// The median of the fixes' finite horizontal accuracies (`EfficiencyStats.medianAccuracyMetres`):
  /// the same for every configuration; nil when no fix has one.
  public let medianAccuracy: Double?
  /// The track analysed: a replay uses the analysis only for this track.
  let identity: TrackIdentity

  /// Analyses `track` for replays under `stopRules` (the `replay.metrics` rules of the
  /// configurations that will replay it).
  public init(_ track: Track, stopRules: Set<StopRule>) {
    let geometry = Self.geometry(track)
    var runs: [StopRule: StopRunTable] = [:]
    for rule in stopRules {
      runs[rule] = StopRunTable(fixes: track.fixes, cosLatitudes: geometry.cosLatitudes, rule: rule)
    }
    self.init(
      identity: TrackIdentity(track), coordsBytes: Self.coordsBytes(track), stopRuns: runs,
      geometry: geometry, efficiencyLadder: Self.efficiencyLadder(track),
      medianAccuracy: EfficiencyRecorder.medianAccuracy(track.fixes))
  }

  /// The same analysis, its parts (the encoded sizes, each stop rule's runs, the geometry, the ladder)
  /// worked out in concurrent tasks: each part is a function of the fixes alone, so the result
  /// is the one `init(_:stopRules:)` gives.
  public static func concurrently(_ track: Track, stopRules: Set<StopRule>) async -> TrackAnalysis {
    async let coords = coordsBytesConcurrently(track)
    async let geometry = geometryConcurrently(track)
    async let ladder = efficiencyLadder(track)
    async let median = EfficiencyRecorder.medianAccuracy(track.fixes)
    let runs = await withTaskGroup(of: (StopRule, StopRunTable).self) { group in
      for rule in stopRules { group.addTask { (rule, StopRunTable(fixes: track.fixes, rule: rule)) } }
      var runs: [StopRule: StopRunTable] = [:]
      for await (rule, table) in group { runs[rule] = table }
      return runs
    }
    return await TrackAnalysis(
      identity: TrackIdentity(track), coordsBytes: coords, stopRuns: runs, geometry: geometry,
      efficiencyLadder: ladder, medianAccuracy: median)
  }

  private init(
    identity: TrackIdentity, coordsBytes: [Int32], stopRuns: [StopRule: StopRunTable],
    geometry: Geometry, efficiencyLadder: EfficiencyLadder?,
    medianAccuracy: Double?
  ) {
    self.identity = identity
    self.coordsBytes = coordsBytes
    self.stopRuns = stopRuns
    (cosLatitudes, steps, frames) = geometry
    var sums = [0.0]
    sums.reserveCapacity(steps.count + 1)
    for step in steps { sums.append(sums[sums.count - 1] + step) }
    stepSums = sums
    timesIncrease = zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time }
    self.efficiencyLadder = efficiencyLadder
    self.medianAccuracy = medianAccuracy
  }

  private static func efficiencyLadder(_ track: Track) -> EfficiencyLadder? {
    guard EfficiencyStats.problemSize(track.fixes, upTo: EfficiencyStats.fixLimit + 1) <= EfficiencyStats.fixLimit
    else { return nil }
    return EfficiencyLadder(track: SEDTrack(track.fixes), workBudget: EfficiencyStats.workBudget / 2)
  }

  private static func coordsBytes(_ track: Track) -> [Int32] {
    coordsBytes(track.fixes[...])
  }

  private static func coordsBytes(_ fixes: ArraySlice<Fix>) -> [Int32] {
    var scratch = JSONBytes(reservingCapacity: 420)
    return fixes.map { Int32(CalmGeoJSONWriter.coordsByteCount($0, scratch: &scratch)) }
  }

  /// `coordsBytes(track)` worked out in pieces at once (`inPieces`): the largest part of the
  /// analysis, which alone kept the other parts' cores waiting.
  private static func coordsBytesConcurrently(_ track: Track) async -> [Int32] {
    let fixes = track.fixes
    let parts = await inPieces(of: fixes.count) { coordsBytes(fixes[$0]) }
    guard parts.count > 1 else { return parts[0] }
    var all: [Int32] = []
    all.reserveCapacity(fixes.count)
    for part in parts { all += part }
    return all
  }

  /// `work` of `0..<count` in up to four pieces of at least 65 536 at once, the results in order
  /// (one piece, worked out here, below twice that).
  private static func inPieces<Part: Sendable>(
    of count: Int, _ work: @escaping @Sendable (Range<Int>) -> Part
  ) async -> [Part] {
    let pieces = min(4, max(1, count / 65_536))
    guard pieces > 1 else { return [work(0..<count)] }
    let bounds = (0...pieces).map { count * $0 / pieces }
    return await withTaskGroup(of: (Int, Part).self) { group in
      for piece in 0..<pieces { group.addTask { (piece, work(bounds[piece]..<bounds[piece + 1])) } }
      var parts = [Part?](repeating: nil, count: pieces)
      for await (piece, part) in group { parts[piece] = part }
      return parts.map { $0! }
    }
  }

  /// Per fix: its cosine of latitude, its step from the fix before, its time and frame.
  private typealias Geometry = (cosLatitudes: [Double], steps: [Double], frames: [TimedFrame])

  private static func geometry(_ track: Track) -> Geometry {
    geometry(track.fixes, track.fixes.indices)
  }

  /// The geometry of `fixes[range]`; its first step is from the fix before the range (0 at the start).
  private static func geometry(_ fixes: [Fix], _ range: Range<Int>) -> Geometry {
    let anchors = fixes[range].map(GeoMath.Anchor.init)
    let before = range.lowerBound > 0 ? GeoMath.Anchor(fixes[range.lowerBound - 1]) : nil
    return (
      anchors.map(\.cosLatitude),
      anchors.indices.map {
        $0 == 0 ? (before?.distance(to: anchors[0]) ?? 0) : anchors[$0 - 1].distance(to: anchors[$0])
      },
      zip(fixes[range], anchors).map { TimedFrame(time: $0.time, frame: FixFrame($1)) }
    )
  }

  /// `geometry(track)` worked out in pieces at once (`inPieces`: each value is a function of one
  /// fix, or two for a step, so the pieces join into the same arrays).
  private static func geometryConcurrently(_ track: Track) async -> Geometry {
    let fixes = track.fixes
    let parts = await inPieces(of: fixes.count) { geometry(fixes, $0) }
    guard parts.count > 1 else { return parts[0] }
    var joined: Geometry = ([], [], [])
    joined.cosLatitudes.reserveCapacity(fixes.count)
    joined.steps.reserveCapacity(fixes.count)
    joined.frames.reserveCapacity(fixes.count)
    for part in parts {
      joined.cosLatitudes += part.cosLatitudes
      joined.steps += part.steps
      joined.frames += part.frames
    }
    return joined
  }

  /// Whether this is the analysis of `track`'s fixes (their count and the first, middle and
  /// last fix: O(1), so every replay of a sweep may ask). The name is a label, not the track:
  /// a sweep names its tracks as the spec wrote them after reading them.
  package func covers(_ track: Track) -> Bool { identity == TrackIdentity(track) }
}

/// What tells one track's fixes from another's in constant time: their number and the first,
/// middle and last fix (time, position and every field).
struct TrackIdentity: Hashable, Sendable {
  let count: Int
  let samples: [Fix]

  init(_ track: Track) {
    count = track.fixes.count
    let fixes = track.fixes
    samples = fixes.isEmpty ? [] : [fixes[0], fixes[fixes.count / 2], fixes[fixes.count - 1]]
  }
}
