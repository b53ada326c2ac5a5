/// Turns the fields of one CSV row into a fix, following a `CSVColumnMap`.
///
/// Rules for values, beyond the units of the map:
/// - Latitude and longitude may carry a hemisphere letter before or after the number
///   (`49.0733336N`, `W125.76`), or take it from a column of its own; `S` and `W` make
///   the value negative. A row at exactly 0, 0 is a logger's "no fix" and yields none.
/// - An empty optional value, or a placeholder (`-`, `NaN`, `n/a`, `null`, `none`,
///   `unknown`, `?`, `*`), is absent. So is a negative speed or accuracy (Core Location's
///   -1 for "unknown"), a course of exactly -1, and a DOP of 0 or less or of 99.99 or more
///   (what receivers write when they have none).
/// - A course is turned into degrees clockwise from north in [0, 360): radians are
///   converted, and an angle counted counterclockwise from east (smartLoc) becomes
///   90° − angle.
/// - Satellites are the integer the field starts with (`7(12)` is 7).
/// - A validity column saying `No fix`, `Invalid`, `Void`, `V`, `0`, `false` or `none`
///   makes the row carry no fix.
/// - Without an accuracy column value, horizontal accuracy is HDOP × UERE and vertical
///   accuracy VDOP × UERE, flagged as estimated (as the NMEA reader does).
/// - A time column with only a time of day takes its date from `--date`.
///
/// It is a struct of plain values and pointers so that the row loop does no reference
/// counting. Noncopyable: it owns its column list and cold state and frees them in
/// `deinit`, so no copy can outlive them.
struct CSVRowDecoder: ~Copyable {
  /// What one row gave.
  enum Outcome: Equatable {
    /// The row gave the fix.
    case fix
    /// A well-formed row without a position (a logger's no-fix marker).
    case noFix
    /// The row is bad; `problem` says why.
    case problem
  }

  /// Why a row was skipped.
  struct Problem: Error, Equatable {
    /// Its kind (`.badLatitude`).
    var problem: ParseProblem
    /// The message after `csv: `.
    var reason: String
    /// The 0-based field index the problem is in, if it is in one field.
    var field: Int?
  }

  /// What only the rare paths need: messages, patterns.
  private struct Cold {
    var problem: Problem?
    var names: [String]
    var format: CSVTimeFormat
    var joined: [UInt8]
    /// Optional values that could not be read and were left unknown, by counter key.
    var unreadable: [String: Int] = [:]
  }

  let decimalComma: Bool
  private let uere: Double
  /// Midnight of `--date`, or `Int64.min` when none was given.
  private let defaultDay: Int64
  private let latitude: CSVColumnMap.Column
  private let longitude: CSVColumnMap.Column
  private let latitudeHemisphere: Int
  private let longitudeHemisphere: Int
  private let validity: Int
  private let activity: Int
  private let values: UnsafeMutableBufferPointer<CSVColumnMap.Column>
  private let timeKind: TimeKind
  private let timeColumns: (CSVColumnMap.Column, CSVColumnMap.Column, CSVColumnMap.Column?)
  private let timeIsAuto: Bool
  /// Whether times without a zone are flagged (`--utc-offset` given).
  private let marksZonelessTimes: Bool
  private let cold: UnsafeMutablePointer<Cold>
  /// The last DOP × UERE estimates: DOPs repeat from row to row.
  private let estimates: UnsafeMutablePointer<AccuracyEstimateMemo>

  private enum TimeKind { case single, split, local, gpsMillis, gpsWeek }

  /// - Parameters:
  ///   - uere: metres per unit of DOP, to estimate accuracies that the row lacks.
  ///   - date: the date of time-of-day-only values (`--date`).
  init(
    map: CSVColumnMap, decimalComma: Bool, uere: Double = 5, date: CivilDate? = nil, marksZonelessTimes: Bool = false
  ) {
    self.decimalComma = decimalComma
    self.marksZonelessTimes = marksZonelessTimes
    self.uere = uere
    defaultDay = date.map { UTCTime.millis(year: $0.year, month: $0.month, day: $0.day) } ?? Int64.min
    latitude = map.latitude
    longitude = map.longitude
    latitudeHemisphere = map.latitudeHemisphere?.index ?? -1
    longitudeHemisphere = map.longitudeHemisphere?.index ?? -1
    validity = map.validity?.index ?? -1
    activity = map.activity?.index ?? -1
    values = .allocate(capacity: map.values.count)
    _ = values.initialize(from: map.values)
    let timeFormat: CSVTimeFormat
    switch map.time {
    case .single(let column, let format):
      (timeKind, timeColumns, timeFormat) = (.single, (column, column, nil), format)
    case .split(let date, let time, let format):
      (timeKind, timeColumns, timeFormat) = (.split, (date, time, nil), format)
    case .local(let date, let time, let offset, let format):
      (timeKind, timeColumns, timeFormat) = (.local, (date, time, offset), format)
    case .gpsMillis(let column):
      (timeKind, timeColumns, timeFormat) = (.gpsMillis, (column, column, nil), .auto)
    case .gpsWeek(let week, let seconds):
      (timeKind, timeColumns, timeFormat) = (.gpsWeek, (week, seconds, nil), .auto)
    }
    timeIsAuto = timeFormat == .auto
    cold = .allocate(capacity: 1)
    cold.initialize(to: Cold(problem: nil, names: map.names.map(\.original), format: timeFormat, joined: []))
    estimates = .allocate(capacity: 1)
    estimates.initialize(to: AccuracyEstimateMemo())
  }

