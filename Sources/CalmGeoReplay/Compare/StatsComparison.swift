/// Two runs' stats side by side: every number of `ReplayStats`, old and new, with the
/// difference (`calmgeo-replay compare`, and the readable diff of checks).
///
/// Both values go through `OrderedJSONEncoder`, so every field of the type, present and
/// future, is compared without a list to keep in step; rows keep the type's order.
package struct StatsComparison: Sendable {
  /// One field of the stats.
  package struct Row: Sendable, Hashable {
    /// Dotted path, e.g. `uploads.requests`, `input.skipped.bad_time`.
    package var path: String
    /// The value in each run as text; `nil` when the run has no such field.
    package var old: String?
    package var new: String?
    /// new − old, for numbers present in both.
    package var delta: Double?
    /// Whether the field is a `Double` (compared within a tolerance by checks), not a
    /// count, string or flag.
    package var isFloatingPoint = false
    /// Whether the two differ.
    package var changed: Bool { old != new }
  }

  package var rows: [Row]

  /// Compares `old` with `new`.
  package init(old: ReplayStats, new: ReplayStats) {
    let encoder = OrderedJSONEncoder()
    let a = Self.leaves((try? encoder.encode(old)) ?? .null)
    let b = Self.leaves((try? encoder.encode(new)) ?? .null)
    var rows: [Row] = []
    var seen = Set<String>()
    let newValues = Dictionary(b.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    for (path, value) in a {
      seen.insert(path)
      rows.append(Self.row(path, value, newValues[path]))
    }
    for (path, value) in b where !seen.contains(path) {
      rows.append(Self.row(path, nil, value))
    }
    self.rows = rows
  }

  /// Rows whose values differ.
  package var changes: [Row] { rows.filter(\.changed) }

  private static func row(_ path: String, _ old: OrderedJSON?, _ new: OrderedJSON?) -> Row {
    var delta: Double?
    if let a = old.flatMap(number), let b = new.flatMap(number) { delta = b - a }
    var isFloatingPoint = false
    if case .double = old { isFloatingPoint = true }
    if case .double = new { isFloatingPoint = true }
    return Row(path: path, old: old.map(text), new: new.map(text), delta: delta, isFloatingPoint: isFloatingPoint)
  }

  private static func number(_ value: OrderedJSON) -> Double? {
    switch value {
    case .int(let n): Double(n)
    case .double(let d): d
    default: nil
    }
  }

  private static func text(_ value: OrderedJSON) -> String {
    if case .string(let s) = value { return s }
    return value.rendered(pretty: false)
  }

  /// The scalar leaves of a document with their dotted paths, in document order.
  static func leaves(_ json: OrderedJSON, prefix: String = "") -> [(path: String, value: OrderedJSON)] {
    switch json {
    case .object(let fields):
      return fields.flatMap { leaves($0.1, prefix: prefix.isEmpty ? $0.0 : prefix + "." + $0.0) }
    case .array(let items):
      return items.enumerated().flatMap { leaves($0.element, prefix: "\(prefix)[\($0.offset)]") }
    default:
      return [(prefix, json)]
    }
  }
}
