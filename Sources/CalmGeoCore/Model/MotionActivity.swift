/// A motion activity as CalmGeo reports it (CALMGEO.md §1 `fetchActivity`), read from a
/// log's activity column when the logger recorded one.
public enum MotionActivity: UInt8, CaseIterable, Sendable, Hashable {
  case still, onFoot, walking, running, inVehicle, onBicycle, unknown

  /// CalmGeo's spelling (`still`, `on_foot`, `in_vehicle`, ...).
  public var name: String {
    switch self {
    case .still: "still"
    case .onFoot: "on_foot"
    case .walking: "walking"
    case .running: "running"
    case .inVehicle: "in_vehicle"
    case .onBicycle: "on_bicycle"
    case .unknown: "unknown"
    }
  }

  /// Reads a logger's activity name, in any case, with `_`, `-` or space: Android's
  /// `DetectedActivity` names as GPSLogger writes them (`STILL`, `ON_FOOT`, `WALKING`,
  /// `RUNNING`, `IN_VEHICLE`, `ON_BICYCLE`, `UNKNOWN`), CalmGeo's spellings, and Core
  /// Motion's (`stationary`, `automotive`, `cycling`). `TILTING` (the phone's angle
  /// changed: no motion class) and anything else give `nil`.
  public init?(logged text: Substring) {
    let key = text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
    switch key {
    case "still", "stationary": self = .still
    case "onfoot": self = .onFoot
    case "walking", "walk": self = .walking
    case "running", "run": self = .running
    case "invehicle", "automotive", "driving": self = .inVehicle
    case "onbicycle", "cycling", "bicycle": self = .onBicycle
    case "unknown": self = .unknown
    default: return nil
    }
  }
}

extension Fix {
  /// The motion activity the log recorded with this fix, if any.
  @inlinable public var activity: MotionActivity? {
    get { storedActivity == .max ? nil : MotionActivity(rawValue: storedActivity) }
    set { storedActivity = newValue?.rawValue ?? .max }
  }
}
