/// Stands in for CoreMotion when `fetchActivity` is on: the log's own activity column
/// when it recorded one for the fix (GPSLogger's `activity`, ...), else a class
/// inferred from the fix's speed.
///
/// Logged activity: its class with confidence 100 (loggers record only the recognised
/// class). Speed bands (m/s): unknown → `unknown`; < 0.3 `still`; < 2.5 `walking`;
/// < 4.5 `running`; < 8 `on_bicycle`; otherwise `in_vehicle`. Confidence is 100 for a
/// speed read from the log, 67 for a derived speed, 33 for an unknown one.
public enum ActivityModel {
  /// Where an activity came from (counted in `stats.json` `engine.activitySources`).
  public enum Source: String, Sendable {
    /// The log's activity column.
    case log
    /// The speed classifier.
    case speed
  }

  public static func activity(for fix: Fix) -> CalmGeoActivity {
    if let logged = fix.activity { return CalmGeoActivity(type: logged.name, confidence: 100) }
    guard let speed = fix.speed, speed >= 0 else { return CalmGeoActivity(type: "unknown", confidence: 33) }
    let type: String
    switch speed {
    case ..<0.3: type = "still"
    case ..<2.5: type = "walking"
    case ..<4.5: type = "running"
    case ..<8: type = "on_bicycle"
    default: type = "in_vehicle"
    }
    return CalmGeoActivity(type: type, confidence: fix.flags.contains(.speedDerived) ? 67 : 100)
  }

  /// Where `activity(for:)` takes the fix's activity from.
  public static func source(for fix: Fix) -> Source { fix.activity == nil ? .speed : .log }
}
