/// Which column holds which value of a fix, and in which unit; decided once from the
/// header, then applied to every row.
package struct CSVColumnMap: Sendable {
  /// One column that feeds a field (a plain value, cheap to copy for every row).
  package struct Column: Sendable, Equatable {
    /// 0-based index in the row.
    package var index: Int
    package var field: CSVField
    /// The unit given by the header, a units line, the name or the layout, if any.
    package var unit: CSVUnit?
    /// Multiplies a value into metres, m/s or degrees.
    package var factor: Double
    /// The angle counts counterclockwise from east (turn it into a compass course).
    var counterclockwiseFromEast: Bool
  }

  /// Where a row's time comes from.
  package enum TimeSource: Sendable, Equatable {
    /// One column with a whole date-time.
    case single(Column, CSVTimeFormat)
    /// A date column and a time-of-day column; an explicit pattern reads them joined by
    /// one space.
    case split(date: Column, time: Column, CSVTimeFormat)
    /// Local date and time, and the offset that makes them UTC (UTC when absent).
    case local(date: Column, time: Column, offset: Column?, CSVTimeFormat)
    /// Milliseconds since the GPS epoch, in GPS time.
    case gpsMillis(Column)
    /// GPS week and seconds into it, in GPS time.
    case gpsWeek(week: Column, seconds: Column)
  }

  /// Why a header cannot be used (fatal for the file).
  package struct Problem: Error, Equatable {
    package var key: String
    package var reason: String

    package init(key: String, reason: String) {
      self.key = key
      self.reason = reason
    }
  }

  /// The header's names, in order.
  let names: [CSVHeaderName]
  package let layout: CSVLayout
  package let time: TimeSource
  let latitude: Column
  let longitude: Column
  let latitudeHemisphere: Column?
  let longitudeHemisphere: Column?
  /// Optional values (altitude, speed, …), left to right.
  package let values: [Column]
  /// A validity flag column.
  let validity: Column?
  /// A motion activity column.
  let activity: Column?
  /// Whether the altitude column holds heights above the ellipsoid (no sea-level one).
  let altitudeIsEllipsoidal: Bool
  /// The highest column index any of the above reads.
  package let lastIndex: Int

  /// The header's name of column `index`, as written.
  func name(_ index: Int) -> String { names[index].original }

  /// Maps `header` (the header row's fields); `units` is a `#` line of per-column units
  /// just above it, used when it has as many fields as the header.
  /// `columns` names the column of a role where the header's names are not recognised
  /// (`--column lat=Breite`); it wins over the detection.
  package init(
    header: [String], units: [String]? = nil, timeFormat: CSVTimeFormat = .auto,
    columns: [String: String] = [:]
  ) throws(Problem) {
    let names = header.map { CSVHeaderName(CSVHeaderName.trim($0)) }
    self.names = names
    let layout = CSVLayout.detect(keys: Set(names.map(\.key)))
    self.layout = layout
    let units = units?.count == header.count ? units : nil

    // The best column per field: lowest alias rank, then leftmost.
    var chosen: [CSVField: (rank: Int, column: Column)] = [:]
    var chosenKey: [CSVField: String] = [:]
    for (index, name) in names.enumerated() {
      guard let (entry, key, suffixUnit) = Self.lookup(name) else { continue }
      let field = entry.field
      let unit = Self.unit(
        of: name, suffix: suffixUnit, unitsLine: units?[index], implied: entry.unit,
        layout: layout, field: field)
      let column = Column(
        index: index, field: field, unit: unit,
        factor: Self.factor(unit, field: field),
        counterclockwiseFromEast: field == .course && name.counterclockwiseFromEast)
      if let previous = chosen[field], previous.rank <= entry.rank { continue }
      chosen[field] = (entry.rank, column)
      chosenKey[field] = key
    }
    for (role, wanted) in columns.sorted(by: { $0.key < $1.key }) {
      guard let field = CSVField.role(role) else { continue }
      guard let index = names.firstIndex(where: { $0.original.lowercased() == CSVHeaderName.trim(wanted).lowercased() })
      else {
        let found = names.map { "'\($0.original)'" }.joined(separator: ", ")
        throw Problem(
          key: ParseProblem.badHeader.key,
          reason: "--column \(role)=\(wanted): no column named '\(wanted)' in the header (found \(found))")
      }
      let unit = Self.unit(
        of: names[index], suffix: nil, unitsLine: units?[index], implied: nil, layout: layout, field: field)
      chosen[field] = (
        -1,
        Column(
          index: index, field: field, unit: unit, factor: Self.factor(unit, field: field),
          counterclockwiseFromEast: false)
      )
    }
    func column(_ field: CSVField) -> Column? { chosen[field]?.column }

    guard let latitude = column(.latitude), let longitude = column(.longitude) else {
      let found = names.map { "'\($0.original)'" }.joined(separator: ", ")
      let accepted = [CSVField.latitude, .longitude].map { field in
        "\(field.label): \(CSVAliases.accepted(field).joined(separator: ", "))"
      }.joined(separator: "; ")
      throw Problem(
        key: ParseProblem.badHeader.key,
        reason: "no \(column(.latitude) == nil ? "latitude" : "longitude") column in the header "
          + "(found \(found)); accepted names (any case, words split by space, '_' or camelCase, "
          + "units in brackets ignored): \(accepted); or name the columns with --column lat=NAME --column lon=NAME "
          + "(and --column time=NAME), and skip lines above the header with --skip-lines N")
    }
    self.latitude = latitude
    self.longitude = longitude
    latitudeHemisphere = column(.latitudeHemisphere)
    longitudeHemisphere = column(.longitudeHemisphere)

    guard let time = Self.timeSource(column, format: timeFormat) else {
      let found = names.map { "'\($0.original)'" }.joined(separator: ", ")
      throw Problem(
        key: ParseProblem.badHeader.key,
        reason: "no time column in the header (found \(found)); accepted: "
          + CSVAliases.accepted(.time).prefix(8).joined(separator: ", ")
          + ", or date + time, lcl_date + lcl_time [+ utc_ofst], millisSinceGpsEpoch, "
          + "or gps_week + gps_seconds_of_week; or name it with --column time=NAME")
    }
    self.time = time

    let optional: [CSVField] = [
      .altitude, .geoidSeparation, .speed, .course, .horizontalAccuracy, .verticalAccuracy, .speedAccuracy,
      .hdop, .vdop, .pdop, .satellites,
    ]
    values = optional.compactMap(column).sorted { $0.index < $1.index }
    validity = column(.valid)
    activity = column(.activity)
    altitudeIsEllipsoidal = chosenKey[.altitude].map(CSVAliases.ellipsoidalAltitudes.contains) ?? false

    var last = max(latitude.index, longitude.index)
    for extra in [latitudeHemisphere, longitudeHemisphere, validity, activity].compactMap({ $0 }) + values {
      last = max(last, extra.index)
    }
    switch time {
    case .single(let c, _), .gpsMillis(let c): last = max(last, c.index)
    case .split(let d, let t, _): last = max(last, d.index, t.index)
    case .local(let d, let t, let o, _): last = max(last, d.index, t.index, o?.index ?? 0)
    case .gpsWeek(let w, let s): last = max(last, w.index, s.index)
    }
    lastIndex = last
  }

  /// The accepted name that `name` is, as written or without a trailing unit word (and
  /// then that word); `nil` for a column the reader does not use.
  package static func lookup(_ name: CSVHeaderName) -> (entry: CSVAliases.Entry, key: String, suffixUnit: String?)? {
    if let entry = CSVAliases.table[name.key] { return (entry, name.key, nil) }
    if let stripped = name.keyWithoutUnitSuffix, let entry = CSVAliases.table[stripped.key] {
      return (entry, stripped.key, stripped.unit)
    }
    return nil
  }

  /// Picks the time columns; `nil` when there are none.
  private static func timeSource(_ column: (CSVField) -> Column?, format: CSVTimeFormat) -> TimeSource? {
    if let time = column(.time) {
      if let date = column(.date) {
        var timeOfDay = time
        timeOfDay.field = .timeOfDay
        return .split(date: date, time: timeOfDay, format)
      }
      if format == .auto, let unit = time.unit { return .single(time, .unix(unit)) }
      return .single(time, format)
    }
    if let date = column(.date) { return .single(date, format) }
    if let date = column(.localDate), let clock = column(.localTime) {
      return .local(date: date, time: clock, offset: column(.utcOffset), format)
    }
    if let millis = column(.gpsMillis) { return .gpsMillis(millis) }
    if let week = column(.gpsWeek), let seconds = column(.gpsSecondsOfWeek) {
      return .gpsWeek(week: week, seconds: seconds)
    }
    return nil
  }

  /// The unit of a column: brackets in its name, then a unit word ending its name, then
  /// the units line, then what the name implies, then the layout's rule.
  private static func unit(
    of name: CSVHeaderName, suffix: String?, unitsLine: String?, implied: CSVUnit?,
    layout: CSVLayout, field: CSVField
  ) -> CSVUnit? {
    for text in name.bracketed {
      if let unit = CSVUnit.parse(text, for: field) { return unit }
    }
    if let suffix, let unit = CSVUnit.parse(suffix, for: field) { return unit }
    if let unitsLine, let unit = CSVUnit.parse(CSVHeaderName.trim(unitsLine), for: field) { return unit }
    return implied ?? layout.defaultUnit(for: field)
  }

  /// The factor that turns values in `unit` into the fix's units for `field`.
  private static func factor(_ unit: CSVUnit?, field: CSVField) -> Double {
    switch field {
    case .altitude, .geoidSeparation, .horizontalAccuracy, .verticalAccuracy, .speed, .speedAccuracy, .course,
      .latitude, .longitude:
      return unit?.factor ?? 1
    default:
      return 1
    }
  }
}
