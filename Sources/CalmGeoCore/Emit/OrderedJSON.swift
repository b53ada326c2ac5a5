/// A JSON document with object keys in a fixed order, for reports that must be byte-stable.
public indirect enum OrderedJSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([OrderedJSON])
  case object([(String, OrderedJSON)])

  public static func == (a: Self, b: Self) -> Bool { a.rendered() == b.rendered() }
  public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

  /// The text: pretty (2-space indent, one key a line) or compact (one line).
  public func rendered(pretty: Bool = true) -> String {
    var json = JSONBytes(escapesSlashes: false)
    write(into: &json, indent: pretty ? 0 : nil)
    if pretty { json.raw("\n") }
    return String(decoding: json.bytes, as: UTF8.self)
  }

  private func write(into json: inout JSONBytes, indent: Int?) {
    switch self {
    case .null: json.raw("null")
    case .bool(let value): json.bool(value)
    case .int(let value): json.int(value)
    case .double(let value):
      if value.isFinite { json.double(value) } else { json.raw("null") }
    case .string(let value): json.string(value)
    case .array(let items):
      writeContainer(items.map { (nil, $0) }, open: "[", close: "]", into: &json, indent: indent)
    case .object(let fields):
      writeContainer(fields.map { ($0.0, $0.1) }, open: "{", close: "}", into: &json, indent: indent)
    }
  }

  private func writeContainer(
    _ items: [(String?, OrderedJSON)], open: StaticString, close: StaticString, into json: inout JSONBytes, indent: Int?
  ) {
    json.raw(open)
    guard !items.isEmpty else { return json.raw(close) }
    let inner = indent.map { $0 + 2 }
    for (offset, (key, value)) in items.enumerated() {
      if offset > 0 { json.raw(",") }
      if let inner {
        json.raw("\n")
        json.bytes.append(contentsOf: repeatElement(32, count: inner))
      }
      if let key {
        json.string(key)
        json.raw(indent == nil ? ":" : ": ")
      }
      value.write(into: &json, indent: inner)
    }
    if let indent {
      json.raw("\n")
      json.bytes.append(contentsOf: repeatElement(32, count: indent))
    }
    json.raw(close)
  }
}

extension OrderedJSON {
  /// An object of counts with keys sorted (for maps such as skip reasons).
  public static func counts(_ map: [String: Int]) -> OrderedJSON {
    .object(map.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
  }
}
