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
  /// The track's min-# ladder (`EfficiencyLadder`): the same for every configuration.
  public let efficiencyLadder: EfficiencyLadder

  /// Analyses `track` for replays under `stopRules` (the `replay.metrics` rules of the
  /// configurations that will replay it).
  public init(_ track: Track, stopRules: Set<StopRule>) {
    var scratch = JSONBytes(reservingCapacity: 420)
    coordsBytes = track.fixes.map { Int32(CalmGeoJSONWriter.coordsByteCount($0, scratch: &scratch)) }
    var runs: [StopRule: StopRunTable] = [:]
    for rule in stopRules { runs[rule] = StopRunTable(fixes: track.fixes, rule: rule) }
    stopRuns = runs
    let anchors = track.fixes.map(GeoMath.Anchor.init)
    cosLatitudes = anchors.map(\.cosLatitude)
    steps = anchors.indices.map { $0 == 0 ? 0 : anchors[$0 - 1].distance(to: anchors[$0]) }
    efficiencyLadder = EfficiencyLadder(track: SEDTrack(track.fixes), workBudget: EfficiencyStats.workBudget / 2)
  }

  /// Whether the analysis is of a track of `count` fixes.
  func covers(fixes count: Int) -> Bool { coordsBytes.count == count }
}
