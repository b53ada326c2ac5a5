/// How one replay runs, beside its source and configuration (`ReplayRunner.run(source:…)`).
public struct ReplayOptions {
  /// Measure the run (fidelity, stops, efficiency, delivery: `result.metrics`); the CLI's default.
  public var metrics: Bool
  /// With `metrics`: the exact Hausdorff distance (sweeps that do not rank on it skip it).
  public var computesHausdorff: Bool
  /// With `metrics`: the run's own min-# answers (off: `efficiency` has the run's side and the
  /// track's ladder only).
  public var solvesEfficiency: Bool
  /// Work on the source's fixes done once and shared by every replay of them; the result is the
  /// same with or without it. Used only where it covers the source (`ReplaySource.analysis`).
  public var analysis: TrackAnalysis?
  /// What answers the upload requests (the simulated network by default).
  public var transport: UploadTransport
  /// Asked before each fix of a track in memory; true ends the log early (an interrupted live
  /// run), the replay then finishing as at the log's end.
  public var shouldStop: (() -> Bool)?
  /// Who runs the independent pieces of the metrics' last step (the Hausdorff search's pieces):
  /// one after the other by default; the CLI hands them to its threads. The result is the same.
  package var parallel = ParallelWork.serial
  /// A guess from above of how many fixes the source feeds (0: none), from the log's size: the
  /// metrics make room for that many at once (`MetricsObserver.maxReservedFixes` at most) instead
  /// of growing their arrays by doubling, each time copied into fresh memory. The result is the same.
  package var expectedFixes = 0

  public init(
    metrics: Bool = true, computesHausdorff: Bool = true, solvesEfficiency: Bool = true,
    analysis: TrackAnalysis? = nil, transport: UploadTransport = .simulated, shouldStop: (() -> Bool)? = nil
  ) {
    self.metrics = metrics
    self.computesHausdorff = computesHausdorff
    self.solvesEfficiency = solvesEfficiency
    self.analysis = analysis
    self.transport = transport
    self.shouldStop = shouldStop
  }
}
