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

  public init(
    source: String, tracks: [SweepTrackSpec], base: Base, variables: [SweepVariable],
    objectives: [SweepObjective], constraints: [SweepConstraint]
  ) {
    self.source = source
    self.tracks = tracks
    self.base = base
    self.variables = variables
    self.objectives = objectives
    self.constraints = constraints
  }
}
