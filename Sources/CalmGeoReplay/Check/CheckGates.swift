/// Limits every track's fresh stats must respect (`check --assert`, or the manifest's
/// `assert`): `{"max": {"fidelity.sed.p95": 25}, "min": {"engine.keptRatio": 0.05}}`.
///
/// Paths are the dotted paths of `stats.json` that `compare` prints. A field that is
/// `null` for a track (no start to time, a log that ends moving) is not checked.
public struct CheckGates: Sendable, Hashable {
  /// One limit.
  public struct Gate: Sendable, Hashable {
    /// Whether the value may not exceed the limit (`max`) or fall below it (`min`).
    public enum Kind: String, Sendable, Hashable {
      case max, min
    }

    public var kind: Kind
    public var path: String
    public var limit: Double
    /// The file and line that set it, for errors.
    public var source: String
    public var line: Int

    public init(_ kind: Kind, _ path: String, _ limit: Double, source: String = "", line: Int = 0) {
      self.kind = kind
      self.path = path
      self.limit = limit
      self.source = source
      self.line = line
    }
  }

  public var gates: [Gate]

  public init(_ gates: [Gate] = []) {
    self.gates = gates
  }

  /// Reads `{"max": {path: limit, …}, "min": {…}}` from a gates file or the manifest's
  /// `assert` object (`key` names it in errors).
  public init(_ node: SpecNode, source: String, key: String = "") throws(CheckManifestError) {
    let reader = SweepSpecDecoder.Reader(source: source)
    let fields: [String: SpecNode]
    do {
      fields = try reader.object(node, key: key, known: ["max", "min"])
    } catch {
      throw CheckManifestError(error, document: key.isEmpty ? "gates" : "check manifest")
    }
    var gates: [Gate] = []
    // In the order written, so messages follow the file.
    for field in node.fields ?? [] {
      guard let kind = Gate.Kind(rawValue: field.key), let limits = fields[field.key] else { continue }
      let name = key.isEmpty ? field.key : "\(key).\(field.key)"
      guard let entries = limits.fields else {
        throw Self.fail(source, limits.line, name, "expected an object of stats paths and limits, found \(limits.rendered)", key)
      }
      for entry in entries {
        guard SweepObjective.isPath(entry.key) else {
          throw Self.fail(source, entry.value.line, "\(name).\(entry.key)", "not a stats path (e.g. fidelity.sed.p95)", key)
        }
        guard let limit = entry.value.number else {
          throw Self.fail(source, entry.value.line, "\(name).\(entry.key)", "expected a number, found \(entry.value.rendered)", key)
        }
        gates.append(Gate(kind, entry.key, limit, source: source, line: entry.value.line))
      }
    }
    self.gates = gates
  }

  private static func fail(_ source: String, _ line: Int, _ key: String, _ reason: String, _ parent: String) -> CheckManifestError {
    CheckManifestError(source: source, line: line, key: key, reason: reason, document: parent.isEmpty ? "gates" : "check manifest")
  }

  /// The limits `stats` breaks, in gate order.
  /// - Throws: a `CheckManifestError` naming a path the stats do not have, with the
  ///   closest one as a hint, or a path that is not a number.
  public func violations(of stats: ReplayStats, track: String) throws(CheckManifestError) -> [CheckGateViolation] {
    let leaves = StatsComparison.leaves((try? OrderedJSONEncoder().encode(stats)) ?? .null)
    let values = Dictionary(leaves.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    var violations: [CheckGateViolation] = []
    for gate in gates {
      guard let value = values[gate.path] else {
        let hint = ClosestName.find(gate.path, in: leaves.map(\.path)).map { "; did you mean '\($0)'?" } ?? ""
        throw CheckManifestError(source: gate.source, line: gate.line, key: "\(gate.kind.rawValue).\(gate.path)",
                                 reason: "no such field in stats.json of \(track)\(hint)", document: "gates")
      }
      let number: Double
      switch value {
      case .null: continue
      case .int(let whole): number = Double(whole)
      case .double(let real): number = real
      default:
        throw CheckManifestError(source: gate.source, line: gate.line, key: "\(gate.kind.rawValue).\(gate.path)",
                                 reason: "not a number in stats.json (\(value.rendered(pretty: false)))", document: "gates")
      }
      let broken = gate.kind == .max ? !(number <= gate.limit) : !(number >= gate.limit)
      if broken { violations.append(CheckGateViolation(track: track, gate: gate, value: number)) }
    }
    return violations
  }
}

/// A track's stats value beyond a gate's limit.
public struct CheckGateViolation: Sendable, Hashable, CustomStringConvertible {
  public var track: String
  public var gate: CheckGates.Gate
  public var value: Double

  /// `walk: fidelity.sed.p95 = 26.655 > 25`
  public var description: String {
    "\(track): \(gate.path) = \(SweepText.number(value)) \(gate.kind == .max ? ">" : "<") \(SweepText.number(gate.limit))"
  }
}
