import ArgumentParser
import CalmGeoReplay

/// How logs are read; shared by every command that reads logs.
struct InputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Read the input as this format instead of detecting it.", valueName: "format"))
  var inputFormat: InputFormat?

  @Flag(
    help:
      "Stop at the first bad record (exit 65) instead of skipping and counting it; fixes that go back in time count as bad."
  )
  var strict = false

  @Flag(
    help:
      "Sort the log's fixes by time before replaying (for rows merely out of order); holds the whole log in memory, 72 bytes a fix."
  )
  var sort = false

  @Option(
    help: ArgumentHelp(
      "Time format of CSV time columns: iso8601, unix, unix_ms or a pattern such as '%d/%m/%Y %H:%M:%S'. Times without a zone are UTC.",
      valueName: "format"))
  var timeFormat: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("CSV: lines above the header to pass over (a title, a logger's banner).", valueName: "n"),
    transform: { try InputOptions.count($0, flag: "--skip-lines") })
  var skipLines: Int?

  @Option(
    name: .customLong("column"),
    help: ArgumentHelp(
      "CSV: the column of a role where the header's names are not recognised, e.g. lat=Breite (roles: time, date, lat, lon, ele, speed, course, accuracy, vacc, hdop, vdop, pdop, sats); repeatable.",
      valueName: "role=name"))
  var columns: [String] = []

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The log's times are local time at this UTC offset (e.g. -07:00), for loggers that write local time without a zone.",
      valueName: "±HH:MM"))
  var utcOffset: String?

  @Option(help: ArgumentHelp("UTC date for NMEA logs that never carry one.", valueName: "YYYY-MM-DD"))
  var date: String?

  @Flag(help: "Keep NMEA fixes whose receiver date looks implausible (1980, week rollover).")
  var keepBadDates = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "User equivalent range error in metres, to estimate accuracy from HDOP when a log has none.", valueName: "m"),
    transform: { try NetworkOptions.number($0, flag: "--uere", expected: "a positive number of metres") })
  var uere: Double = 5.0

  @Option(help: "Which GnssLogger Fix records to read (default gps).")
  var provider: GnssLoggerProvider?

  @Option(
    parsing: .unconditional, help: ArgumentHelp("Read only this GPX track (from 1).", valueName: "n"),
    transform: { try InputOptions.ordinal($0, flag: "--track") })
  var track: Int?

  @Option(
    parsing: .unconditional, help: ArgumentHelp("Read only this segment (from 1) of each GPX track.", valueName: "n"),
    transform: { try InputOptions.ordinal($0, flag: "--segment") })
  var segment: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Synthesize times at this speed (0.01 to 1000 m/s) for GPX points without time.", valueName: "m/s"),
    transform: { try NetworkOptions.number($0, flag: "--assume-speed", expected: "a speed in m/s from 0.01 to 1000") })
  var assumeSpeed: Double?

  @Option(help: "Derive speed from positions: auto (when the log has none), always, or never (unknown, -1).")
  var deriveSpeed: FixNormalizer.SpeedPolicy?

  func validate() throws {
    if let utcOffset, parseUTCOffset(utcOffset) == nil {
      throw ValidationError("--utc-offset must be an offset such as +02:00 or -0700, found '\(utcOffset)'.")
    }
    if let date, CivilDate(date) == nil {
      throw ValidationError("--date must be a date such as 2024-05-01, found '\(date)'.")
    }
    guard uere > 0, uere.isFinite else {
      throw ValidationError("--uere must be a positive number of metres, found \(uere).")
    }
    if let assumeSpeed, !ParseOptions.assumableSpeeds.contains(assumeSpeed) {
      throw ValidationError("--assume-speed must be a speed in m/s from 0.01 to 1000, found \(assumeSpeed).")
    }
    if let timeFormat, let problem = ParseOptions.timeFormatProblem(timeFormat) {
      throw ValidationError("--time-format: \(problem).")
    }
    _ = try csvColumns()
  }

  /// `--column role=name` as a dictionary, each role checked.
  func csvColumns() throws -> [String: String] {
    var result: [String: String] = [:]
    for assignment in columns {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex,
        assignment.index(after: equals) != assignment.endIndex
      else { throw ValidationError("--column takes role=name (e.g. lat=Breite), found '\(assignment)'.") }
      let role = String(assignment[..<equals])
      if let problem = ParseOptions.csvColumnRoleProblem(role) {
        throw ValidationError("--column \(assignment): \(problem).")
      }
      result[role] = String(assignment[assignment.index(after: equals)...])
    }
    return result
  }

  /// Reads a count flag (`--skip-lines`): a whole number from 0.
  static func count(_ text: String, flag: String) throws -> Int {
    guard let value = Int(text), value >= 0 else {
      throw ValidationError("\(flag) must be a whole number from 0, found '\(text)'.")
    }
    return value
  }

  /// The flags given that a log of `format` does not read, each with why (`--date`
  /// on a GPX), to be warned about rather than silently ignored.
  func unusedFlags(for format: InputFormat) -> [String] {
    var unused: [String] = []
    func check(_ given: Bool, _ flag: String, _ formats: [InputFormat], _ what: String) {
      if given && !formats.contains(format) { unused.append("\(flag) applies to \(what) only") }
    }
    check(date != nil, "--date", [.nmea, .csv], "NMEA logs and CSV times of day")
    check(keepBadDates, "--keep-bad-dates", [.nmea], "NMEA logs")
    check(timeFormat != nil, "--time-format", [.csv], "CSV logs")
    check(skipLines != nil, "--skip-lines", [.csv], "CSV logs")
    check(!columns.isEmpty, "--column", [.csv], "CSV logs")
    check(utcOffset != nil, "--utc-offset", [.csv, .gpx], "CSV and GPX times written without a zone")
    check(provider != nil, "--provider", [.gnssLogger], "GnssLogger logs")
    check(track != nil, "--track", [.gpx], "GPX logs")
    check(segment != nil, "--segment", [.gpx], "GPX logs")
    check(assumeSpeed != nil, "--assume-speed", [.gpx], "GPX logs")
    return unused
  }

  /// Reads a 1-based index flag (`--track`, `--segment`), saying what is wrong with a bad one.
  static func ordinal(_ text: String, flag: String) throws -> Int {
    guard let value = Int(text), value >= 1 else {
      throw ValidationError("\(flag) counts from 1 (a whole number such as \(flag) 2), found '\(text)'.")
    }
    // The same bound as a sweep spec's or check manifest's `track` and `segment`.
    guard NumberBounds.ordinal.contains(value) else {
      throw ValidationError("\(flag) must be at most \(NumberBounds.ordinal.upperBound), found '\(text)'.")
    }
    return value
  }

  /// The parser settings these options describe.
  var parseOptions: ParseOptions {
    var options = ParseOptions()
    options.strict = strict
    options.timeFormat = timeFormat
    options.utcOffsetMillis = utcOffset.flatMap(parseUTCOffset) ?? 0
    options.date = date.flatMap(CivilDate.init)
    options.keepBadDates = keepBadDates
    options.uere = uere
    options.provider = provider ?? .gps
    options.sortByTime = sort
    options.skipLines = skipLines ?? 0
    options.csvColumns = (try? csvColumns()) ?? [:]
    options.track = track
    options.segment = segment
    options.assumeSpeed = assumeSpeed
    return options
  }
}

extension InputFormat: ExpressibleByArgument {}
extension GnssLoggerProvider: ExpressibleByArgument {}
extension FixNormalizer.SpeedPolicy: ExpressibleByArgument {}
