import CalmGeoReplay

/// `ReplayStats` as tables, built from its JSON form so that a new section or field
/// shows up without a template change: each top-level object is a section, each of its
/// fields a row; top-level scalars (the seed) form a last section, "Run".
struct StatsTable {
  /// One field: a readable label, the `stats.json` key and the value as shown.
  struct Row {
    let label: String
    let key: String
    let value: String
  }

  struct Section {
    let title: String
    let rows: [Row]
  }

  let sections: [Section]

  init(_ stats: ReplayStats) {
    // Encoding a value made of strings, numbers and maps cannot fail.
    guard case .object(let fields)? = try? OrderedJSONEncoder().encode(stats) else {
      sections = []
      return
    }
    var sections: [Section] = []
    var scalars: [Row] = []
    for (key, value) in fields {
      if case .object(let children) = value {
        sections.append(Section(title: Self.label(key), rows: children.flatMap { Self.rows($0.0, $0.1) }))
      } else {
        scalars.append(Self.row(key, value))
      }
    }
    if !scalars.isEmpty { sections.append(Section(title: "Run", rows: scalars)) }
    self.sections = sections
  }

  /// A field's row; a list of objects that each start with an `identifier` (the
  /// geofences' conditions) gets a row per object, labelled with it.
  private static func rows(_ key: String, _ value: OrderedJSON) -> [Row] {
    guard case .array(let items) = value, !items.isEmpty else { return [row(key, value)] }
    var rows: [Row] = []
    for (index, item) in items.enumerated() {
      guard case .object(let fields) = item, let first = fields.first, first.0 == "identifier",
        case .string(let identifier) = first.1
      else { return [row(key, value)] }
      rows.append(Row(label: identifier, key: "\(key)[\(index)]", value: text(.object(Array(fields.dropFirst())))))
    }
    return rows
  }

  private static func row(_ key: String, _ value: OrderedJSON) -> Row {
    var text = Self.text(value)
    if key.lowercased().contains("seconds"), case .double(let seconds) = value, seconds >= 60 {
      text += " (\(NumberText.duration(seconds: seconds)))"
    }
    return Row(label: label(key), key: key, value: text)
  }

  /// A value as text: grouped integers, up to six decimals, `k n · k n` for maps.
  static func text(_ value: OrderedJSON) -> String {
    switch value {
    case .null: "—"
    case .bool(let flag): flag ? "yes" : "no"
    case .int(let n): NumberText.grouped(n)
    case .double(let v):
      v.magnitude >= 1000 && v == v.rounded() ? NumberText.groupedWhole(v) : NumberText.fixed(v, digits: 6)
    case .string(let s): s.isEmpty ? "—" : s
    case .array(let items): items.isEmpty ? "none" : items.map(text).joined(separator: ", ")
    case .object(let fields): fields.isEmpty ? "none" : fields.map { "\($0.0) \(text($0.1))" }.joined(separator: " · ")
    }
  }

  /// `recordsRead` → `Records read`.
  static func label(_ key: String) -> String {
    var words = ""
    for character in key {
      if character.isUppercase, !words.isEmpty { words += " " }
      words += words.isEmpty ? character.uppercased() : character.lowercased()
    }
    return words
  }
}
