/// The ground-truth stop rule's defaults (see `StopMetrics` for the evidence behind them).
public enum StopDetectorDefaults {
  /// Metres from the running centroid.
  public static let radius: Double = 25
  /// Milliseconds.
  public static let minDuration: Int64 = 120_000
}
