import Foundation

/// Reads a scenario file (JSON or YAML) into a `Scenario`, with errors that name the
/// file, the entry (index and line) and what was expected.
///
/// The document is a list of calls, or an object whose `calls` is that list. Each call
/// is `{call, at | after, config}`:
/// - `at`: an ISO 8601 time (`2024-05-01T07:10:00Z`), a time after the first fix
///   (`+600s`, `+10m`, `+1h30m`, `+250ms`), or a fix number (`fix#1200`, from 1);
/// - `after`: an event and its number, with an optional delay (`motionchange#3, +30s`);
///   events: `fix`, `location`, `motionchange`, `monitoring`, `geofenceExit`;
/// - `config` (restart only): an object of CalmGeo keys, or the path of a config file,
///   merged over the configuration in force; checked by the config decoder.
public enum ScenarioDecoder {
  static let entryKeys = ["call", "at", "after", "config"]

  /// Decodes `text`; `source` names the file in errors; `configFile` reads a restart's
  /// config file named by a path as written (the caller resolves it against the
  /// scenario's folder).
  public static func decode(
    _ text: String, source: String, configFile: (String) throws -> Data = { _ in throw CocoaError(.fileNoSuchFile) }
  ) throws(DocumentError) -> Scenario {
    let lower = source.lowercased()
    let isJSON =
      lower.hasSuffix(".json")
      || (!lower.hasSuffix(".yaml") && !lower.hasSuffix(".yml")
        && "{[".contains(text.first { !$0.isWhitespace } ?? " "))
    let root: SpecNode
    do {
      root = isJSON ? try SpecJSONReader.read(text, source: source) : try SpecYAMLReader.read(text, source: source)
    } catch {
      throw DocumentError(.scenario, source: source, line: error.line, column: error.column, reason: error.reason)
    }
    var list = root
    if let fields = root.fields {
      for field in fields where field.key != "calls" {
        throw DocumentError(
          .scenario, source: source, line: field.value.line,
          reason: "unknown key '\(field.key)'; a scenario is {calls: [...]} or a list of calls")
      }
      guard let calls = root["calls"] else {
        throw DocumentError(.scenario, source: source, line: root.line, reason: "missing 'calls': the list of calls")
      }
      list = calls
    }
    guard case .array(let items) = list.kind else {
      throw DocumentError(
        .scenario, source: source, line: list.line,
        reason: "expected a list of calls such as [{call: start, at: \"+0s\"}], found \(list.rendered)")
    }
    var entries: [Scenario.Entry] = []
    for (index, item) in items.enumerated() {
      entries.append(try entry(item, index: index, source: source, configFile: configFile))
    }
    return Scenario(entries: entries, source: source)
  }

  private static func entry(
    _ item: SpecNode, index: Int, source: String, configFile: (String) throws -> Data
  ) throws(DocumentError) -> Scenario.Entry {
    func fail(_ node: SpecNode, _ reason: String) -> DocumentError {
      DocumentError(
        .scenario, source: source, line: node.line > 0 ? node.line : item.line, key: "calls[\(index)]", reason: reason)
    }
    guard let fields = item.fields else {
      throw fail(item, "expected {call, at} or {call, after}, found \(item.rendered)")
    }
    for field in fields where !entryKeys.contains(field.key) {
      let hint = ClosestName.find(field.key, in: entryKeys).map { "; did you mean '\($0)'?" } ?? ""
      throw fail(field.value, "unknown key '\(field.key)'\(hint) (keys: \(entryKeys.joined(separator: ", ")))")
    }
    guard let callNode = item["call"] else { throw fail(item, "missing 'call'") }
    let names = AppCall.Name.allCases.map(\.rawValue)
    guard let text = callNode.string, let name = AppCall.Name(rawValue: text) else {
      let hint = callNode.string.flatMap { ClosestName.find($0, in: names) }.map { "did you mean '\($0)'? " } ?? ""
      throw fail(callNode, "unknown call \(callNode.rendered); \(hint)calls: \(names.joined(separator: ", "))")
    }
    let time: Scenario.Time
    switch (item["at"], item["after"]) {
    case (let at?, nil): time = try self.at(at, fail: fail)
    case (nil, let after?): time = try self.after(after, fail: fail)
    case (.some, .some): throw fail(item, "give either 'at' or 'after', not both")
    case (nil, nil):
      throw fail(
        item, "missing 'at' (\"+10m\", \"2024-05-01T07:10:00Z\", \"fix#1200\") or 'after' (\"motionchange#3, +30s\")")
    }
    let call: AppCall
    if name == .restart {
      call = .restart(
        try patch(item["config"], item: item, index: index, source: source, configFile: configFile, fail: fail))
    } else {
      if let config = item["config"] { throw fail(config, "only restart takes a 'config'") }
      call = AppCall(plain: name)!
    }
    return Scenario.Entry(call, at: time, line: item.line)
  }

