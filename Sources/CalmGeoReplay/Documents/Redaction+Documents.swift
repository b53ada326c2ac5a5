extension Redaction {
  /// `node` with the string value of every secret key redacted, and the user info of
  /// every url string, at any depth (a config object, a request log line with its
  /// `headers`, a sweep row's `values`).
  public static func json(_ node: SpecNode) -> SpecNode {
    var copy = node
    switch node.kind {
    case .string(let text):
      copy.kind = .string(url(text))
    case .object(let fields):
      copy.kind = .object(
        fields.map { field in
          if isSecretKey(field.key), let text = field.value.string {
            var value = field.value
            value.kind = .string(secret(text))
            return SpecNode.Field(field.key, value)
          }
          return SpecNode.Field(field.key, json(field.value))
        })
    case .array(let items):
      copy.kind = .array(items.map(json))
    default:
      break
    }
    return copy
  }

  /// A varied key's values as they may be written: every value redacted when the key is
  /// a secret (`vary: {token: [...]}`), else as `json` leaves them.
  package static func variable(_ variable: SweepVariable) -> SweepVariable {
    SweepVariable(
      path: variable.path,
      values: variable.values.map { value in
        guard isSecretKey(variable.path), let text = value.string else { return json(value) }
        var copy = value
        copy.kind = .string(secret(text))
        return copy
      })
  }
}
