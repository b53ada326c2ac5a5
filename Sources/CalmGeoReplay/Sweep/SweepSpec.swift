/// A sweep as its spec file describes it: tracks, a base configuration, the keys to
/// vary, objectives and constraints (docs/SWEEP.md).
///
/// Paths are still as written (relative to the spec's folder, globs unexpanded) and
/// the base config may still be a file name; `SweepSpecFile` resolves both.
public struct SweepSpec: Sendable {
  /// The base configuration: an object written in the spec, or a config file's path.
  public enum Base: Sendable, Hashable {
    case inline(SpecNode)
    case file(String, line: Int)
  }

  /// The spec file as the user named it (for messages).
  public var source: String
  public var tracks: [SweepTrackSpec]
  public var base: Base
  /// In the order written: the last one varies fastest along the grid.
  public var variables: [SweepVariable]
  public var objectives: [SweepObjective]
  public var constraints: [SweepConstraint]

  public init(source: String, tracks: [SweepTrackSpec], base: Base, variables: [SweepVariable],
              objectives: [SweepObjective], constraints: [SweepConstraint]) {
    self.source = source
    self.tracks = tracks
    self.base = base
    self.variables = variables
    self.objectives = objectives
    self.constraints = constraints
  }
}

/// One `tracks` item: a path or glob with the options for reading what it names.
public struct SweepTrackSpec: Sendable {
  /// A path or a glob (`*`, `?`, `[…]`), relative to the spec's folder unless absolute.
  public var pattern: String
  /// Read as this format instead of detecting it.
  public var format: InputFormat?
  /// Parser settings (`date`, `utcOffset`, `timeFormat`, …).
  public var options: ParseOptions
  /// The item's options as written, without `path` (recorded in `sweep.json`).
  public var written: [SpecNode.Field]
  /// The spec line of the item.
  public var line: Int

  public init(pattern: String, format: InputFormat? = nil, options: ParseOptions = ParseOptions(),
              written: [SpecNode.Field] = [], line: Int = 0) {
    self.pattern = pattern
    self.format = format
    self.options = options
    self.written = written
    self.line = line
  }
}

/// One varied key and the values it takes, in grid order.
public struct SweepVariable: Sendable, Hashable {
  /// A CalmGeo key (`distanceFilter`) or a dotted `replay.*` path (`replay.network.failureRate`).
  public var path: String
  /// At least one value.
  public var values: [SpecNode]

  public init(path: String, values: [SpecNode]) {
    self.path = path
    self.values = values
  }
}
