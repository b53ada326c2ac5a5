import Foundation

/// Limits every track's fresh stats must respect (`check --assert`, or the manifest's
/// `assert`): `{"max": {"fidelity.sed.p95": 25}, "min": {"engine.keptRatio": 0.05},
/// "max_increase": {"uploads.requests": "10%"}, "max_decrease": {"engine.keptRatio": 0.02}}`.
///
/// Paths are the dotted paths of `stats.json` that `compare` prints. A field that is
/// `null` for a track (no start to time, a log that ends moving) is not checked.
///
/// `max_increase` and `max_decrease` bound the change from the golden (stored) value: a
/// plain number is an absolute change, `10%` a change relative to the golden value. From a
/// golden value of 0 any change in the gated direction breaks a `%` limit (no percentage of
/// 0 is defined). A track with no stored stats (`--init`) is not held to these gates.
package struct CheckGates: Sendable, Hashable {
  /// One limit.
  package struct Gate: Sendable, Hashable {
    /// Whether the value may not exceed the limit (`max`), fall below it (`min`), or
    /// move from the golden value by more than it (`max_increase`, `max_decrease`).
    package enum Kind: String, Sendable, Hashable, CaseIterable {
      case max, min
      case maxIncrease = "max_increase"
      case maxDecrease = "max_decrease"

      /// Whether the limit bounds a change from the golden value.
      package var isChange: Bool { self == .maxIncrease || self == .maxDecrease }
    }

    package var kind: Kind
    package var path: String
    package var limit: Double
    /// Whether `limit` is a percentage of the golden value (`10%`); only for change gates.
    package var isPercent: Bool
    /// The file and line that set it, for errors.
    package var source: String
    package var line: Int

    package init(
      _ kind: Kind, _ path: String, _ limit: Double, percent: Bool = false,
      source: String = "", line: Int = 0
    ) {
      self.kind = kind
      self.path = path
      self.limit = limit
      self.isPercent = percent
      self.source = source
      self.line = line
    }
  }

  package var gates: [Gate]

  package init(_ gates: [Gate] = []) {
    self.gates = gates
  }

  /// Reads `{"max": {path: limit, …}, "min": {…}, "max_increase": {…}, "max_decrease": {…}}`
  /// from a gates file or the manifest's `assert` object (`key` names it in errors).
  package init(_ node: SpecNode, source: String, key: String = "") throws(DocumentError) {
    let reader = SweepSpecDecoder.Reader(source: source)
    let fields: [String: SpecNode]
    do {
      fields = try reader.object(node, key: key, known: Gate.Kind.allCases.map(\.rawValue))
    } catch {
      throw error.reported(as: key.isEmpty ? .gates : .checkManifest)
    }
    var gates: [Gate] = []
    // In the order written, so messages follow the file.
    for field in node.fields ?? [] {
      guard let kind = Gate.Kind(rawValue: field.key), let limits = fields[field.key] else { continue }
      let name = key.isEmpty ? field.key : "\(key).\(field.key)"
      guard let entries = limits.fields else {
        let reason = "expected an object of stats paths and limits, found \(limits.rendered)"
        throw Self.fail(source, limits, name, reason, key)
      }
      for entry in entries {
        let entryKey = "\(name).\(entry.key)"
        guard SweepObjective.isPath(entry.key) else {
          throw Self.fail(source, entry.value, entryKey, "not a stats path (e.g. fidelity.sed.p95)", key)
        }
        let (limit, percent) = try Self.limit(entry.value, kind: kind, source: source, key: entryKey, parent: key)
        gates.append(Gate(kind, entry.key, limit, percent: percent, source: source, line: entry.value.line))
      }
    }
    self.gates = gates
  }

  /// A limit as written: a number, or for a change gate a number ≥ 0 or a percentage `10%`.
  private static func limit(
    _ node: SpecNode, kind: Gate.Kind, source: String, key: String,
    parent: String
  ) throws(DocumentError) -> (Double, Bool) {
    if let number = node.number {
      guard number.isFinite else {
        throw fail(source, node, key, "expected a finite number, found \(node.rendered)", parent)
      }
      if kind.isChange, !NumberBounds.gateChange.contains(number) {
        throw fail(
          source, node, key,
          "expected a change ≥ 0 (\(kind.rawValue) already says the direction), "
            + "found \(node.rendered)", parent)
      }
      return (number, false)
    }
    guard let text = node.string, text.hasSuffix("%") else {
      let expected = kind.isChange ? "a number or a percentage of the golden value such as \"10%\"" : "a number"
      throw fail(source, node, key, "expected \(expected), found \(node.rendered)", parent)
    }
    guard kind.isChange else {
      throw fail(
        source, node, key,
        "a percentage is a change from the golden value: use it under max_increase or "
          + "max_decrease; \(kind.rawValue) takes the value itself, found \(node.rendered)", parent)
    }
    let digits = text.dropLast().trimmingCharacters(in: .whitespaces)
    guard let percent = Double(digits), percent.isFinite,
      digits.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" })
    else {
      throw fail(source, node, key, "'%' needs a number before it, such as \"10%\", found \(node.rendered)", parent)
    }
    guard NumberBounds.gatePercent.contains(percent) else {
      let bounds = NumberBounds.gatePercent
      throw fail(
        source, node, key,
        "expected a percentage from \(SweepText.number(bounds.lowerBound))% "
          + "to \(SweepText.number(bounds.upperBound))%, found \(node.rendered)", parent)
    }
    return (percent, true)
  }

  private static func fail(
    _ source: String, _ node: SpecNode, _ key: String, _ reason: String,
    _ parent: String
  ) -> DocumentError {
    DocumentError(
      parent.isEmpty ? .gates : .checkManifest, source: source, line: node.line, column: node.column, key: key,
      reason: reason)
  }

  /// The limits `stats` breaks, in gate order; change gates compare with `golden`, the
  /// stored stats (not checked when `nil`).
  /// - Throws: a `DocumentError` (gates) naming a path the stats do not have, with the
  ///   closest one as a hint, or a path that is not a number.
  package func violations(
    of stats: ReplayStats, golden: ReplayStats? = nil,
    track: String
  ) throws(DocumentError) -> [CheckGateViolation] {
    let leaves = StatsComparison.leaves((try? OrderedJSONEncoder().encode(stats)) ?? .null)
    let values = Dictionary(leaves.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    let goldenValues = golden.map { golden in
      let leaves = StatsComparison.leaves((try? OrderedJSONEncoder().encode(golden)) ?? .null)
      return Dictionary(leaves.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
    var violations: [CheckGateViolation] = []
    for gate in gates {
      guard let value = values[gate.path] else {
        let hint = ClosestName.find(gate.path, in: leaves.map(\.path)).map { "; did you mean '\($0)'?" } ?? ""
        throw DocumentError(
          .gates, source: gate.source, line: gate.line, key: "\(gate.kind.rawValue).\(gate.path)",
          reason: "no such field in stats.json of \(track)\(hint)")
      }
      guard let number = try Self.number(value, gate: gate) else { continue }
      guard gate.kind.isChange else {
        let broken = gate.kind == .max ? !(number <= gate.limit) : !(number >= gate.limit)
        if broken { violations.append(CheckGateViolation(track: track, gate: gate, value: number)) }
        continue
      }
      guard let goldenValues, let stored = goldenValues[gate.path], let old = try Self.number(stored, gate: gate) else {
        continue
      }
      let violation = CheckGateViolation(track: track, gate: gate, value: number, golden: old)
      if violation.breaksChangeLimit { violations.append(violation) }
    }
    return violations
  }

  /// A stats value as a number; `nil` for `null`.
  private static func number(_ value: OrderedJSON, gate: Gate) throws(DocumentError) -> Double? {
    switch value {
    case .null: return nil
    case .int(let whole): return Double(whole)
    case .double(let real): return real
    default:
      throw DocumentError(
        .gates, source: gate.source, line: gate.line, key: "\(gate.kind.rawValue).\(gate.path)",
        reason: "not a number in stats.json (\(value.rendered(pretty: false)))")
    }
  }
}
