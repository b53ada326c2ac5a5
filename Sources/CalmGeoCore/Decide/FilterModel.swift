/// Which filter decides the fixes (`replay.model`, `--model`): CalmGeo's own, or a
/// well-known alternative run on the same track for comparison.
///
/// Every model produces the same events (`FixDecision`, emits, mode changes), so every
/// output and stat exists for each and a sweep can put `replay.model` in its grid.
/// `calmgeo` is the default and the faithful replay.
public enum FilterModel: String, CaseIterable, Sendable, Hashable {
  /// CalmGeo (CALMGEO.md §3): `max(round(speed/5) × speedMultiplier × distanceFilter, distanceFilter)`.
  case calmgeo
  /// CalmGeo's state machine with transistorsoft's documented elasticity
  /// (`ceil(speed/5) × distanceFilter × elasticityMultiplier`, at least distanceFilter).
  case bgDocs = "bg-docs"
  /// CalmGeo's state machine with transistorsoft's Android elasticity as implemented
  /// (`df + df × elasticityMultiplier × floor(speed/5 + 0.5)` when speed > 0, else df).
  case bgAndroid = "bg-android"
  /// Plain `CLLocationManager.distanceFilter`: a fix is kept when it is more than
  /// distanceFilter from the last kept one; no stop detection, GPS always on.
  case iosDistanceFilter = "ios-distance-filter"
  /// Core Location's significant-change service: a delivery when the device is 500 m or
  /// more from the last one and at least 5 minutes have passed; GPS never on.
  case significantChange = "significant-change"

  /// The names a config file and `--model` accept, in declaration order.
  public static var names: [String] { allCases.map(\.rawValue) }

  /// Whether the model runs CalmGeo's state machine (only the judge differs).
  public var usesStateMachine: Bool {
    switch self {
    case .calmgeo, .bgDocs, .bgAndroid: true
    case .iosDistanceFilter, .significantChange: false
    }
  }
}
