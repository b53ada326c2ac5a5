import CalmGeoReplay

/// One varied key against one result path: each configuration's mean over its tracks
/// at its value of the key (the Pareto front coloured, the recommended ringed), and a
/// line through the average at each value, the other keys averaged out.
///
/// Numeric keys get a linear x axis; any other key (strings, lists) one column per
/// value, in the order the spec lists them.
struct ParameterChart {
  static let width = 360.0
  static let height = 216.0

  let width = NumberText.fixed(Self.width)
  let height = NumberText.fixed(Self.height)
  let caption: String
  let frame: PlotFrame
  /// Each configuration's dot, as markup (`PlotDot.circles`).
  let dots: String
  let trend: String
  let recommended: PlotDot?

  /// The chart of variable `position` against `path`; `nil` when no configuration has
  /// a value of `path`.
  init?(_ facts: SweepFacts, position: Int, variable: SweepVariable, path: String) {
    let points = facts.configurations.compactMap { configuration -> (index: Int, key: String, y: Double)? in
      let y = facts.mean(configuration, path)
      let key = facts.manifest.grid.values(at: configuration.index)[position].rendered
      return y.isFinite ? (configuration.index, key, y) : nil
    }
    guard !points.isEmpty else { return nil }
    let (left, top, right, bottom) = (58.0, 10.0, Self.width - 16, Self.height - 46)
    let columns = Self.distinct(variable.values)
    let numbers = columns.compactMap(\.number)
    var place: [String: Double] = [:]
    var xNote = ""
    let xTicks: [PlotFrame.Tick]
    if numbers.count == columns.count {
      let xs = PlotScale(values: numbers, from: left + 8, to: right - 8, intervals: 4, padding: 0)
      for (value, number) in zip(columns, numbers) { place[value.rendered] = xs.pixel(number) }
      xTicks = xs.ticks
      xNote = xs.note
    } else {
      let width = (right - left) / Double(columns.count)
      for (offset, value) in columns.enumerated() { place[value.rendered] = left + (Double(offset) + 0.5) * width }
      xTicks = columns.map { value in
        let text = SweepText.value(value)
        return PlotFrame.Tick(
          position: NumberText.fixed(place[value.rendered] ?? left),
          label: text.count > 14 ? String(text.prefix(13)) + "…" : text)
      }
    }
    let ys = PlotScale(values: points.map(\.y), from: bottom, to: top, intervals: 4)
    caption = facts.title(path) + ys.note
    frame = PlotFrame(
      left: left, top: top, right: right, bottom: bottom, xTicks: xTicks, yTicks: ys.ticks,
      xTitle: variable.path + xNote, yTitle: "", titleGap: (x: 36, y: 0))
    dots = PlotDot.circles(
      points.map {
        PlotDot(
          x: place[$0.key] ?? left, y: ys.pixel($0.y), configuration: $0.index, cls: "pt" + facts.classes($0.index))
      }, radius: "4")
    // Summed in configuration order, so the same sweep gives the same bytes.
    var sums: [String: (total: Double, count: Int)] = [:]
    for point in points {
      let sum = sums[point.key, default: (0, 0)]
      sums[point.key] = (sum.total + point.y, sum.count + 1)
    }
    trend = columns.compactMap { value -> String? in
      guard let sum = sums[value.rendered], let x = place[value.rendered] else { return nil }
      return NumberText.fixed(x) + "," + NumberText.fixed(ys.pixel(sum.total / Double(sum.count)))
    }.joined(separator: " ")
    recommended = facts.winner.flatMap { winner in
      points.first { $0.index == winner.configIndex }.map {
        PlotDot(x: place[$0.key] ?? left, y: ys.pixel($0.y), configuration: $0.index, cls: "pt-rec")
      }
    }
  }

  /// The values once each, in order; numbers sorted, so the trend runs left to right.
  private static func distinct(_ values: [SpecNode]) -> [SpecNode] {
    var seen = Set<String>()
    let unique = values.filter { seen.insert($0.rendered).inserted }
    guard unique.allSatisfy({ $0.number != nil }) else { return unique }
    return unique.sorted { ($0.number ?? 0) < ($1.number ?? 0) }
  }
}
