import CalmGeoReplay

/// The Pareto chart: two result paths' means per configuration, every configuration a
/// grey dot (hollow when it fails the constraints), the Pareto front over all
/// objectives coloured and numbered, and the recommended configuration ringed and
/// labelled.
///
/// When the two plotted paths are all the objectives, the front is a curve in this
/// plane and is joined by a line; with more objectives its members need not be, so
/// they are only coloured.
struct ScatterView {
  /// A front member's configuration number beside its dot.
  struct Label {
    let x: String
    let y: String
    let text: String
  }

  static let width = 800.0
  static let height = 470.0

  let width = NumberText.fixed(Self.width)
  let height = NumberText.fixed(Self.height)
  let frame: PlotFrame
  /// Every configuration's dot, as markup (`PlotDot.circles`).
  let dots: String
  /// The front members' dots, as markup.
  let front: String
  /// Beside each front member but the recommended; none when the front has more than 40.
  let frontLabels: [Label]
  /// `x,y x,y …` through the front, left to right, when it is the plotted pair's.
  let frontLine: String
  let hasFrontLine: Bool
  /// `x,y x,y …` through the tracks' min-# floor (`ScatterFloor`), when the chart is points versus error.
  let floorLine: String
  let hasFloor: Bool
  let recommended: Marker?

  /// The chart of `axes`; `nil` when no configuration has both values.
  init?(_ facts: SweepFacts, axes: SweepPlotAxes) {
    let points = facts.configurations.compactMap { configuration -> (index: Int, x: Double, y: Double)? in
      let (x, y) = (facts.mean(configuration, axes.x), facts.mean(configuration, axes.y))
      return x.isFinite && y.isFinite ? (configuration.index, x, y) : nil
    }
    guard !points.isEmpty else { return nil }
    let (left, top, right, bottom) = (84.0, 16.0, Self.width - 24, Self.height - 58)
    let xs = PlotScale(values: points.map(\.x), from: left, to: right)
    let floor = ScatterFloor.points(facts, axes: axes, xRange: xs.lower...Swift.max(xs.lower, xs.upper))
    let ys = PlotScale(values: points.map(\.y) + floor.map(\.1), from: bottom, to: top)
    hasFloor = floor.count > 1
    floorLine = floor.map { NumberText.fixed(xs.pixel($0.0)) + "," + NumberText.fixed(ys.pixel($0.1)) }
      .joined(separator: " ")
    frame = PlotFrame(
      left: left, top: top, right: right, bottom: bottom, xTicks: xs.ticks, yTicks: ys.ticks,
      xTitle: facts.title(axes.x) + xs.note, yTitle: facts.title(axes.y) + ys.note, titleGap: (x: 42, y: 62))
    func dot(_ point: (index: Int, x: Double, y: Double), _ cls: String) -> PlotDot {
      PlotDot(
        x: xs.pixel(point.x), y: ys.pixel(point.y), configuration: point.index,
        cls: cls + (facts.meets(point.index) ? "" : " fails"))
    }
    dots = PlotDot.circles(points.map { dot($0, "dot") }, radius: "5")
    let members = points.filter { facts.front.contains($0.index) }
    front = PlotDot.circles(members.map { dot($0, "front-dot") }, radius: "6.5")
    let plane = Set([axes.x, axes.y]) == Set(facts.objectives.map(\.path))
    hasFrontLine = plane && members.count > 1
    frontLine =
      !hasFrontLine
      ? ""
      : members.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        .map { NumberText.fixed(xs.pixel($0.x)) + "," + NumberText.fixed(ys.pixel($0.y)) }
        .joined(separator: " ")

    let pixels = points.map { (x: xs.pixel($0.x), y: ys.pixel($0.y)) }
    recommended = facts.winner.flatMap { winner in
      points.firstIndex { $0.index == winner.configIndex }.map { position in
        Marker(
          at: pixels[position], configuration: winner.configIndex,
          label: winner.meetsConstraints
            ? "Recommended: configuration \(winner.configIndex)"
            : "Closest: configuration \(winner.configIndex) (fails a constraint)",
          detail: Self.gridLabel(facts, winner.configIndex), cls: winner.meetsConstraints ? "" : "closest",
          box: (left, top, right, bottom), avoiding: pixels + members.map { (xs.pixel($0.x) + 22, ys.pixel($0.y)) })
      }
    }
    frontLabels = Self.labels(
      members.filter { $0.index != facts.winner?.configIndex }.map {
        (xs.pixel($0.x) + 10, ys.pixel($0.y) + 4, "#\($0.index)")
      }, outside: recommended.map { [$0.labelBox] } ?? [])
  }

  /// Labels at their places (baselines), skipping any that would overlap one placed before it
  /// or a box of `outside` (the recommended configuration's label); none for more than 40.
  static func labels(
    _ wanted: [(x: Double, y: Double, text: String)],
    outside boxes: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
  ) -> [Label] {
    guard wanted.count <= 40 else { return [] }
    var placed: [(x: Double, y: Double, width: Double)] = []
    var labels: [Label] = []
    for label in wanted {
      let width = Double(label.text.count) * 6.5
      let clear = placed.allSatisfy {
        $0.x >= label.x + width || label.x >= $0.x + $0.width || ($0.y - label.y).magnitude >= 12
      }
      // The label's text runs from about 10 px above its baseline to 3 px below it.
      let free = boxes.allSatisfy {
        $0.x0 >= label.x + width || label.x >= $0.x1 || $0.y0 >= label.y + 3 || label.y - 10 >= $0.y1
      }
      guard clear && free else { continue }
      placed.append((label.x, label.y, width))
      labels.append(Label(x: NumberText.fixed(label.x), y: NumberText.fixed(label.y), text: label.text))
    }
    return labels
  }

  /// `distanceFilter=16, syncThreshold=12`, cut at 60 characters.
  private static func gridLabel(_ facts: SweepFacts, _ index: Int) -> String {
    let label = facts.manifest.grid.label(at: index)
    return label.count > 60 ? String(label.prefix(59)) + "…" : label
  }
}
