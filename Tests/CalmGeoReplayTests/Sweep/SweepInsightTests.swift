import Testing

@testable import CalmGeoReplay

/// What the recommendation rests on (issue 24), on hand-made grids whose answers are read
/// off the values below.
struct SweepInsightTests {
  /// One track; distanceFilter 10, 20, 30 × syncThreshold 1, 5 × maxBatchSize 50, 100 (12
  /// configurations, the last key fastest: index = 4 · df + 2 · sync + batch). Energy falls
  /// with distanceFilter (3, 2, 1) and nothing else; requests depend on syncThreshold alone
  /// (10, 2); maxBatchSize changes nothing at all.
  static func grid(constraints: [String]) throws -> SweepAnalysis {
    func numbers(_ values: [Double]) -> [SpecNode] { values.map { SpecNode(.number($0)) } }
    var manifest = SweepManifest(
      spec: "s.yaml", tracks: [.init(name: "a.csv")],
      grid: SweepGrid(
        base: SpecNode(.object([])),
        variables: [
          SweepVariable(path: "distanceFilter", values: numbers([10, 20, 30])),
          SweepVariable(path: "syncThreshold", values: numbers([1, 5])),
          SweepVariable(path: "maxBatchSize", values: numbers([50, 100])),
        ]),
      objectives: [SweepObjective(.min, "energy.percentPerHour")],
      constraints: constraints.compactMap(SweepConstraint.init))
    manifest.rows = 12
    var table = SweepTable()
    for configuration in 0..<12 {
      let energy = [3.0, 2, 1][configuration / 4]
      let requests = (configuration / 2) % 2 == 0 ? 10 : 2
      let line =
        #"{"specHash":"h","trackIndex":0,"configIndex":\#(configuration),"stats":{"#
        + #""uploads":{"requests":\#(requests)},"energy":{"percentPerHour":\#(energy)}}}"#
      table.append(try SweepRow(line: line, file: "t", lineNumber: 1))
    }
    return try SweepAnalysis(manifest: manifest, table: table)
  }

  @Test func tiesInertKeysAndTheGridEdge() throws {
    let analysis = try Self.grid(constraints: ["energy.percentPerHour <= 2.5"])
    let insight = SweepInsight(analysis)
    // Energy 1 for df 30: configurations 8, 9, 10, 11; 8 wins on the lower index.
    #expect(analysis.ranking.order.first?.configIndex == 8)
    #expect(insight.ties == [9, 10, 11])
    #expect(insight.inertKeys == ["maxBatchSize"])
    #expect(insight.inertForRanking == ["syncThreshold"])
    // Only distanceFilter ranks; 30 is its highest value.
    #expect(insight.edges == [SweepInsight.Edge(path: "distanceFilter", value: "30", isHighest: true)])
    // Nothing beats energy 1, so no constraint decided; the winner has 2.5 - 1 to spare.
    #expect(insight.dominating == 0 && insight.exclusions.isEmpty)
    #expect(insight.margins == [SweepInsight.Margin(constraint: 0, track: 0, value: 1, slack: 1.5)])
    let why = SweepRecommendation.explanation(analysis)
    #expect(
      why.contains(
        "  - Tie: 3 other configurations (9, 10, 11) have the same objective means and meet the "
          + "constraints too; the lower index won. They differ from it in syncThreshold, maxBatchSize; any of them"))
    #expect(why.contains("  - Changed nothing: maxBatchSize (every result number"))
    #expect(why.contains("  - Changed no objective or constraint: syncThreshold"))
    #expect(
      why.contains(
        "  - Edge of the grid: distanceFilter=30 is the highest value tried; extend the grid above 30"))
    #expect(why.contains("  - Binding: none."))
    #expect(why.contains("  - Tightest: energy.percentPerHour <= 2.5 on a.csv, at 1 (1.5 to spare).\n"))
    #expect(
      why.contains(
        """
        The recommended configuration, track by track:
          track  min energy.percentPerHour  energy.percentPerHour <= 2.5
          a.csv  1                          1 ok

        """))
  }

  @Test func bindingConstraintAndItsTrack() throws {
    // SweepRankingTests' grid: c3 (energy 2, kept 0.375) wins under stops.missed == 0;
    // c2 (2, 0.5) is better on both objectives (2 ≤ 2, 0.5 > 0.375) but missed a stop on
    // b.csv. c3's own missed is 0 on both tracks: no slack under ==, a.csv first.
    let analysis = try SweepRankingTests.analysis(constraints: ["stops.missed == 0"])
    let insight = SweepInsight(analysis)
    #expect(insight.ties.isEmpty && insight.inertKeys.isEmpty && insight.edges.isEmpty)  // 40 is inside 10 … 50
    #expect(insight.dominating == 1)
    #expect(insight.exclusions == [SweepInsight.Exclusion(constraint: 0, configurations: 1, track: 1)])
    #expect(insight.margins == [SweepInsight.Margin(constraint: 0, track: 0, value: 0, slack: 0)])
    #expect(insight.perTrack.map(\.objectives) == [[1.5, 0.375], [2.5, 0.375]])
    let why = SweepRecommendation.explanation(analysis)
    #expect(
      why.contains(
        "  - Binding: 1 configuration is better on every objective but ruled out by "
          + "stops.missed == 0 (1 of them, most often on b.csv).\n"))
    #expect(why.contains("  - Tightest: stops.missed == 0 on a.csv, at 0 (no slack).\n"))
    #expect(why.contains("  b.csv  2.5                        0.375                 0 ok\n"))
  }

  @Test func aWinnerAtTheLowestValueSaysExtendBelow() throws {
    // Without the constraint c1 (distanceFilter 20) and c3 … : with max kept only, c0 and c2
    // (0.5) lead; c0 wins on the lower index and distanceFilter=10 is the lowest value tried.
    var analysis = try SweepRankingTests.analysis(constraints: [])
    analysis = try SweepAnalysis(
      manifest: {
        var m = analysis.manifest
        m.objectives = [SweepObjective(.max, "engine.keptRatio")]
        return m
      }(), table: analysis.table)
    let insight = SweepInsight(analysis)
    #expect(analysis.ranking.order.first?.configIndex == 0)
    #expect(insight.ties == [2])
    #expect(insight.edges == [SweepInsight.Edge(path: "distanceFilter", value: "10", isHighest: false)])
    #expect(
      SweepRecommendation.explanation(analysis)
        .contains("extend the grid below 10 to see whether lower is better"))
  }
}
