/// A value that the closures of one reading share and change on every fix, without
/// run-time exclusivity checks.
///
/// A `var` captured by a closure that may escape (the GPX reader stores its `emit`)
/// has every access checked at run time; along the read pipeline that was 3% of a
/// GPX read. A `let` holding this class is not checked, and `value` is declared
/// unchecked. Use it only for state that one thread changes, never reentrantly.
final class UncheckedCell<Value> {
  @exclusivity(unchecked) var value: Value

  init(_ value: Value) { self.value = value }
}
