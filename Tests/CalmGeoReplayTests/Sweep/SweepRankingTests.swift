import Testing

@testable import CalmGeoReplay

/// The recommendation on a hand-made sweep of 5 configurations × 2 tracks.
///
/// Means (energy, kept) per configuration, and whether `stops.missed == 0` holds on
/// both tracks: c0 (3, 0.5) yes, c1 (1, 0.125) yes, c2 (2, 0.5) no (track b missed 1),
/// c3 (2, 0.375) yes, c4 (4, 0.25) yes. Values are exact in binary, so ties are real.
struct SweepRankingTests {
  /// (energy, kept, missed) per configuration, per track.
  static let values: [[(Double, Double, Int)]] = [
    [(2, 0.25, 0), (4, 0.75, 0)],
    [(1, 0.125, 0), (1, 0.125, 0)],
    [(2, 0.5, 0), (2, 0.5, 1)],
    [(1.5, 0.375, 0), (2.5, 0.375, 0)],
    [(4, 0.25, 0), (4, 0.25, 0)],
  ]

  static func analysis(constraints: [String]) throws -> SweepAnalysis {
    var manifest = SweepManifest(
      spec: "s.yaml", tracks: [.init(name: "a.csv"), .init(name: "b.csv")],
      grid: SweepGrid(
        base: SpecNode(.object([])),
        variables: [
          SweepVariable(path: "distanceFilter", values: [10, 20, 30, 40, 50].map { SpecNode(.number($0)) })
        ]),
      objectives: [SweepObjective(.min, "energy.percentPerHour"), SweepObjective(.max, "engine.keptRatio")],
      constraints: constraints.compactMap(SweepConstraint.init))
    manifest.rows = 10
    var table = SweepTable()
    for track in 0..<2 {
      for configuration in 0..<5 {
        let (energy, kept, missed) = values[configuration][track]
        let line =
          #"{"specHash":"h","trackIndex":\#(track),"configIndex":\#(configuration),"stats":{"#
          + #""engine":{"keptRatio":\#(kept)},"energy":{"percentPerHour":\#(energy)},"stops":{"missed":\#(missed)}}}"#
        table.append(try SweepRow(line: line, file: "t", lineNumber: 1))
      }
    }
    return try SweepAnalysis(manifest: manifest, table: table)
  }

  @Test func closestToUtopiaOnTheFrontOfPassingConfigurations() throws {
    let analysis = try Self.analysis(constraints: ["stops.missed == 0"])
    // Front of passing c0, c1, c3, c4: c4 is dominated by c0. Ranges on it: energy 1…3,
    // kept 0.5…0.125. Normalised: c0 (1, 0) → 1; c1 (0, 1) → 1; c3 (0.5, 1/3) → 0.6009;
    // c4 (1.5, 2/3) → 1.6415. c1 and c0 tie at 1: lexicographically c1 (energy 1 < 3).
    #expect(analysis.ranking.order.map(\.configIndex) == [3, 1, 0, 4, 2])
    #expect(analysis.ranking.passing == 4)
    let winner = analysis.ranking.order[0]
    #expect(winner.meetsConstraints && winner.objectives == [2, 0.375])
    #expect(abs((winner.distance ?? 0) - (0.25 + 1.0 / 9).squareRoot()) < 1e-12)
    #expect(analysis.ranking.order[1].distance == 1 && analysis.ranking.order[2].distance == 1)
    #expect(
      analysis.ranking.order[4].violations == [
        SweepRanking.Violation(constraint: 0, failedRows: 1, worst: 1, worstTrack: 1)
      ])
    // The Pareto front of all configurations includes the failing c2, which dominates c0 and c3.
    #expect(analysis.pareto == [1, 2])
    #expect(SweepRecommendation.isMet(analysis))
    #expect(SweepRecommendation.configFile(analysis) == "{\n  \"distanceFilter\": 40\n}\n")
    let why = SweepRecommendation.explanation(analysis)
    #expect(why.hasPrefix("Recommended: configuration 3 of 5 (distanceFilter=40).\n"))
    #expect(why.contains("as 4 of 5 configurations do"))
    #expect(why.contains("Runner-up: configuration 1 of 5 (distanceFilter=20), distance 1\n"))
  }

  @Test func withoutPassingConfigurationsTheClosestIsNamed() throws {
    let analysis = try Self.analysis(constraints: ["stops.missed == 0", "energy.percentPerHour <= 0.5"])
    // Failing rows: c0 2, c1 2, c2 3, c3 2, c4 2; total excess: c1 1, c3 3, c0 5, c4 7.
    #expect(analysis.ranking.passing == 0)
    #expect(analysis.ranking.order.map(\.configIndex) == [1, 3, 0, 4, 2])
    #expect(!SweepRecommendation.isMet(analysis))
    let why = SweepRecommendation.explanation(analysis)
    #expect(why.hasPrefix("No configuration meets every constraint on every track (0 of 5).\n"))
    #expect(why.contains("  energy.percentPerHour <= 0.5: not met on 2 of 2 tracks; worst 1 (a.csv)\n"))
  }

  @Test func summaryHasSumMeanAndNearestRankP95() throws {
    let summary = try Self.analysis(constraints: []).summary
    let energy = summary.columns.firstIndex(of: "energy.percentPerHour")!
    #expect(summary.configurations[0].sum[energy] == 6 && summary.configurations[0].mean[energy] == 3)
    #expect(summary.configurations[0].p95[energy] == 4)
    #expect(SweepSummary.nearestRank(95, of: Array(1...20).map(Double.init)) == 19)
    #expect(SweepSummary.nearestRank(95, of: Array(1...21).map(Double.init)) == 20)
    #expect(SweepSummary.nearestRank(50, of: [4, 1, 3, 2]) == 2)
  }

  @Test func unknownPathsAreSpecErrors() throws {
    #expect(throws: DocumentError.self) { try Self.analysis(constraints: ["stops.mised == 0"]) }
    do {
      _ = try Self.analysis(constraints: ["stops.mised == 0"])
    } catch {
      #expect(
        "\(error)"
          == "s.yaml: error: sweep spec: 'constraints[0]': \"stops.mised == 0\": 'stops.mised' is not a result number; did you mean 'stops.missed'?"
      )
    }
  }
}
