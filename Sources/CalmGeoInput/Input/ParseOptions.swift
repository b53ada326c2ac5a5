/// Settings that change how logs are read. Each parser reads the ones it knows.
public struct ParseOptions: Sendable {
  /// Stop at the first bad record instead of skipping and counting it.
  public var strict = false
  /// How many skipped records are kept for the report.
  public var maxReportedProblems = 5
  /// The log's times are local time at this offset from UTC (milliseconds, east
  /// positive), for loggers that write local time without a zone; subtracted from
  /// every time read. 0 (the default) takes times as UTC or as their zone says.
  public var utcOffsetMillis: Int64 = 0

  /// Buffer the whole log and hand its fixes on sorted by time (ties in input order),
  /// for logs whose rows are merely out of order; costs 72 bytes of memory per fix.
  public var sortByTime = false

  // CSV
  /// Lines at the top of a CSV to pass over before its header (`--skip-lines`).
  public var skipLines = 0
  /// The header name of a column by role (`lat` → `Breite`), for headers the detector
  /// cannot map (`--column role=name`); roles are checked by `csvColumnRoleProblem`.
  public var csvColumns: [String: String] = [:]
  /// An explicit time format for CSV time columns (`iso8601`, `unix`, `unix_ms`, or a
  /// strftime-like pattern such as `%d/%m/%Y %H:%M:%S`).
  public var timeFormat: String? = nil

  // NMEA
  /// The UTC date of logs that never carry one (NMEA GGA-only streams).
  public var date: CivilDate? = nil
  /// Keep fixes whose receiver date looks implausible (1980, week-rollover years).
  public var keepBadDates = false
  /// User equivalent range error (m) used to estimate accuracy from DOP when a log
  /// has no error estimate of its own.
  public var uere: Double = 5.0

  // GnssLogger
  /// Which Android location provider's `Fix` records to read.
  public var provider: GnssLoggerProvider = .gps

  // GPX
  /// Read only this track (1-based), or all when `nil`.
  public var track: Int? = nil
  /// Read only this segment (1-based) of each track read, or all when `nil`.
  public var segment: Int? = nil
  /// Synthesize times along the path at this speed (m/s) for points without time.
  public var assumeSpeed: Double? = nil

  public init() {}
}

extension ParseOptions {
  /// Why `role` is not a CSV column role, or `nil` when it is one.
  public static func csvColumnRoleProblem(_ role: String) -> String? {
    guard CSVField.role(role) == nil else { return nil }
    return
      "unknown column role '\(role)'; roles: time, date, lat, lon, ele, speed, course, accuracy, vacc, hdop, vdop, pdop, sats"
  }
  /// The speeds `assumeSpeed` accepts (m/s): slower ones would put synthesized times
  /// past any calendar (1e-12 m/s), faster ones are no ground track.
  public static let assumableSpeeds: ClosedRange<Double> = 0.01...1000
  /// Why `text` is not a CSV time format (`--time-format`), or `nil` when it is one.
  public static func timeFormatProblem(_ text: String) -> String? {
    guard CSVTimeFormat(option: text) == nil else { return nil }
    return "unknown time format '\(text)'; expected auto, iso8601, unix, unix_ms, unix_us, unix_ns, "
      + "or a pattern with %Y %m %d %H %M %S %f %z (e.g. '%d/%m/%Y %H:%M:%S')"
  }
}

/// Android location providers as GnssLogger names them.
public enum GnssLoggerProvider: String, Sendable, CaseIterable {
  case gps, fused, network, all
}

/// A calendar date (UTC).
/// Parses a UTC offset such as `+02:00`, `-0700`, `+9` or `0`, to milliseconds.
public func parseUTCOffset(_ text: String) -> Int64? {
  var rest = Substring(text.trimmingWhitespace())
  var sign: Int64 = 1
  if rest.first == "+" || rest.first == "-" {
    sign = rest.first == "-" ? -1 : 1
    rest = rest.dropFirst()
  }
  let digits = rest.filter { $0 != ":" }
  guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let number = Int64(digits) else { return nil }
  let (hours, minutes) = digits.count <= 2 ? (number, Int64(0)) : (number / 100, number % 100)
  guard hours <= 14, minutes < 60, rest.filter({ $0 == ":" }).count <= 1 else { return nil }
  return sign * (hours * 60 + minutes) * 60_000
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

public struct CivilDate: Hashable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }
  /// Parses `YYYY-MM-DD`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-")
    guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]),
      let d = Int(parts[2]), (1...12).contains(m), (1...UTCTime.daysInMonth(year: y, month: m)).contains(d)
    else { return nil }
    self.init(year: y, month: m, day: d)
  }
  public var description: String {
    let y = String(year)
    let m = month < 10 ? "0\(month)" : "\(month)"
    let d = day < 10 ? "0\(day)" : "\(day)"
    return "\(y)-\(m)-\(d)"
  }
}
