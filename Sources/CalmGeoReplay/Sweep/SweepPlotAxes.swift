/// The two result paths `sweep.html` plots against each other (`--plot x,y`); by
/// default the first two objectives.
package struct SweepPlotAxes: Sendable, Hashable, CustomStringConvertible {
  /// Dotted paths into `stats.json`, e.g. `energy.percentPerHour`.
  package var x: String
  package var y: String

  package init(x: String, y: String) {
    self.x = x
    self.y = y
  }

  /// Parses `x,y`: two dotted stats paths (spaces ignored); `nil` for anything else.
  package init?(_ text: String) {
    let parts = text.filter { $0 != " " }.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, parts.allSatisfy(SweepObjective.isPath) else { return nil }
    self.init(x: parts[0], y: parts[1])
  }

  /// The first two objectives' paths; `nil` with fewer than two objectives.
  package static func defaults(_ objectives: [SweepObjective]) -> Self? {
    objectives.count >= 2 ? Self(x: objectives[0].path, y: objectives[1].path) : nil
  }

  /// Why the axes cannot be plotted from rows with result paths `known` (with a "did
  /// you mean"), or `nil` when they can.
  ///
  /// With `complete` false (`known` are the first row's paths), a path whose section is
  /// absent from that row is let through, as for objectives.
  package func problem(known: [String], complete: Bool) -> String? {
    let set = Set(known)
    let sections = Set(known.map { $0.prefix { $0 != "." } })
    for path in [x, y] where !set.contains(path) {
      guard complete || sections.contains(path.prefix { $0 != "." }) else { continue }
      let hint =
        ClosestName.find(path, in: known).map { "did you mean '\($0)'?" }
        ?? "expected a number of stats.json such as engine.keptRatio or energy.percentPerHour"
      return "--plot: '\(path)' is not a result number; \(hint)"
    }
    return nil
  }

  /// `energy.percentPerHour,uploads.requests`
  package var description: String { "\(x),\(y)" }
}
