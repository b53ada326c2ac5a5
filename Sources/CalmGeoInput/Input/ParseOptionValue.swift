/// A parse option's value as a sweep spec, a check manifest or the command line gives it,
/// before `ParseOptionDescriptor.apply` checks it and sets it on `ParseOptions`.
package enum ParseOptionValue: Sendable, Hashable {
  case string(String)
  case number(Double)
  case bool(Bool)
  /// Named values in order (a document's `{lat: Breite}`).
  case object([Field])
  /// Anything else a document may hold (null, a list): no option takes it.
  case other

  /// One named value of an `object`.
  package struct Field: Sendable, Hashable {
    package var key: String
    package var value: ParseOptionValue
    package init(_ key: String, _ value: ParseOptionValue) {
      self.key = key
      self.value = value
    }
  }
}

/// Why a value does not fit its option: what was expected, as the error's
/// "expected …, found …" says it (`a date such as "2024-05-01"`).
package struct ParseOptionMismatch: Sendable, Hashable, Error {
  package var expected: String
  package init(expected: String) { self.expected = expected }
}
