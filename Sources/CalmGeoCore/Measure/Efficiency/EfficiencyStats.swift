/// How far the run's kept track is from the best any sampler could do on the same raw fixes
/// (`efficiency` in stats.json). Distances are metres.
///
/// The *optimum* at a tolerance ε is the fewest raw fixes a track can keep (the first and the last
/// always) with every raw fix within ε of the kept track at the same instant (SED, `SEDTrack`'s
/// predicate, in one planar frame around the first fix): the min-# problem, solved exactly by
/// `MinSED`. Raw fixes with the time of the one before are left out of the problem.
public struct EfficiencyStats: Codable, Sendable, Hashable {
  /// Raw fixes in the problem (distinct times).
  public var fixes: Int
  /// Points the run kept: emitted locations in increasing time (the fidelity metrics' emitted track).
  public var kept: Int
  /// The run's SED max and p95 against the raw fixes (`fidelity.sed`), metres.
  public var sedMaxMetres: Double
  public var sedP95Metres: Double
  /// The fewest points within `sedMaxMetres` (the optimum), or a proven lower bound when not exact;
  /// absent in a sweep's rows unless the sweep ranks or constrains on it (`solvedPaths`).
  public var optimumPoints: Int?
  /// Whether `optimumPoints` is exact; false when the work budget stopped the search.
  public var optimumExact: Bool?
  /// The one-pass greedy's points within `sedMaxMetres` (extend from the anchor while feasible);
  /// absent where `optimumPoints` is.
  public var greedyPoints: Int?
  /// The smallest SED max reachable with the run's own `kept` points, metres (absent below 2 points,
  /// and where `optimumPoints` is).
  public var couldHoldMetres: Double?
  /// Whether `couldHoldMetres` is the smallest (exact over doubles); false when a budget stopped a step
  /// (it is then reachable, not proven smallest).
  public var couldHoldExact: Bool?
  /// The median horizontal accuracy of the raw fixes, metres (absent when no fix has one).
  public var medianAccuracyMetres: Double?
  /// Whether `sedMaxMetres` is below 3 × `medianAccuracyMetres`: the optimum then measures noise.
  public var measuresNoise: Bool
  /// The track's rate-distortion ladder (absent when not computed).
  public var ladder: [EfficiencyLadder.Rung]?
  /// Present when the log has more raw fixes than this limit: the min-# answers and the ladder were
  /// not worked out (`--efficiency` lifts the limit).
  public var fixLimit: Int?
}

extension EfficiencyStats {
  /// Below this multiple of the median accuracy a tolerance measures noise, not the track.
  public static let noiseFactor = 3.0
  /// The work allowed to the run's optimum (about 1.3 s of one core); the tightest tolerance gets
  /// 3 times it in all, each ladder rung half of it. Past it a number is a bound, flagged not exact.
  public static let workBudget = 200_000_000
  /// Above this many raw fixes (distinct times) a replay leaves out the min-# answers and the ladder
  /// unless asked (`--efficiency`): they cost up to about 10 s of one core, 10× a plain replay of a
  /// 1 M-fix log, while a day at 1 Hz (86 400 fixes) costs well under a second.
  public static let fixLimit = 250_000

  /// The fixes of the min-# problem: those later than the fix before (`SEDTrack`'s rule).
  public static func problemSize(_ fixes: [Fix]) -> Int {
    problemSize(fixes, upTo: .max)
  }

  /// `problemSize(fixes)`, or `limit` when it is `limit` or more (counting stops there: a long
  /// track is known to be over the fix limit after the limit's fixes, not all of them).
  package static func problemSize(_ fixes: [Fix], upTo limit: Int) -> Int {
    var count = 0
    var last = Int64.min
    for fix in fixes where fix.time > last {
      count += 1
      if count >= limit { return limit }
      last = fix.time
    }
    return count
  }
  /// The fields that take min-# solves of the run (dozens for `couldHoldMetres`): a sweep works them
  /// out per configuration only when an objective or constraint names one of them.
  public static let solvedPaths = [
    "efficiency.optimum", "efficiency.greedy", "efficiency.couldHold",
  ]

  /// The section for `track` against a run that kept `kept` points with the SED `sedMax` and `sedP95`.
  /// `ladder`: the track's, when already known (a sweep's per-track analysis); else computed here.
  public init(
    track: SEDTrack, kept: Int, sedMax: Double, sedP95: Double, medianAccuracy: Double?,
    ladder: EfficiencyLadder? = nil, workBudget: Int = EfficiencyStats.workBudget
  ) {
    let solver = MinSED(track, workBudget: workBudget)
    let e2 = sedMax * sedMax
    let optimum = solver.optimum(e2: e2)
    let tightest = solver.tightest(points: kept, known: optimum, totalBudget: 3 * workBudget)
    self.init(
      fixes: track.count, kept: kept, sedMaxMetres: sedMax, sedP95Metres: sedP95, optimumPoints: optimum.points,
      optimumExact: optimum.exact, greedyPoints: solver.greedy(e2: e2).count,
      couldHoldMetres: tightest.map { $0.e2.squareRoot() }, couldHoldExact: tightest?.exact,
      medianAccuracyMetres: medianAccuracy,
      measuresNoise: medianAccuracy.map { sedMax < Self.noiseFactor * $0 } ?? false,
      ladder: (ladder ?? EfficiencyLadder(track: track, workBudget: workBudget / 2)).rungs)
  }

  /// The section without the run's min-# answers (a sweep's configuration): the run's side, and the
  /// track's ladder when known.
  public init(
    unsolvedFixes fixes: Int, kept: Int, sedMax: Double, sedP95: Double, medianAccuracy: Double?,
    ladder: EfficiencyLadder?, fixLimit: Int? = nil
  ) {
    self.init(
      fixes: fixes, kept: kept, sedMaxMetres: sedMax, sedP95Metres: sedP95, optimumPoints: nil, optimumExact: nil,
      greedyPoints: nil, couldHoldMetres: nil, couldHoldExact: nil, medianAccuracyMetres: medianAccuracy,
      measuresNoise: medianAccuracy.map { sedMax < Self.noiseFactor * $0 } ?? false, ladder: ladder?.rungs,
      fixLimit: fixLimit)
  }

  /// `kept 637; 39 would do for its 206 m; its 637 could hold 8 m` (with `≥` before a bound and
  /// `(noise)` when the tolerance is below 3 × the median accuracy).
  public var summaryLine: String {
    guard let optimumPoints else {
      let why = fixLimit.map { " above \(SummaryNumber.text(Double($0), 0)) fixes: --efficiency" } ?? ""
      return
        "kept \(kept) for its \(SummaryNumber.text(sedMaxMetres, 0)) m (the optimum was not worked out\(why))"
    }
    var line =
      "kept \(kept); \(optimumExact == true ? "" : "≥")\(optimumPoints) would do for its "
      + "\(SummaryNumber.text(sedMaxMetres, 0)) m"
    if let couldHoldMetres {
      let bound = couldHoldExact == true ? "" : "≤"
      line += "; its \(kept) could hold \(bound)\(SummaryNumber.text(couldHoldMetres, 0)) m"
    }
    if measuresNoise { line += " (below 3× accuracy: measures noise)" }
    return line
  }
}
