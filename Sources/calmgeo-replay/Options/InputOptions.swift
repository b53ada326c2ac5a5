import ArgumentParser
import CalmGeoReplay

/// How logs are read; shared by every command that reads logs.
struct InputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Read the input as this format instead of detecting it.", valueName: "format"))
  var inputFormat: InputFormat?

  @Flag(help: "Stop at the first bad record (exit 65) instead of skipping and counting it.")
  var strict = false

  @Option(help: ArgumentHelp(
    "Time format of CSV time columns: iso8601, unix, unix_ms or a pattern such as '%d/%m/%Y %H:%M:%S'. Times without a zone are UTC.",
    valueName: "format"))
  var timeFormat: String?

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "The log's times are local time at this UTC offset (e.g. -07:00), for loggers that write local time without a zone.",
    valueName: "±HH:MM"))
  var utcOffset: String?

  @Option(help: ArgumentHelp("UTC date for NMEA logs that never carry one.", valueName: "YYYY-MM-DD"))
  var date: String?

  @Flag(help: "Keep NMEA fixes whose receiver date looks implausible (1980, week rollover).")
  var keepBadDates = false

  @Option(help: ArgumentHelp("User equivalent range error in metres, to estimate accuracy from HDOP when a log has none.", valueName: "m"))
  var uere: Double = 5.0

  @Option(help: "Which GnssLogger Fix records to read.")
  var provider: GnssLoggerProvider = .gps

  @Option(help: ArgumentHelp("Read only this GPX track (from 1).", valueName: "n"))
  var track: Int?

  @Option(help: ArgumentHelp("Read only this segment (from 1) of each GPX track.", valueName: "n"))
  var segment: Int?

  @Option(help: ArgumentHelp("Synthesize times at this speed for GPX points without time.", valueName: "m/s"))
  var assumeSpeed: Double?

  @Option(help: "Derive speed from positions: auto (when the log has none), always, or never (unknown, -1).")
  var deriveSpeed: FixNormalizer.SpeedPolicy?

  func validate() throws {
    if let utcOffset, parseUTCOffset(utcOffset) == nil {
      throw ValidationError("--utc-offset must be an offset such as +02:00 or -0700, found '\(utcOffset)'.")
    }
    if let date, CivilDate(date) == nil { throw ValidationError("--date must be a date such as 2024-05-01, found '\(date)'.") }
    guard uere > 0, uere.isFinite else { throw ValidationError("--uere must be a positive number of metres.") }
    if let track, track < 1 { throw ValidationError("--track counts from 1.") }
    if let segment, segment < 1 { throw ValidationError("--segment counts from 1.") }
    if let assumeSpeed, !(assumeSpeed > 0 && assumeSpeed.isFinite) { throw ValidationError("--assume-speed must be a positive speed in m/s.") }
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
    options.provider = provider
    options.track = track
    options.segment = segment
    options.assumeSpeed = assumeSpeed
    return options
  }
}

extension InputFormat: ExpressibleByArgument {}
extension GnssLoggerProvider: ExpressibleByArgument {}
extension FixNormalizer.SpeedPolicy: ExpressibleByArgument {}