  deinit {
    values.deallocate()
    estimates.deinitialize(count: 1)
    estimates.deallocate()
    cold.deinitialize(count: 1)
    cold.deallocate()
  }

  /// Optional values left unknown because they could not be read, by key
  /// (`unreadable_altitude`).
  var unreadable: [String: Int] { cold.pointee.unreadable }

  /// Why the last row was bad, after `decode` returned `.problem`.
  var problem: Problem? { cold.pointee.problem }

  /// The expectation of the time format, for messages.
  private var expectation: String { cold.pointee.format.expectation }

  /// The header's name of column `index`.
  func name(_ index: Int) -> String { cold.pointee.names[index] }

  /// Decodes the row whose fields `tokenizer` holds into `fix` (its line set to `line`).
  @inline(__always)
  func decode(_ tokenizer: borrowing CSVTokenizer, line: Int, into fix: inout Fix) -> Outcome {
    if validity >= 0, let text = tokenizer.value(validity), Self.saysNoFix(text) { return .noFix }
    // Position.
    guard let latitudeText = tokenizer.value(latitude.index), latitudeText.count > 0 else {
      return fail(missing(latitude, tokenizer))
    }
    guard let longitudeText = tokenizer.value(longitude.index), longitudeText.count > 0 else {
      return fail(missing(longitude, tokenizer))
    }
    guard var latitudeValue = coordinate(latitudeText, positive: 0x6E, negative: 0x73) else {
      return fail(notANumber(latitude, latitudeText))
    }
    guard var longitudeValue = coordinate(longitudeText, positive: 0x65, negative: 0x77) else {
      return fail(notANumber(longitude, longitudeText))
    }
    latitudeValue *= latitude.factor
    longitudeValue *= longitude.factor
    if latitudeHemisphere >= 0, let text = tokenizer.value(latitudeHemisphere), text.count > 0 {
      guard let sign = Self.hemisphereSign(text, positive: 0x6E, negative: 0x73) else {
        return fail(
          Problem(
            problem: .badLatitude, reason: "latitude hemisphere \(Self.quote(text)) is not N or S",
            field: latitudeHemisphere))
      }
      if sign < 0 { latitudeValue = -abs(latitudeValue) }
    }
    if longitudeHemisphere >= 0, let text = tokenizer.value(longitudeHemisphere), text.count > 0 {
      guard let sign = Self.hemisphereSign(text, positive: 0x65, negative: 0x77) else {
        return fail(
          Problem(
            problem: .badLongitude, reason: "longitude hemisphere \(Self.quote(text)) is not E or W",
            field: longitudeHemisphere))
      }
      if sign < 0 { longitudeValue = -abs(longitudeValue) }
    }
    guard latitudeValue >= -90 && latitudeValue <= 90 else { return fail(outOfRange(latitude, latitudeText)) }
    guard longitudeValue >= -180 && longitudeValue <= 180 else { return fail(outOfRange(longitude, longitudeText)) }
    if latitudeValue == 0 && longitudeValue == 0 { return .noFix }

    guard let time = timeMillis(tokenizer) else { return .problem }

    fix = Fix(time: time, latitude: latitudeValue, longitude: longitudeValue, line: UInt32(clamping: line))
    if marksZonelessTimes && timeIsZoneless(tokenizer) { fix.flags.insert(.timeWithoutZone) }
    for column in values {
      guard let text = tokenizer.value(column.index), text.count > 0 else { continue }
      if column.field == .satellites {
        if let count = CSVNumberParser.leadingInteger(text) {
          fix.satellites = count
        } else if !Self.isPlaceholder(text) {
          leaveUnknown(column)
        }
        continue
      }
      // A bad optional value leaves that value unknown (counted), not the whole fix lost.
      guard let (raw, factor) = number(text, column) else {
        if !Self.isPlaceholder(text) { leaveUnknown(column) }
        continue
      }
      let value = raw * factor
      switch column.field {
      case .altitude: fix.altitude = value
      case .geoidSeparation: fix.geoidSeparation = value
      case .speed: if value >= 0 { fix.speed = value }
      case .speedAccuracy: if value >= 0 { fix.speedAccuracy = value }
      case .horizontalAccuracy: if value >= 0 { fix.horizontalAccuracy = value }
      case .verticalAccuracy: if value >= 0 { fix.verticalAccuracy = value }
      case .hdop: fix.hdop = Fix.usableDOP(value)
      case .vdop: fix.vdop = Fix.usableDOP(value)
      case .pdop: fix.pdop = Fix.usableDOP(value)
      case .course:
        if raw == -1 && !column.counterclockwiseFromEast { continue }
        fix.course = Self.compassCourse(value, counterclockwiseFromEast: column.counterclockwiseFromEast)
      default: break
      }
    }
    if activity >= 0, let text = tokenizer.value(activity), text.count > 0 {
      // A name that is no motion class (GPSLogger's TILTING) leaves the speed classifier to decide.
      fix.activity = MotionActivity(logged: Substring(String(decoding: text, as: UTF8.self)))
    }
    // Like every reader: without an accuracy of its own, DOP × UERE, flagged.
    fix.estimateMissingAccuracy(uere: uere, memo: &estimates.pointee)
    return .fix
  }

