extension ParseOptionDescriptor {
  /// The table: every parse option, in the order the CLI warns about flags that do
  /// not apply. Messages (`expected` texts, warnings, help) are those each front end
  /// used before they shared this table.
  package static let all: [ParseOptionDescriptor] = [
    ParseOptionDescriptor(
      key: nil, flag: "--strict",
      help:
        "Stop at the first bad record (exit 65) instead of skipping and counting it; "
        + "fixes that go back in time count as bad.",
      read: boolean { $0.strict = $1 }),
    ParseOptionDescriptor(
      key: "sort", flag: "--sort",
      help:
        "Sort the log's fixes by time before replaying (for rows merely out of order); "
        + "holds the whole log in memory, 72 bytes a fix.",
      read: boolean { $0.sortByTime = $1 }),
    ParseOptionDescriptor(
      key: "date", flag: "--date", formats: [.nmea, .csv], appliesTo: "NMEA logs and CSV times of day",
      valueName: "YYYY-MM-DD", help: "UTC date for NMEA logs that never carry one.",
      read: { value, options in
        guard case .string(let text) = value, let date = CivilDate(text) else {
          return ParseOptionMismatch(expected: "a date such as \"2024-05-01\"")
        }
        options.date = date
        return nil
      }),
    ParseOptionDescriptor(
      key: "keepBadDates", flag: "--keep-bad-dates", formats: [.nmea], appliesTo: "NMEA logs",
      help: "Keep NMEA fixes whose receiver date looks implausible (1980, week rollover).",
      read: boolean { $0.keepBadDates = $1 }),
    ParseOptionDescriptor(
      key: "timeFormat", flag: "--time-format", formats: [.csv], appliesTo: "CSV logs", valueName: "format",
      help:
        "Time format of CSV time columns: iso8601, unix, unix_ms or a pattern such as '%d/%m/%Y %H:%M:%S'. "
        + "Times without a zone are UTC.",
      read: { value, options in
        guard case .string(let text) = value else {
          return ParseOptionMismatch(expected: "iso8601, unix, unix_ms or a pattern such as \"%d/%m/%Y %H:%M:%S\"")
        }
        options.timeFormat = text
        return nil
      }),
    ParseOptionDescriptor(
      key: "skipLines", flag: "--skip-lines", formats: [.csv], appliesTo: "CSV logs", valueName: "n",
      help: "CSV: lines above the header to pass over (a title, a logger's banner).",
      read: { value, options in
        guard let count = ParseOptionDescriptor.whole(value, from: 0) else {
          return ParseOptionMismatch(expected: "a whole number from 0 to \(NumberBounds.ordinal.upperBound)")
        }
        options.skipLines = count
        return nil
      }),
    ParseOptionDescriptor(
      key: "columns", flag: "--column", formats: [.csv], appliesTo: "CSV logs", valueName: "role=name",
      help:
        "CSV: the column of a role where the header's names are not recognised, e.g. lat=Breite "
        + "(roles: time, date, lat, lon, ele, speed, course, accuracy, vacc, hdop, vdop, pdop, sats); repeatable.",
      read: { value, options in
        let expected = ParseOptionMismatch(
          expected: "an object of column roles and header names such as {lat: Breite} "
            + "(roles: time, date, lat, lon, ele, speed, course, accuracy, vacc, hdop, vdop, pdop, sats)")
        guard case .object(let fields) = value else { return expected }
        var columns = options.csvColumns
        for field in fields {
          guard ParseOptions.csvColumnRoleProblem(field.key) == nil, case .string(let name) = field.value,
            !name.isEmpty
          else { return expected }
          columns[field.key] = name
        }
        options.csvColumns = columns
        return nil
      }),
    ParseOptionDescriptor(
      key: "utcOffset", flag: "--utc-offset", formats: [.csv, .gpx],
      appliesTo: "CSV and GPX times written without a zone", valueName: "±HH:MM",
      help:
        "The log's times are local time at this UTC offset (e.g. -07:00), "
        + "for loggers that write local time without a zone.",
      read: { value, options in
        // A document may write whole hours as a number (`utcOffset: 2`).
        let written: String? =
          switch value {
          case .string(let text): text
          case .number(let hours): hours == hours.rounded() && abs(hours) < 100 ? String(Int(hours)) : "?"
          default: nil
          }
        guard let written, let offset = parseUTCOffset(written) else {
          return ParseOptionMismatch(expected: "an offset such as \"+02:00\" or \"-0700\" (quoted in YAML)")
        }
        options.utcOffsetMillis = offset
        return nil
      }),
    ParseOptionDescriptor(
      key: "provider", flag: "--provider", formats: [.gnssLogger], appliesTo: "GnssLogger logs",
      help: "Which GnssLogger Fix records to read (default gps).",
      read: { value, options in
        guard case .string(let text) = value, let provider = GnssLoggerProvider(rawValue: text) else {
          let names = GnssLoggerProvider.allCases.map(\.rawValue)
          return ParseOptionMismatch(expected: "one of \(names.joined(separator: ", "))")
        }
        options.provider = provider
        return nil
      }),
    ParseOptionDescriptor(
      key: "track", flag: "--track", formats: [.gpx], appliesTo: "GPX logs", valueName: "n",
      help: "Read only this GPX track (from 1).",
      read: ordinal { $0.track = $1 }),
    ParseOptionDescriptor(
      key: "segment", flag: "--segment", formats: [.gpx], appliesTo: "GPX logs", valueName: "n",
      help: "Read only this segment (from 1) of each GPX track.",
      read: ordinal { $0.segment = $1 }),
    ParseOptionDescriptor(
      key: "assumeSpeed", flag: "--assume-speed", formats: [.gpx], appliesTo: "GPX logs", valueName: "m/s",
      help: "Synthesize times at this speed (0.01 to 1000 m/s) for GPX points without time.",
      read: { value, options in
        guard case .number(let speed) = value, speed > 0 else {
          return ParseOptionMismatch(expected: "a speed in m/s more than 0")
        }
        guard ParseOptions.assumableSpeeds.contains(speed) else {
          return ParseOptionMismatch(expected: "a speed in m/s from 0.01 to 1000")
        }
        options.assumeSpeed = speed
        return nil
      }),
    ParseOptionDescriptor(
      key: "uere", flag: "--uere", valueName: "m",
      help: "User equivalent range error in metres, to estimate accuracy from HDOP when a log has none.",
      read: { value, options in
        guard case .number(let metres) = value, metres > 0, metres.isFinite else {
          return ParseOptionMismatch(expected: "metres more than 0")
        }
        options.uere = metres
        return nil
      }),
  ]

