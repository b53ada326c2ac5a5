extension SpecNode {
  /// The value as the configuration's errors quote it: scalars as JSON (`12`, `true`,
  /// `"fast"`, strings unescaped), lists and objects elided (`[…]`, `{…}`).
  var quoted: String {
    switch kind {
    case .null: "null"
    case .bool(let value): String(value)
    case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): "\"\(value)\""
    case .array: "[…]"
    case .object: "{…}"
    }
  }

  /// This value with `place`'s line and column, for an error that points at the list it sits in.
  func placed(at place: SpecNode) -> SpecNode {
    SpecNode(kind, line: place.line, column: place.column)
  }
}