  /// The number in `text` and the factor to the field's unit: the column's (from its
  /// header), or the cell's own when the number is followed by a unit the field takes
  /// (`374.812 m`, `0.865 km/h`, `12 kn`, `1200 ft`); `nil` when it is neither.
  @inline(__always)
  private func number(_ text: UnsafeBufferPointer<UInt8>, _ column: CSVColumnMap.Column) -> (Double, Double)? {
    if let raw = CSVNumberParser.double(text, decimalComma: decimalComma) { return (raw, column.factor) }
    var end = text.count
    while end > 0, !(text[end - 1] &- 48 < 10) { end -= 1 }
    guard end > 0, end < text.count else { return nil }
    let unitText = String(decoding: text[end...], as: UTF8.self)
    guard let unit = CSVUnit.parse(unitText, for: column.field),
      let raw = CSVNumberParser.double(UnsafeBufferPointer(rebasing: text[..<end]), decimalComma: decimalComma)
    else { return nil }
    return (raw, unit.factor)
  }

  /// Counts an optional value that cannot be read and stays unknown.
  private func leaveUnknown(_ column: CSVColumnMap.Column) {
    cold.pointee.unreadable["unreadable_\(column.field.badKey.dropFirst(4))", default: 0] += 1
  }

  /// Whether the row's time was written without a zone (ISO or pattern text without
  /// `Z`/offset); Unix, GPS and G1000 local-plus-offset times carry their own.
  private func timeIsZoneless(_ tokenizer: borrowing CSVTokenizer) -> Bool {
    switch timeKind {
    case .single, .split:
      guard let text = tokenizer.value(timeColumns.1.index) else { return false }
      return !ISO8601Parser.hasZone(text)
    case .local, .gpsMillis, .gpsWeek:
      return false
    }
  }

  /// Records `problem` and returns `.problem`.
  private func fail(_ found: Problem) -> Outcome {
    cold.pointee.problem = found
    return .problem
  }

  /// The time of the row in milliseconds since 1970 UTC; `nil` after recording a problem.
  @inline(__always)
  private func timeMillis(_ tokenizer: borrowing CSVTokenizer) -> Int64? {
    let (first, second, third) = timeColumns
    switch timeKind {
    case .single:
      guard let text = tokenizer.value(first.index), text.count > 0 else {
        _ = fail(missing(first, tokenizer))
        return nil
      }
      let parsed = timeIsAuto ? CSVTimeParser.dateTime(text) : cold.pointee.format.parse(text)
      guard let parsed else {
        if timeIsAuto, let clock = CSVTimeParser.timeOfDay(text) {
          if defaultDay != Int64.min { return defaultDay + clock }
          _ = fail(
            Problem(
              problem: .badTime,
              reason: "\(first.field.label) \(Self.quote(text)) has no date "
                + "(give it with --date YYYY-MM-DD)", field: first.index))
          return nil
        }
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(first.field.label) \(Self.quote(text)) is not a date-time "
              + "(\(expectation))", field: first.index))
        return nil
      }
      return parsed

    case .split:
      return joinedTime(tokenizer, date: first, time: second)

