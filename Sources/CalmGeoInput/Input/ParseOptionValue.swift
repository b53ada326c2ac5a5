/// A parse option's value as a sweep spec, a check manifest or the command line gives it,
/// before `ParseOptionDescriptor.apply` checks it and sets it on `ParseOptions`.
public enum ParseOptionValue: Sendable, Hashable {
  case string(String)
  case number(Double)
  case bool(Bool)
  /// Named values in order (a document's `{lat: Breite}`).
  case object([Field])
  /// Anything else a document may hold (null, a list): no option takes it.
  case other

  /// One named value of an `object`.
  public struct Field: Sendable, Hashable {
    public var key: String
    public var value: ParseOptionValue
    public init(_ key: String, _ value: ParseOptionValue) {
      self.key = key
      self.value = value
    }
  }
}

/// Why a value does not fit its option: what was expected, as the error's
/// "expected …, found …" says it (`a date such as "2024-05-01"`).
public struct ParseOptionMismatch: Sendable, Hashable, Error {
  public var expected: String
  public init(expected: String) { self.expected = expected }
}
