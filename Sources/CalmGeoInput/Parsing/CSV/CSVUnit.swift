/// A unit that a CSV header (or a units line above it) gives for a column.
///
/// Units are read from brackets (`Velocity [m/s]`, `speed (km/h)`), from a trailing
/// word of the name (`speed_kmh`, `latDeg`, `heightAboveWgs84EllipsoidM`), or from a
/// `#` units line with one entry per column (Garmin G1000: `ft msl`, `kt`).
package enum CSVUnit: Sendable, Equatable {
  case metres, feet
  case metresPerSecond, kilometresPerHour, knots, milesPerHour
  case degrees, radians
  case seconds, milliseconds, microseconds, nanoseconds

  /// The factor that turns a value in this unit into metres, m/s, degrees or seconds.
  var factor: Double {
    switch self {
    case .metres, .metresPerSecond, .degrees, .seconds: return 1
    case .feet: return 0.3048  // international foot
    case .kilometresPerHour: return 1000.0 / 3600  // 1 km/h = 0.2777… m/s
    case .knots: return 1852.0 / 3600  // 1 kn = 1 nautical mile (1852 m) per hour
    case .milesPerHour: return 1609.344 / 3600  // 1 mph = 0.44704 m/s
    case .radians: return 180 / Double.pi
    case .milliseconds: return 1e-3
    case .microseconds: return 1e-6
    case .nanoseconds: return 1e-9
    }
  }

  /// The unit that `text` names for a column holding `field`, or `nil` when the text
  /// names none or one that does not fit the field (`ms` is m/s for a speed and
  /// milliseconds for a time).
  static func parse(_ text: String, for field: CSVField) -> CSVUnit? {
    let lowered = text.lowercased().filter { $0 != " " && $0 != "_" && $0 != "." }
    if let unit = lookup(lowered, for: field) { return unit }
    // `ft msl`, `ft wgs`, `ft Baro`: the first word is the unit.
    let firstWord = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).first.map(String.init)
    if let firstWord, firstWord != lowered { return lookup(firstWord, for: field) }
    return nil
  }

  private static func lookup(_ word: String, for field: CSVField) -> CSVUnit? {
    switch field {
    case .altitude, .geoidSeparation, .horizontalAccuracy, .verticalAccuracy:
      switch word {
      case "m", "meter", "meters", "metre", "metres", "mt": return .metres
      case "ft", "feet", "foot": return .feet
      default: return nil
      }
    case .speed, .speedAccuracy:
      switch word {
      case "m/s", "mps", "ms", "ms^-1", "ms-1", "m/sec", "meterspersecond", "metrespersecond": return .metresPerSecond
      case "km/h", "kmh", "kph", "km/hr", "kmph", "kmperhour": return .kilometresPerHour
      case "kn", "kt", "kts", "knot", "knots": return .knots
      case "mph", "mi/h": return .milesPerHour
      default: return nil
      }
    case .course, .latitude, .longitude:
      switch word {
      case "deg", "degree", "degrees", "°", "dd": return .degrees
      case "rad", "radian", "radians": return .radians
      default: return nil
      }
    case .time, .gpsSecondsOfWeek:
      switch word {
      case "s", "sec", "secs", "second", "seconds": return .seconds
      case "ms", "msec", "millis", "millisecond", "milliseconds": return .milliseconds
      case "us", "µs", "usec", "micros", "microsecond", "microseconds": return .microseconds
      case "ns", "nsec", "nanos", "nanosecond", "nanoseconds": return .nanoseconds
      default: return nil
      }
    default:
      return nil
    }
  }

  /// Whether `word` is a unit of any field: such a trailing word is cut off a column
  /// name before its alias is looked up (`speed_kmh` → `speed`).
  static func isUnitWord(_ word: String) -> Bool {
    CSVField.allCases.contains { lookup(word, for: $0) != nil }
  }
}
