import Foundation

/// A track's stats value beyond a gate's limit; for a change gate (`max_increase`,
/// `max_decrease`) with the golden value it moved from.
package struct CheckGateViolation: Sendable, Hashable, CustomStringConvertible {
  package var track: String
  package var gate: CheckGates.Gate
  /// The fresh value.
  package var value: Double
  /// The golden (stored) value a change gate compares with; `nil` for `max` and `min`.
  package var golden: Double?

  package init(track: String, gate: CheckGates.Gate, value: Double, golden: Double? = nil) {
    self.track = track
    self.gate = gate
    self.value = value
    self.golden = golden
  }

  /// The fresh value less the golden one; `nil` without a golden value.
  package var change: Double? { golden.map { value - $0 } }

  /// The change as a percentage of the golden value; `nil` without one or from 0.
  package var changePercent: Double? {
    guard let golden, let change, golden != 0 else { return nil }
    return change / abs(golden) * 100
  }

  /// Whether the change from `golden` goes past a change gate's limit. A `%` limit from a
  /// golden 0 is broken by any change in the gate's direction.
  var breaksChangeLimit: Bool {
    guard let golden, let change else { return false }
    let moved = gate.kind == .maxIncrease ? change : -change
    guard gate.isPercent else { return !(moved <= gate.limit) }
    guard moved > 0 else { return false }
    // moved / |golden| * 100 > limit, without dividing (10 → 11 is exactly 10 %).
    return golden == 0 || moved * 100 > gate.limit * abs(golden)
  }

  /// `walk: fidelity.sed.p95 = 26.655 > 25`, or for a change gate
  /// `walk: uploads.requests 10 → 12 (+20 %), limit +10 %`.
  package var description: String {
    guard gate.kind.isChange, let golden else {
      let sign = gate.kind == .max ? ">" : "<"
      return "\(track): \(gate.path) = \(SweepText.number(value)) \(sign) \(SweepText.number(gate.limit))"
    }
    return "\(track): \(gate.path) \(Self.readable(golden)) → \(Self.readable(value)) (\(changeText)), "
      + "limit \(gate.limitText)"
  }

  /// `+20 %`, `+2` (an absolute gate), or `+2 from 0` (a `%` gate from a golden 0).
  package var changeText: String {
    guard let change else { return "" }
    if gate.isPercent, let percent = changePercent { return Self.signed(percent) + " %" }
    return Self.signed(change) + (gate.isPercent ? " from 0" : "")
  }

  /// A number with its sign, rounded to 12 significant digits (0.6 - 0.5 reads 0.1).
  static func signed(_ number: Double) -> String {
    (number > 0 ? "+" : number < 0 ? "-" : "") + readable(abs(number))
  }

  /// A number rounded to 12 significant digits, as JSON writes it.
  static func readable(_ number: Double) -> String {
    guard number.isFinite else { return SweepText.number(number) }
    return SweepText.number(Double(String(format: "%.12g", number)) ?? number)
  }
}

extension CheckGates.Gate {
  /// The limit with its direction and unit: `+10 %`, `-0.05`, or the bare number of `max`/`min`.
  package var limitText: String {
    let number = CheckGateViolation.readable(limit)
    switch kind {
    case .max, .min: return number
    case .maxIncrease: return "+" + number + (isPercent ? " %" : "")
    case .maxDecrease: return "-" + number + (isPercent ? " %" : "")
    }
  }
}
