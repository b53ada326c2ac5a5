/// Stands in for CoreMotion when `fetchActivity` is on: the log has no motion data,
/// so the activity is inferred from the fix's speed.
///
/// Speed bands (m/s): unknown → `unknown`; < 0.3 `still`; < 2.5 `walking`;
/// < 4.5 `running`; < 8 `on_bicycle`; otherwise `in_vehicle`. Confidence is 100 for a
/// speed read from the log, 67 for a derived speed, 33 for an unknown one.
public enum ActivityModel {
  public static func activity(for fix: Fix) -> CalmGeoActivity {
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
}