  /// Reads `true` or `false` into a setting.
  private static func boolean(
    _ set: @escaping @Sendable (inout ParseOptions, Bool) -> Void
  ) -> @Sendable (ParseOptionValue, inout ParseOptions) -> ParseOptionMismatch? {
    { value, options in
      guard case .bool(let on) = value else { return ParseOptionMismatch(expected: "true or false") }
      set(&options, on)
      return nil
    }
  }

  /// Reads a 1-based index (a GPX track or segment), bounded as every ordinal is.
  private static func ordinal(
    _ set: @escaping @Sendable (inout ParseOptions, Int) -> Void
  ) -> @Sendable (ParseOptionValue, inout ParseOptions) -> ParseOptionMismatch? {
    { value, options in
      guard let index = ParseOptionDescriptor.whole(value, from: 1) else {
        return ParseOptionMismatch(expected: "a whole number from 1")
      }
      set(&options, index)
      return nil
    }
  }

  /// A whole number from `lowest` to `NumberBounds.ordinal`'s upper bound, or `nil`.
  private static func whole(_ value: ParseOptionValue, from lowest: Int) -> Int? {
    guard case .number(let number) = value, number == number.rounded(), number >= Double(lowest),
      number <= Double(NumberBounds.ordinal.upperBound)
    else { return nil }
    return Int(number)
  }
}
