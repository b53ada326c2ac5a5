internal import Yams

/// Reads a YAML document into a `SpecNode` with libyaml (through Yams), keeping the
/// order of mapping keys and each value's line.
///
/// Plain scalars resolve as YAML 1.1 core types (`10` a number, `true` a boolean, `~`
/// null); quoted scalars and everything else (dates included) stay strings. Aliases
/// (`*name`) are refused before any tree is built (`SpecYAMLAliasScan`): expanded, a few
/// hundred bytes of them reach gigabytes.
public enum SpecYAMLReader {
  /// What an alias error says to do.
  static let aliasAdvice =
    "YAML aliases (*name) are not supported: write the value out in full where the alias stands"
    + " (anchors and aliases could make a few hundred bytes expand to gigabytes)"

  /// Parses `text`; `source` names the file in errors.
  public static func read(_ text: String, source: String) throws(DocumentError) -> SpecNode {
    if let (line, column) = SpecYAMLAliasScan.firstAlias(in: text) {
      throw DocumentError(.sweepSpec, source: source, line: line, column: column, key: "", reason: aliasAdvice)
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text, Resolver.default.removing(.timestamp))
    } catch let error as YamlError {
      throw describe(error, source: source)
    } catch {
      throw DocumentError(.sweepSpec, source: source, key: "", reason: "not valid YAML: \(error)")
    }
    guard let root else { throw DocumentError(.sweepSpec, source: source, key: "", reason: "the file is empty") }
    return try node(root, source: source)
  }

  private static func node(_ node: Node, source: String) throws(DocumentError) -> SpecNode {
    let line = node.mark?.line ?? 0
    let column = node.mark?.column ?? 0
    switch node {
    case .scalar(let scalar):
      switch node.tag.rawValue {
      case Tag.Name.null.rawValue: return SpecNode(.null, line: line, column: column)
      case Tag.Name.bool.rawValue:
        if let flag = node.bool { return SpecNode(.bool(flag), line: line, column: column) }
      case Tag.Name.int.rawValue:
        if let whole = node.int { return SpecNode(.number(Double(whole)), line: line, column: column) }
      case Tag.Name.float.rawValue:
        if let number = node.float, number.isFinite { return SpecNode(.number(number), line: line, column: column) }
      default: break
      }
      return SpecNode(.string(scalar.string), line: line, column: column)
    case .sequence(let sequence):
      var items: [SpecNode] = []
      for item in sequence { items.append(try self.node(item, source: source)) }
      return SpecNode(.array(items), line: line, column: column)
    case .mapping(let mapping):
      var fields: [SpecNode.Field] = []
      var seen = Set<String>()
      for (key, value) in mapping {
        guard case .scalar(let name) = key else {
          throw DocumentError(
            .sweepSpec, source: source, line: key.mark?.line ?? line, key: "", reason: "keys must be plain text")
        }
        guard seen.insert(name.string).inserted else {
          throw DocumentError(
            .sweepSpec, source: source, line: key.mark?.line ?? line, key: name.string, reason: "duplicate key")
        }
        fields.append(SpecNode.Field(name.string, try self.node(value, source: source)))
      }
      return SpecNode(.object(fields), line: line, column: column)
    case .alias:
      throw DocumentError(.sweepSpec, source: source, line: line, column: column, key: "", reason: aliasAdvice)
    }
  }

  /// libyaml's problem at its line, without Yams' copy of the whole input.
  private static func describe(_ error: YamlError, source: String) -> DocumentError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return DocumentError(.sweepSpec, source: source, line: mark.line, key: "", reason: "not valid YAML: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return DocumentError(
        .sweepSpec, source: source, line: context.mark.line, key: duplicates.first ?? "", reason: "duplicate key")
    default:
      return DocumentError(.sweepSpec, source: source, key: "", reason: "not valid YAML: \(error)")
    }
  }
}
