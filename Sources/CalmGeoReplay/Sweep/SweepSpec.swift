/// A sweep as its spec file describes it: tracks, a base configuration, the keys to
/// vary, objectives and constraints (docs/SWEEP.md).
///
/// Paths are still as written (relative to the spec's folder, globs unexpanded) and
/// the base config may still be a file name; `SweepSpecFile` resolves both.
package struct SweepSpec: Sendable {
  /// The base configuration: an object written in the spec, or a config file's path.
  package enum Base: Sendable, Hashable {
    case inline(SpecNode)
    case file(String, line: Int)
  }

  /// The spec file as the user named it (for messages).
  package var source: String
  package var tracks: [SweepTrackSpec]
  package var base: Base
  /// In the order written: the last one varies fastest along the grid.
  package var variables: [SweepVariable]
  package var objectives: [SweepObjective]
  package var constraints: [SweepConstraint]

  package init(
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
