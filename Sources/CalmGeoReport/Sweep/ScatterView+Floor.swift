import CalmGeoReplay

/// The floor under `sweep.html`'s points-versus-error chart: at each tolerance ε of the tracks'
/// min-# ladders (`efficiency.ladder`, computed once per track), the mean over the tracks of the
/// fewest points any sampler could keep within ε. Drawn when x is an SED max (`fidelity.sed.max`,
/// `efficiency.sedMaxMetres`) and y a count of kept points (`engine.emitted`, `efficiency.kept`).
///
/// Every track of every configuration lies on or above its own ladder at its own error; the mean
/// of the ladders is the same kind of bound for a configuration whose tracks share one error, and
/// a guide otherwise (the mean of bounds at different errors is not the bound at the mean error).
enum ScatterFloor {
  static let errorPaths: Set<String> = ["fidelity.sed.max", "efficiency.sedMaxMetres"]
  static let pointPaths: Set<String> = ["engine.emitted", "efficiency.kept"]

  /// The floor's (ε, mean points) pairs within the x range `xRange`; empty when the axes are not
  /// points versus error or the rows have no ladder.
  static func points(_ facts: SweepFacts, axes: SweepPlotAxes, xRange: ClosedRange<Double>) -> [(Double, Double)] {
    guard errorPaths.contains(axes.x), pointPaths.contains(axes.y), let any = facts.configurations.first else {
      return []
    }
    return EfficiencyLadder.epsilons.indices.compactMap { k -> (Double, Double)? in
      let epsilon = facts.mean(any, "efficiency.ladder[\(k)].epsilonMetres")
      let count = facts.mean(any, "efficiency.ladder[\(k)].optimumPoints")
      guard epsilon.isFinite, count.isFinite, xRange.contains(epsilon) else { return nil }
      return (epsilon, count)
    }
  }
}
