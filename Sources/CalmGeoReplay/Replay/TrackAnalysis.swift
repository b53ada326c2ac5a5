/// What depends on a track's fixes alone, worked out once and shared by every replay of
/// the track (a sweep replays one parsed track under many configurations).
///
/// A replay given an analysis produces exactly the result it would without one (a test
/// checks it); it only skips work: encoding each fix's `coords` to count request bytes,
/// and detecting the log's true stops. It applies only when the replay hands the engine
/// the track's fixes unchanged (the configuration's speed policy is the track's).
public struct TrackAnalysis: Sendable {
  /// Per fix, the length of its encoded `coords` object (`CalmGeoJSONWriter`).
  public let coordsBytes: [Int32]
  /// The log's true-stop runs, per stop rule asked for.
  public let stopRuns: [StopRule: StopRunTable]

  /// Analyses `track` for replays under `stopRules` (the `replay.metrics` rules of the
  /// configurations that will replay it).
  public init(_ track: Track, stopRules: Set<StopRule>) {
    var scratch = JSONBytes(reservingCapacity: 420)
    coordsBytes = track.fixes.map { Int32(CalmGeoJSONWriter.coordsByteCount($0, scratch: &scratch)) }
    var runs: [StopRule: StopRunTable] = [:]
    for rule in stopRules { runs[rule] = StopRunTable(fixes: track.fixes, rule: rule) }
    stopRuns = runs
  }
}
