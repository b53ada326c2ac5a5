/// Reads the `Fix` records of Android GnssLogger text files.
///
/// A GnssLogger file interleaves record types (`Raw`, `Status`, `NMEA`, sensor
/// rows, ...), each a comma-separated line whose first value names it; `#` lines
/// describe the columns. Only `Fix` records become fixes, from the providers
/// that `ParseOptions.provider` selects (`GPS`, `FLP` = fused, `NLP` = network,
/// or all); the other records are counted by type. Times are `UnixTimeMillis`.
/// Fixes are handed on in input order: providers interleave out of time order,
/// and the normalizer drops a fix that is not after the previous one.
///
/// Android's `AltitudeMeters` is height above the WGS84 ellipsoid, not mean sea
/// level; it is used as the altitude (counted as `altitude_above_ellipsoid`) only
/// when the record has no `MslAltitudeMeters`.
public struct GnssLoggerParser: FixParser {
  let file: String
  let options: ParseOptions

  public init(file: String, options: ParseOptions) {
    self.file = file
    self.options = options
  }

  public mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let input = try UTF16ByteSource.decodingIfUTF16(source)
    var columns = GnssLoggerColumns.version3
    var ignored: [String: Int] = [:]
    var otherProviders = 0
    var ellipsoidal = 0
    let file = self.file
    let wanted = options.provider
    try LineReader(input, format: "gnsslogger").forEachLine { bytes, lineNumber throws(ParseError) in
      var text = String(decoding: bytes, as: UTF8.self)
      if lineNumber == 1, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      if text.isEmpty { return }
      if text.hasPrefix("#") {
        let header = text.drop { $0 == "#" || $0 == " " }
        if header.hasPrefix("Fix,") {
          let names = header.split(separator: ",", omittingEmptySubsequences: false)
          if let named = GnssLoggerColumns(header: names) { columns = named }
        }
        return
      }
      let values = text.split(separator: ",", omittingEmptySubsequences: false)
      guard values.first == "Fix" else {
        ignored[String(values.first ?? ""), default: 0] += 1
        return
      }
      diagnostics.recordsRead += 1
      func location(_ column: Int) -> SourceLocation {
        // The column of value `column`: the characters before it plus one.
        let before = values.prefix(column).reduce(0) { $0 + $1.count + 1 }
        return SourceLocation(file: file, line: lineNumber, column: before + 1)
      }
      func value(_ column: Int?) -> Substring? {
        guard let column, column >= 0, column < values.count, !values[column].isEmpty else { return nil }
        return values[column]
      }
      func number(_ column: Int?, _ name: String) throws(ParseError) -> Double?? {
        guard let text = value(column) else { return .some(nil) }
        guard let parsed = Double(text), parsed.isFinite else {
          try diagnostics.skip(
            ParseError(
              format: "gnsslogger", location: location(column!), problem: .badField,
              reason: "Fix \(name) '\(text)' is not a number"))
          return nil
        }
        return .some(parsed)
      }
      let provider = value(columns.provider).map { $0.lowercased() } ?? ""
      let kind: GnssLoggerProvider? =
        switch provider {
        case "gps": .gps
        case "flp", "fused": .fused
        case "nlp", "network": .network
        default: nil
        }
      guard wanted == .all || kind == wanted else {
        otherProviders += 1
        return
      }
      guard let latitude = try number(columns.latitude, "latitude"),
        let longitude = try number(columns.longitude, "longitude"),
        let time = try number(columns.time, "time"),
        let altitude = try number(columns.altitude, "altitude"),
        let msl = try number(columns.mslAltitude, "MSL altitude"),
        let speed = try number(columns.speed, "speed"),
        let accuracy = try number(columns.accuracy, "accuracy"),
        let bearing = try number(columns.bearing, "bearing"),
        let speedAccuracy = try number(columns.speedAccuracy, "speed accuracy"),
        let verticalAccuracy = try number(columns.verticalAccuracy, "vertical accuracy")
      else { return }
      guard let latitude, let longitude, let time, abs(latitude) <= 90, abs(longitude) <= 180 else {
        let missing =
          time == nil ? columns.time : latitude == nil || abs(latitude!) > 90 ? columns.latitude : columns.longitude
        try diagnostics.skip(
          ParseError(
            format: "gnsslogger", location: location(missing), problem: .badField,
            reason: "Fix record without a valid position and time"))
        return
      }
      guard time >= Double(UTCTime.earliest), time <= Double(UTCTime.latest) else {
        try diagnostics.skip(
          ParseError(
            format: "gnsslogger", location: location(columns.time), problem: .timeOutOfRange,
            reason: "time \(time) ms is outside the years 0000-9999"))
        return
      }
      var fix = Fix(
        time: Int64(time.rounded()), latitude: latitude, longitude: longitude, line: UInt32(clamping: lineNumber))
      if let msl {
        fix.altitude = msl
      } else if let altitude {
        fix.altitude = altitude
        ellipsoidal += 1
      }
      fix.speed = speed
      fix.course = bearing
      fix.horizontalAccuracy = accuracy
      fix.verticalAccuracy = verticalAccuracy
      fix.speedAccuracy = speedAccuracy
      emit(fix)
    }
    for (kind, count) in ignored { diagnostics.ignore(kind.isEmpty ? "empty_record" : kind, count: count) }
    if otherProviders > 0 { diagnostics.ignore("fix_other_provider", count: otherProviders) }
    if ellipsoidal > 0 { diagnostics.estimate("altitude_above_ellipsoid", count: ellipsoidal) }
  }
}
