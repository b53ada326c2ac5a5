import CalmGeoReplay
import Foundation

/// The rate-distortion curve of `report.html`: the fewest points any sampler could keep (the exact
/// optimum) and the one-pass greedy's, against the SED tolerance on a log scale (2 … 512 m), with
/// the run itself as one point (its kept points at its SED max) and arrows to the optimum at that
/// error ("would do") and to the error its count could hold.
///
/// Both axes are logarithmic: x is log₂ of the tolerance, y log₁₀ of the points, between powers of
/// ten around every value drawn. Stored properties only: Mustache reads them by reflection.
struct EfficiencyView {
  struct Dot {
    let x: String
    let y: String
    let title: String
  }

  struct Tick {
    let x: String
    let y: String
    let label: String
  }

  let width: String
  let height = "300"
  let left = "76"
  let right: String
  let chartTop = "20"
  let chartBottom = "250"
  let labelY = "272"
  let optimumPath: String
  let greedyPath: String
  let optimumDots: [Dot]
  let xTicks: [Tick]
  let yTicks: [Tick]
  let run: Dot
  let wouldDo: Dot?
  let couldHold: Dot?
  /// Dashed leaders from the run down to "would do" and across to "could hold".
  let leaders: String
  let caption: String

  init?(_ efficiency: EfficiencyStats, width: Double) {
    guard let ladder = efficiency.ladder, !ladder.isEmpty else { return nil }
    let (left, right, top, bottom) = (76.0, width - 76, 20.0, 250.0)
    let epsilons = ladder.map(\.epsilonMetres) + [efficiency.sedMaxMetres, efficiency.couldHoldMetres ?? 0]
    let positive = epsilons.filter { $0 > 0 }
    let lowX = log2(positive.min() ?? 2).rounded(.down)
    let highX = log2(positive.max() ?? 512).rounded(.up)
    let points = ladder.flatMap { [$0.optimumPoints, $0.greedyPoints] } + [efficiency.kept, 2]
    let highY = log10(Double(Swift.max(10, points.max() ?? 10))).rounded(.up)
    func x(_ epsilon: Double) -> Double {
      let exponent = epsilon > 0 ? Swift.max(lowX, log2(epsilon)) : lowX
      return left + (exponent - lowX) / Swift.max(highX - lowX, 1) * (right - left)
    }
    func y(_ count: Int) -> Double { bottom - log10(Double(Swift.max(count, 1))) / highY * (bottom - top) }
    func path(_ values: [(Double, Int)]) -> String {
      values.enumerated().map {
        "\($0.offset == 0 ? "M" : "L")\(NumberText.fixed(x($0.element.0))) "
          + NumberText.fixed(y($0.element.1))
      }.joined()
    }
    self.width = NumberText.fixed(width)
    self.right = NumberText.fixed(right)
    optimumPath = path(ladder.map { ($0.epsilonMetres, $0.optimumPoints) })
    greedyPath = path(ladder.map { ($0.epsilonMetres, $0.greedyPoints) })
    optimumDots = ladder.map { rung in
      Dot(
        x: NumberText.fixed(x(rung.epsilonMetres)), y: NumberText.fixed(y(rung.optimumPoints)),
        title: "\(NumberText.fixed(rung.epsilonMetres, digits: 0)) m: \(rung.optimumExact ? "" : "≥")"
          + "\(NumberText.grouped(rung.optimumPoints)) points at best, "
          + "greedy \(NumberText.grouped(rung.greedyPoints))")
    }
    xTicks = stride(from: lowX, through: highX, by: 1).map { exponent in
      Tick(x: NumberText.fixed(x(exp2(exponent))), y: "", label: NumberText.fixed(exp2(exponent), digits: 2) + " m")
    }
    yTicks = stride(from: 0.0, through: highY, by: 1).map { exponent in
      Tick(
        x: "", y: NumberText.fixed(bottom - exponent / highY * (bottom - top)),
        label: NumberText.groupedWhole(pow(10, exponent)))
    }
    let sed = NumberText.fixed(efficiency.sedMaxMetres, digits: 1)
    let run = Dot(
      x: NumberText.fixed(x(efficiency.sedMaxMetres)), y: NumberText.fixed(y(efficiency.kept)),
      title: "this run: \(NumberText.grouped(efficiency.kept)) points kept, SED max \(sed) m")
    let atLeast = efficiency.optimumExact == true ? "" : "≥"
    let atMost = efficiency.couldHoldExact == true ? "" : "≤"
    let wouldDo = efficiency.optimumPoints.map { optimum in
      Dot(
        x: run.x, y: NumberText.fixed(y(optimum)),
        title: "\(atLeast)\(NumberText.grouped(optimum)) points would do for \(sed) m")
    }
    let couldHold = efficiency.couldHoldMetres.map { metres in
      Dot(
        x: NumberText.fixed(x(metres)), y: run.y,
        title:
          "\(NumberText.grouped(efficiency.kept)) points could hold \(atMost)\(NumberText.fixed(metres, digits: 1)) m")
    }
    leaders =
      (wouldDo.map { "M\(run.x) \(run.y)V\($0.y)" } ?? "") + (couldHold.map { "M\(run.x) \(run.y)H\($0.x)" } ?? "")
    (self.run, self.wouldDo, self.couldHold) = (run, wouldDo, couldHold)
    caption = efficiency.summaryLine
  }
}
