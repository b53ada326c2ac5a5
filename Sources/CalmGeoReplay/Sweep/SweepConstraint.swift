/// A condition every track's row of a configuration must meet, e.g.
/// `fidelity.sed.p95 <= 20` or `stops.missed == 0`.
package struct SweepConstraint: Sendable, Hashable, CustomStringConvertible {
  /// A comparison operator.
  package enum Operator: String, Sendable, Hashable, CaseIterable {
    case lessOrEqual = "<="
    case less = "<"
    case greaterOrEqual = ">="
    case greater = ">"
    case equal = "=="
    case notEqual = "!="

    /// Whether `value` compared with `bound` holds.
    package func holds(_ value: Double, _ bound: Double) -> Bool {
      switch self {
      case .lessOrEqual: value <= bound
      case .less: value < bound
      case .greaterOrEqual: value >= bound
      case .greater: value > bound
      case .equal: value == bound
      case .notEqual: value != bound
      }
    }
  }

  /// A dotted path into `stats.json`.
  package var path: String
  package var op: Operator
  package var bound: Double

  package init(_ path: String, _ op: Operator, _ bound: Double) {
    self.path = path
    self.op = op
    self.bound = bound
  }

  /// Parses `path op number` (spaces around the operator optional); `nil` otherwise.
  package init?(_ text: String) {
    // Two-character operators first, so `<=` is not read as `<`.
    let ordered = Operator.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
    for op in ordered {
      guard let range = text.range(of: op.rawValue) else { continue }
      let path = trimmed(text[..<range.lowerBound])
      let number = trimmed(text[range.upperBound...])
      guard SweepObjective.isPath(path), let bound = Double(number), bound.isFinite else { return nil }
      self.init(path, op, bound)
      return
    }
    return nil
  }

  /// Whether a row's value meets the constraint; a missing value does not.
  package func isMet(by value: Double?) -> Bool {
    guard let value, !value.isNaN else { return false }
    return op.holds(value, bound)
  }

  /// How far `value` is from meeting the constraint, relative to the bound (0 when met;
  /// 1 for a missing value or a failed `==`/`!=` on a zero bound).
  package func excess(_ value: Double?) -> Double {
    guard let value, !value.isNaN else { return 1 }
    guard !isMet(by: value) else { return 0 }
    return max(abs(value - bound), op == .notEqual ? 1 : 0) / max(abs(bound), 1)
  }

  /// `fidelity.sed.p95 <= 20`
  package var description: String { "\(path) \(op.rawValue) \(SweepText.number(bound))" }
}

/// `text` without leading and trailing whitespace.
private func trimmed(_ text: Substring) -> String {
  String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
