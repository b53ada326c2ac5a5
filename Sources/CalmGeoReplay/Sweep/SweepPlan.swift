/// A sweep ready to run: its logs resolved to files, every configuration decoded, and
/// the manifest its output folder records.
public struct SweepPlan: Sendable {
  /// One log to replay.
  public struct Track: Sendable {
    /// As rows and outputs name it: the path relative to the spec's folder.
    public var name: String
    /// The path to open.
    public var path: String
    public var format: InputFormat?
    public var options: ParseOptions

    public init(name: String, path: String, format: InputFormat? = nil, options: ParseOptions = ParseOptions()) {
      self.name = name
      self.path = path
      self.format = format
      self.options = options
    }
  }

  public var manifest: SweepManifest
  public var tracks: [Track]
  /// One per grid index.
  public var configurations: [ReplayConfiguration]
  /// `manifest.specHash`, computed once.
  public let specHash: String

  /// Decodes every configuration of `spec` (base object already read).
  /// - Parameters:
  ///   - tracks: the resolved logs, with the options each spec item gave as written.
  ///   - baseSource: the base config's file when it came from one.
  /// - Throws: `SweepSpecError`, or the base file's `ConfigError`.
  public init(spec: SweepSpec, base: SpecNode, baseSource: String?,
              tracks: [(track: Track, written: [SpecNode.Field])]) throws {
    // The token changes no number a sweep computes (it only fills a header): the grid
    // never holds it, so nothing the sweep writes can.
    let grid = SweepGrid(base: Redaction.json(base), variables: spec.variables.map(Redaction.variable))
    guard grid.count < 10_000_000 else {
      throw SweepSpecError(source: spec.source, key: "vary",
                           reason: "expected fewer than 10000000 configurations, found \(grid.count == .max ? "more" : String(grid.count))")
    }
    configurations = try grid.configurations(source: spec.source, baseSource: baseSource)
    self.tracks = tracks.map(\.track)
    let name = spec.source.split(separator: "/").last.map(String.init) ?? spec.source
    manifest = SweepManifest(
      spec: name, tracks: tracks.map { SweepManifest.Track(name: $0.track.name, options: $0.written) }, grid: grid,
      objectives: spec.objectives, constraints: spec.constraints)
    specHash = manifest.specHash
  }

  /// Rows in the grid: tracks × configurations.
  public var rowCount: Int { tracks.count * configurations.count }
}
