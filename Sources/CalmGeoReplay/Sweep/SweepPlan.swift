/// A sweep ready to run: its logs resolved to files, every configuration decoded, and
/// the manifest its output folder records.
package struct SweepPlan: Sendable {
  /// One log to replay.
  package struct Track: Sendable {
    /// As rows and outputs name it: the path relative to the spec's folder.
    package var name: String
    /// The path to open.
    package var path: String
    package var format: InputFormat?
    package var options: ParseOptions

    package init(name: String, path: String, format: InputFormat? = nil, options: ParseOptions = ParseOptions()) {
      self.name = name
      self.path = path
      self.format = format
      self.options = options
    }
  }

  package var manifest: SweepManifest
  package var tracks: [Track]
  /// One per grid index.
  package var configurations: [ReplayConfiguration]
  /// `manifest.specHash`, computed once.
  package let specHash: String

  /// Decodes every configuration of `spec` (base object already read).
  /// - Parameters:
  ///   - tracks: the resolved logs, with the options each spec item gave as written.
  ///   - baseSource: the base config's file when it came from one.
  /// - Throws: `DocumentError` for the spec (sweep spec) or the base file (config).
  package init(
    spec: SweepSpec, base: SpecNode, baseSource: String?,
    tracks: [(track: Track, written: [SpecNode.Field])]
  ) throws {
    // The token changes no number a sweep computes (it only fills a header): the grid
    // never holds it, so nothing the sweep writes can.
    let grid = SweepGrid(base: Redaction.json(base), variables: spec.variables.map(Redaction.variable))
    // Refused before anything is planned: planning holds every configuration (about 2 KB
    // each) and 9 000 000 of them grew past 2.75 GB.
    let limit = NumberBounds.sweepConfigurations
    guard grid.count <= limit else {
      let found = grid.count == .max ? "more than \(Int.max)" : String(grid.count)
      throw DocumentError(
        .sweepSpec, source: spec.source, key: "vary",
        reason: "the grid has \(found) configurations (the product of the vary lists' lengths); at most \(limit)"
          + " fit in one sweep: shorten the lists or split the study into several specs")
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
  package var rowCount: Int { tracks.count * configurations.count }
}
