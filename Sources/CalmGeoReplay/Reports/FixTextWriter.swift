/// Renders fixes as text for `calmgeo-replay fixes`: CSV or NDJSON, one fix a line.
///
/// Absent values are empty (CSV) or omitted (NDJSON). `derived` lists what was not
/// read as is: `speed`, `hacc`, `vacc`, `time`.
public enum FixTextWriter {
  public static let csvHeader =
    "time,latitude,longitude,altitude,speed,course,horizontal_accuracy,vertical_accuracy,hdop,satellites,line,derived\n"

  public static func csvLine(_ fix: Fix) -> String {
    func value(_ number: Double) -> String { number.isNaN ? "" : format(number) }
    func value(_ number: Float) -> String { number.isNaN ? "" : format(number) }
    return [
      UTCTime.iso8601(fix.time), format(fix.latitude), format(fix.longitude), value(fix.storedAltitude),
      value(fix.storedSpeed), value(fix.storedCourse), value(fix.storedHorizontalAccuracy),
      value(fix.storedVerticalAccuracy), value(fix.storedHDOP),
      fix.satellites.map(String.init) ?? "", String(fix.line), derived(fix).joined(separator: "+"),
    ].joined(separator: ",") + "\n"
  }

  public static func ndjsonLine(_ fix: Fix) -> String {
    var fields: [(String, OrderedJSON)] = [
      ("time", .string(UTCTime.iso8601(fix.time))), ("latitude", .double(fix.latitude)),
      ("longitude", .double(fix.longitude)),
    ]
    let optional: [(String, Double)] = [
      ("altitude", fix.storedAltitude), ("speed", fix.storedSpeed), ("course", fix.storedCourse),
      ("horizontalAccuracy", fix.storedHorizontalAccuracy), ("verticalAccuracy", fix.storedVerticalAccuracy),
    ]
    for (key, value) in optional where !value.isNaN { fields.append((key, .double(value))) }
    // HDOP is stored as Float: written with Float's shortest text (4.2, not 4.199999809265137).
    if !fix.storedHDOP.isNaN { fields.append(("hdop", .double(Fix.decimal(fix.storedHDOP)))) }
    if let satellites = fix.satellites { fields.append(("satellites", .int(satellites))) }
    fields.append(("line", .int(Int(fix.line))))
    let marks = derived(fix)
    if !marks.isEmpty { fields.append(("derived", .array(marks.map { .string($0) }))) }
    return OrderedJSON.object(fields).rendered(pretty: false) + "\n"
  }

  static func derived(_ fix: Fix) -> [String] {
    var marks: [String] = []
    if fix.flags.contains(.speedDerived) { marks.append("speed") }
    if fix.flags.contains(.horizontalAccuracyEstimated) { marks.append("hacc") }
    if fix.flags.contains(.verticalAccuracyEstimated) { marks.append("vacc") }
    if fix.flags.contains(.timeSynthesized) { marks.append("time") }
    return marks
  }

  /// Shortest round-trip text of a `Float`, without a trailing `.0`.
  static func format(_ value: Float) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// Shortest round-trip text, without a trailing `.0`.
  static func format(_ value: Double) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
