/// Reads a check manifest or a sweep spec and reports its first problem without running
/// anything. Their decoders and models serve the command line and are package-only; this is
/// what another package needs to validate one (an editor's linter, the fuzz harnesses).
public enum DocumentCheck {
  /// Throws the first problem of `node` read as a check manifest (`check.json`, `check.yaml`).
  public static func checkManifest(_ node: SpecNode, source: String) throws(DocumentError) {
    _ = try CheckManifestDecoder.decode(node, source: source)
  }

  /// Throws the first problem of `text` (JSON or YAML) read as a sweep spec.
  public static func sweepSpec(_ text: String, source: String) throws(DocumentError) {
    _ = try SweepSpecDecoder.decode(text, source: source)
  }

  /// Throws the first problem of `node` read as a sweep spec.
  public static func sweepSpec(_ node: SpecNode, source: String) throws(DocumentError) {
    _ = try SweepSpecDecoder.decode(node, source: source)
  }
}