  private static func at(_ node: SpecNode, fail: (SpecNode, String) -> DocumentError) throws(DocumentError)
    -> Scenario.Time
  {
    let expected = "expected \"+600s\", \"+10m\", an ISO 8601 time such as \"2024-05-01T07:10:00Z\" or \"fix#1200\""
    guard let text = node.string?.trimmingCharacters(in: .whitespaces) else {
      throw fail(node, "\(expected) (quoted), found \(node.rendered)")
    }
    if text.hasPrefix("+") {
      guard let offset = duration(text) else { throw fail(node, "\(expected), found \(node.rendered)") }
      return .sinceFirstFix(offset)
    }
    if let (event, number) = eventNumber(text) {
      guard event == .fix else { throw fail(node, "'at' takes fix#N; use 'after' for \(event.rawValue)#\(number)") }
      return .atFix(number)
    }
    guard let millis = ISO8601Parser.parse(text) else { throw fail(node, "\(expected), found \(node.rendered)") }
    return .absolute(millis)
  }

  private static func after(_ node: SpecNode, fail: (SpecNode, String) -> DocumentError) throws(DocumentError)
    -> Scenario.Time
  {
    let events = Scenario.Event.allCases.map(\.rawValue).joined(separator: ", ")
    let expected =
      "expected an event and its number with an optional delay, such as \"motionchange#3, +30s\" (events: \(events))"
    guard let text = node.string else { throw fail(node, "\(expected), found \(node.rendered)") }
    let parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    // `after: ""` has no parts at all (it trapped on `parts[0]`).
    guard let first = parts.first, let (event, number) = eventNumber(first) else {
      throw fail(node, "\(expected), found \(node.rendered)")
    }
    var offset: Int64 = 0
    if parts.count == 2 {
      guard parts[1].hasPrefix("+"), let delay = duration(parts[1]) else {
        throw fail(node, "the delay must be \"+30s\", \"+2m\" or similar (0 or more), found \"\(parts[1])\"")
      }
      offset = delay
    }
    return .after(event, number: number, offset: offset)
  }

  /// `motionchange#3` → (.motionchange, 3); numbers from 1.
  static func eventNumber(_ text: String) -> (Scenario.Event, Int)? {
    let parts = text.split(separator: "#", omittingEmptySubsequences: false)
    guard parts.count == 2, let event = Scenario.Event(rawValue: String(parts[0])),
      parts[1].allSatisfy(\.isASCII), let number = Int(parts[1]), number >= 1
    else { return nil }
    return (event, number)
  }

  /// `+600s`, `+10m`, `+1h30m`, `+1.5s`, `+250ms` → milliseconds (at most ten years).
  static func duration(_ text: String) -> Int64? {
    var rest = Substring(text.dropFirst())
    guard !rest.isEmpty else { return nil }
    var total = 0.0
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !number.isEmpty, let value = Double(number) else { return nil }
      rest = rest.dropFirst(number.count)
      let unit = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(unit.count)
      switch unit {
      case "ms": total += value
      case "s": total += value * 1000
      case "m", "min": total += value * 60_000
      case "h": total += value * 3_600_000
      case "d": total += value * 86_400_000
      default: return nil
      }
    }
    guard total.isFinite, total <= 10 * 366 * 86_400_000 else { return nil }
    return Int64(total.rounded())
  }

  private static func patch(
    _ node: SpecNode?, item: SpecNode, index: Int, source: String, configFile: (String) throws -> Data,
    fail: (SpecNode, String) -> DocumentError
  ) throws(DocumentError) -> CalmGeoConfigPatch {
    guard let node else { return CalmGeoConfigPatch(keys: [], values: CalmGeoConfig()) }
    var name = "\(source):\(node.line) calls[\(index)].config"
    let written: SpecNode
    let values: ReplayConfiguration
    do throws(DocumentError) {
      switch node.kind {
      case .object:
        written = node
      case .string(let path):
        let data: Data
        do {
          data = try configFile(path)
        } catch {
          throw fail(node, "cannot read the restart config \"\(path)\": \(error.localizedDescription)")
        }
        name = path
        written = try ReplayConfigurationDecoder.read(data, source: name)
      default:
        throw fail(
          node, "expected a config object such as {distanceFilter: 50} or a config file's path, found \(node.rendered)")
      }
      values = try ReplayConfigurationDecoder.decode(written, source: name)
    } catch  where error.document == .config {
      throw fail(node, "restart config: \(error.key.isEmpty ? "" : "'\(error.key)': ")\(error.reason)")
    }
    let keys = Set(written.fields?.map(\.key) ?? [])
    if keys.contains("replay") {
      throw fail(node, "restart takes CalmGeo's keys only; replay settings belong to the run's --config")
    }
    return CalmGeoConfigPatch(keys: keys, values: values.calmGeo)
  }
}
