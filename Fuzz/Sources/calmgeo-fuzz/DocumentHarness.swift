import CalmGeoReplay
import Foundation

/// The document readers shared by every JSON and YAML input (config, sweep specs,
/// scenarios, geofences, check manifests and gates, `--set`): `SpecJSONReader` for the
/// `jsondoc` target, `SpecYAMLReader` for `yamldoc`.
///
/// Besides not crashing (and finishing in time: libFuzzer's `-timeout` makes a slow
/// input a finding, which is how the old quadratic one-line JSON showed):
/// - a document read has at most one node per byte of input (no alias expansion);
/// - every node read has a position (line and column from 1) and errors point inside
///   the text;
/// - the node's JSON text reads back to the same node;
/// - the decoders of every document kind take the node without trapping.
enum DocumentHarness {
  static func run(_ bytes: [UInt8], yaml: Bool) {
    let text = String(decoding: bytes, as: UTF8.self)
    // An upper bound on the lines: YAML also breaks lines at a lone CR, NEL, LS and PS
    // (a CR LF counts twice here, which keeps it a bound).
    let breaks: Set<Unicode.Scalar> = yaml ? ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] : ["\n"]
    let lines = 1 + text.unicodeScalars.lazy.filter { breaks.contains($0) }.count
    let node: SpecNode
    do {
      node =
        yaml
        ? try SpecYAMLReader.read(text, source: "fuzz.yaml") : try SpecJSONReader.read(text, source: "fuzz.json")
    } catch {
      invariant(error.line >= 0 && error.line <= lines + 1, "error line \(error.line) of \(lines): \(error)")
      invariant(error.column >= 0, "error column \(error.column)")
      return
    }
    var count = 0
    visit(node) { child in
      count += 1
      invariant(child.line >= 1 && child.line <= lines + 1, "node line \(child.line) of \(lines)")
      invariant(child.column >= 1, "node column \(child.column)")
    }
    invariant(count <= bytes.count + 1, "\(count) nodes from \(bytes.count) bytes (an expansion)")
    let rendered = node.rendered
    do {
      let again = try SpecJSONReader.read(rendered, source: "rendered.json")
      invariant(again == node, "the JSON text reads back differently: \(rendered.prefix(200))")
    } catch {
      invariant(false, "the JSON text of a node is refused: \(error) in \(rendered.prefix(200))")
    }
    decodeEveryKind(node, rendered: rendered)
  }

  /// Each document kind's decoder on the node; errors are fine, traps are findings.
  private static func decodeEveryKind(_ node: SpecNode, rendered: String) {
    _ = try? GeofenceFileDecoder.decode(node, source: "fuzz")
    _ = try? DocumentCheck.checkManifest(node, source: "fuzz")
    _ = try? DocumentCheck.sweepSpec(node, source: "fuzz")
    _ = try? ScenarioDecoder.decode(rendered, source: "fuzz.json")
    _ = try? ReplayConfigurationDecoder.decode(Data(rendered.utf8), source: "fuzz.json")
  }

  /// Calls `body` on `node` and every node inside it, depth first.
  private static func visit(_ node: SpecNode, _ body: (SpecNode) -> Void) {
    body(node)
    switch node.kind {
    case .array(let items): for item in items { visit(item, body) }
    case .object(let fields): for field in fields { visit(field.value, body) }
    default: break
    }
  }
}
