import Foundation

extension SweepSpecDecoder.Reader {
  static let rangeFields = ["from", "to", "step"]
  static let randomFields = ["random", "seed", "from", "to"]
  /// A larger grid along one key is almost surely a typo in `step`.
  static let maxValuesPerKey = 100_000

  /// `vary`: each key's values, in the order the keys are written.
  func variables(_ node: SpecNode) throws(DocumentError) -> [SweepVariable] {
    guard let fields = node.fields else {
      throw fail(node, "vary", "expected an object mapping config keys to values, found \(node.rendered)")
    }
    var result: [SweepVariable] = []
    for field in fields {
      let key = "vary.\(field.key)"
      guard SweepObjective.isPath(field.key), !field.key.contains("[") else {
        throw fail(field.value, key, "expected a CalmGeo key or a dotted replay.* path")
      }
      result.append(SweepVariable(path: field.key, values: try values(field.value, path: field.key, key: key)))
    }
    return result
  }

  /// A list of values, `{from, to, step}` or `{random, seed, from, to}`.
  private func values(_ node: SpecNode, path: String, key: String) throws(DocumentError) -> [SpecNode] {
    switch node.kind {
    case .array(let items):
      guard !items.isEmpty else { throw fail(node, key, "expected at least one value, found []") }
      return items
    case .object(let fields):
      if fields.contains(where: { $0.key == "random" }) { return try random(node, path: path, key: key) }
      return try range(node, key: key)
    default:
      throw fail(
        node, key,
        "expected a list of values, {from, to, step} or {random: N, seed: S, from, to}, found \(node.rendered)")
    }
  }

  private func number(_ fields: [String: SpecNode], _ name: String, in node: SpecNode, key: String)
    throws(DocumentError) -> Double
  {
    guard let value = fields[name] else { throw fail(node, "\(key).\(name)", "missing; expected a number") }
    guard let number = value.number else {
      throw fail(value, "\(key).\(name)", "expected a number, found \(value.rendered)")
    }
    return number
  }

  /// `{from, to, step}`, both ends included; values are `from + i·step` (no running sum),
  /// rounded to the decimals written in `from` and `step` (so 0.1 steps give 0.3, not
  /// 0.30000000000000004).
  private func range(_ node: SpecNode, key: String) throws(DocumentError) -> [SpecNode] {
    let fields = try object(node, key: key, known: Self.rangeFields)
    let from = try number(fields, "from", in: node, key: key)
    let to = try number(fields, "to", in: node, key: key)
    let step = try number(fields, "step", in: node, key: key)
    guard step != 0, (to - from) * step >= 0 else {
      throw fail(
        fields["step"] ?? node, "\(key).step",
        "expected a step \(to >= from ? "more" : "less") than 0 to go from \(SweepText.number(from)) to \(SweepText.number(to)), found \(SweepText.number(step))"
      )
    }
    let steps = ((to - from) / step * (1 + 1e-12) + 1e-9).rounded(.down)
    guard steps < Double(Self.maxValuesPerKey) else {
      // A range wider than any double (-1e308 to 1e308) has infinitely many steps.
      let found = steps.isFinite ? SweepText.number(steps + 1) : "more than any number"
      throw fail(node, key, "expected at most \(Self.maxValuesPerKey) values, found \(found) (check step)")
    }
    let scale = pow(10, Double(max(Self.decimals(from), Self.decimals(step))))
    return (0...Int(steps)).map { i in
      SpecNode(.number(((from + Double(i) * step) * scale).rounded() / scale), line: node.line)
    }
  }

  /// `{random: N, seed: S, from, to}`: N uniform draws from `SplitMix64(seed: S)` (seed 0
  /// when absent), whole numbers in [from, to] for keys the config decoder takes as
  /// whole numbers, reals in [from, to) otherwise.
  private func random(_ node: SpecNode, path: String, key: String) throws(DocumentError) -> [SpecNode] {
    let fields = try object(node, key: key, known: Self.randomFields)
    let count = try number(fields, "random", in: node, key: key)
    guard count >= 1, count == count.rounded(), count <= Double(Self.maxValuesPerKey) else {
      throw fail(
        fields["random"] ?? node, "\(key).random",
        "expected a whole number of draws from 1 to \(Self.maxValuesPerKey), found \(SweepText.number(count))")
    }
    let seed = try fields["seed"] == nil ? 0 : number(fields, "seed", in: node, key: key)
    guard seed >= 0, seed == seed.rounded(), seed < 0x1p64 else {
      throw fail(
        fields["seed"] ?? node, "\(key).seed", "expected a whole number 0 or more, found \(SweepText.number(seed))")
    }
    let from = try number(fields, "from", in: node, key: key)
    let to = try number(fields, "to", in: node, key: key)
    guard from <= to else {
      throw fail(node, key, "expected from ≤ to, found from \(SweepText.number(from)), to \(SweepText.number(to))")
    }
    let whole = Self.takesWholeNumbers(path)
    if whole, from != from.rounded() || to != to.rounded() {
      throw fail(
        node, key,
        "'\(path)' takes whole numbers: expected whole from and to, found \(SweepText.number(from)) and \(SweepText.number(to))"
      )
    }
    var generator = SplitMix64(seed: UInt64(seed))
    return (0..<Int(count)).map { _ in
      let unit = generator.nextUnit()
      let value = whole ? min(from + (unit * (to - from + 1)).rounded(.down), to) : from + unit * (to - from)
      return SpecNode(.number(value), line: node.line)
    }
  }

  /// The decimals needed to write `value` exactly (at most 15): 0 for 16, 2 for 0.25.
  static func decimals(_ value: Double) -> Int {
    var scale = 1.0
    for digits in 0...15 {
      if (value * scale).rounded() / scale == value { return digits }
      scale *= 10
    }
    return 15
  }

  /// Whether the config decoder refuses a fraction at `path` ("expected a whole number"):
  /// the decoder is the one place that knows which keys are integers.
  static func takesWholeNumbers(_ path: String) -> Bool {
    let probe = SpecNode.object(setting: path, to: SpecNode(.number(0.5)))
    do {
      _ = try ReplayConfigurationDecoder.decode(probe, source: "probe", positions: false)
      return false
    } catch {
      return error.reason.hasPrefix("expected a whole number")
    }
  }
}