    case .local:
      guard let local = joinedTime(tokenizer, date: first, time: second) else { return nil }
      guard let third, let text = tokenizer.value(third.index), text.count > 0 else { return local }
      guard let offset = CSVTimeParser.utcOffset(text) else {
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(third.field.label) \(Self.quote(text)) is not an "
              + "offset (expected ±HH:MM or hours)", field: third.index))
        return nil
      }
      return local - offset

    case .gpsMillis:
      guard let text = tokenizer.value(first.index), text.count > 0 else {
        _ = fail(missing(first, tokenizer))
        return nil
      }
      guard let millis = CSVNumberParser.fixedPoint(text, scale: 0), millis >= 0 else {
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(first.field.label) \(Self.quote(text)) is not a whole "
              + "number of milliseconds", field: first.index))
        return nil
      }
      return GPSTime.utc(gpsMillis: millis)

    case .gpsWeek:
      guard let weekText = tokenizer.value(first.index), weekText.count > 0 else {
        _ = fail(missing(first, tokenizer))
        return nil
      }
      guard let secondsText = tokenizer.value(second.index), secondsText.count > 0 else {
        _ = fail(missing(second, tokenizer))
        return nil
      }
      guard let week = CSVNumberParser.fixedPoint(weekText, scale: 0), week >= 0, week < 100_000 else {
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(first.field.label) \(Self.quote(weekText)) is not "
              + "a week number", field: first.index))
        return nil
      }
      guard let millis = CSVNumberParser.fixedPoint(secondsText, scale: 3) else {
        _ = fail(notANumber(second, secondsText))
        return nil
      }
      guard millis >= 0 && millis <= GPSTime.weekMillis else {
        _ = fail(outOfRange(second, secondsText))
        return nil
      }
      return GPSTime.utc(week: week, millisOfWeek: millis)
    }
  }

  /// Reads split date and time columns: each on its own in `auto` mode (a time column
  /// holding a whole date-time is accepted too), or joined by a space for a format.
  private func joinedTime(
    _ tokenizer: borrowing CSVTokenizer, date dateColumn: CSVColumnMap.Column, time timeColumn: CSVColumnMap.Column
  ) -> Int64? {
    guard let dateText = tokenizer.value(dateColumn.index), dateText.count > 0 else {
      _ = fail(missing(dateColumn, tokenizer))
      return nil
    }
    guard let timeText = tokenizer.value(timeColumn.index), timeText.count > 0 else {
      _ = fail(missing(timeColumn, tokenizer))
      return nil
    }
    if timeIsAuto {
      guard let day = CSVTimeParser.dateOnly(dateText) else {
        if let whole = CSVTimeParser.dateTime(timeText) { return whole }
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(dateColumn.field.label) \(Self.quote(dateText)) is not a "
              + "date (expected YYYY-MM-DD, YYYY/MM/DD, YYYYMMDD, YYMMDD or DD.MM.YYYY)",
            field: dateColumn.index))
        return nil
      }
      guard let clock = CSVTimeParser.timeOfDay(timeText) else {
        if let whole = CSVTimeParser.dateTime(timeText) { return whole }
        _ = fail(
          Problem(
            problem: .badTime,
            reason: "\(timeColumn.field.label) \(Self.quote(timeText)) is not a "
              + "time of day (expected HH:MM[:SS[.fff]] or HHMMSS)", field: timeColumn.index))
        return nil
      }
      return day + clock
    }
    cold.pointee.joined.removeAll(keepingCapacity: true)
    cold.pointee.joined.append(contentsOf: dateText)
    cold.pointee.joined.append(0x20)
    cold.pointee.joined.append(contentsOf: timeText)
    let format = cold.pointee.format
    guard let parsed = cold.pointee.joined.withUnsafeBufferPointer({ format.parse($0) }) else {
      let text = String(decoding: cold.pointee.joined, as: UTF8.self)
      _ = fail(
        Problem(
          problem: .badTime,
          reason: "\(dateColumn.field.label) and \(timeColumn.field.label) "
            + "'\(text)' are not a date-time (\(expectation))", field: dateColumn.index))
      return nil
    }
    return parsed
  }

  // MARK: Values

  /// A coordinate with an optional hemisphere letter before or after it.
  @inline(__always)
  private func coordinate(_ text: UnsafeBufferPointer<UInt8>, positive: UInt8, negative: UInt8) -> Double? {
    if let value = CSVNumberParser.double(text, decimalComma: decimalComma) { return value }
    guard text.count >= 2 else { return nil }
    var body = text
    var sign = 0
    let last = text[text.count - 1] | 0x20
    let first = text[0] | 0x20
    if last == positive || last == negative {
      sign = last == negative ? -1 : 1
      body = UnsafeBufferPointer(rebasing: text[..<(text.count - 1)])
    } else if first == positive || first == negative {
      sign = first == negative ? -1 : 1
      body = UnsafeBufferPointer(rebasing: text[1...])
    } else {
      return nil
    }
    var start = 0
    var end = body.count
    while start < end && body[start] == 0x20 { start += 1 }
    while end > start && body[end - 1] == 0x20 { end -= 1 }
    guard
      let value = CSVNumberParser.double(UnsafeBufferPointer(rebasing: body[start..<end]), decimalComma: decimalComma)
    else { return nil }
    return sign < 0 ? -abs(value) : value
  }
}
