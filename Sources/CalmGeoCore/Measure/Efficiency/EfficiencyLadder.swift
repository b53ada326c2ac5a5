/// The optimum and the greedy at a ladder of tolerances (2, 4, 8 … 512 m) for one track: its
/// rate-distortion curve, the floor under any sampler's points-versus-error. Depends on the raw
/// fixes alone, so a sweep computes it once per track (`TrackAnalysis`), never per configuration.
public struct EfficiencyLadder: Codable, Sendable, Hashable {
  /// One tolerance.
  public struct Rung: Codable, Sendable, Hashable {
    public var epsilonMetres: Double
    /// The fewest points within it, or a proven lower bound when not exact.
    public var optimumPoints: Int
    public var optimumExact: Bool
    public var greedyPoints: Int
  }

  /// The tolerances, metres.
  public static let epsilons: [Double] = (1...9).map { Double(1 << $0) }

  public var rungs: [Rung]

  /// The ladder of `track`, each rung under `workBudget`.
  public init(track: SEDTrack, workBudget: Int = MinSED.defaultWorkBudget) {
    let solver = MinSED(track, workBudget: workBudget)
    rungs = Self.epsilons.map { epsilon in
      let optimum = solver.optimum(e2: epsilon * epsilon)
      return Rung(
        epsilonMetres: epsilon, optimumPoints: optimum.points, optimumExact: optimum.exact,
        greedyPoints: solver.greedy(e2: epsilon * epsilon).count)
    }
  }
}
