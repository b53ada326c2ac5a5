/// A value read from a sweep spec (JSON or YAML) or a sweep folder's files, with the
/// line it started on, keeping the order of object keys as written.
///
/// The order matters: the grid varies the last `vary` entry fastest, and a recommended
/// configuration keeps the key order of its base config.
public struct SpecNode: Sendable, Hashable {
  /// The value itself.
  public indirect enum Kind: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SpecNode])
    case object([Field])
  }

  /// One key of an object and its value.
  public struct Field: Sendable, Hashable {
    public var key: String
    public var value: SpecNode

    public init(_ key: String, _ value: SpecNode) {
      self.key = key
      self.value = value
    }
  }

  public var kind: Kind
  /// The line (from 1) the value starts on; 0 for values made in code.
  public var line: Int
  /// The column (from 1, in Unicode scalars) the value starts on; 0 when unknown.
  public var column: Int

  public init(_ kind: Kind, line: Int = 0, column: Int = 0) {
    self.kind = kind
    self.line = line
    self.column = column
  }

  /// `line:column`, or the line alone when the column is unknown.
  public var position: String { column > 0 ? "\(line):\(column)" : "\(line)" }

  /// Equality of values, ignoring lines and columns.
  public static func == (a: Self, b: Self) -> Bool { a.json == b.json }
  public func hash(into hasher: inout Hasher) { hasher.combine(json) }

  /// The fields of an object; `nil` for any other value.
  public var fields: [Field]? {
    if case .object(let fields) = kind { return fields }
    return nil
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> SpecNode? {
    fields?.first { $0.key == key }?.value
  }

  /// The number, if this is one.
  public var number: Double? {
    if case .number(let value) = kind { return value }
    return nil
  }

  /// The string, if this is one.
  public var string: String? {
    if case .string(let value) = kind { return value }
    return nil
  }

  /// The same value as an `OrderedJSON` document (numbers as doubles, written as
  /// integers when whole).
  public var json: OrderedJSON {
    switch kind {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let value): .double(value)
    case .string(let value): .string(value)
    case .array(let items): .array(items.map(\.json))
    case .object(let fields): .object(fields.map { ($0.key, $0.value.json) })
    }
  }

  /// The compact JSON text, for messages and CSV cells (`16`, `"best"`, `[80,400]`).
  public var rendered: String { json.rendered(pretty: false) }

  /// A node holding `json` (the inverse of `json`).
  public init(json: OrderedJSON) {
    switch json {
    case .null: self.init(Kind.null)
    case .bool(let value): self.init(Kind.bool(value))
    case .int(let value): self.init(Kind.number(Double(value)))
    case .double(let value): self.init(Kind.number(value))
    case .string(let value): self.init(Kind.string(value))
    case .array(let items): self.init(Kind.array(items.map { SpecNode(json: $0) }))
    case .object(let fields): self.init(Kind.object(fields.map { Field($0.0, SpecNode(json: $0.1)) }))
    }
  }
}
