/// A y axis from 0 to a round top, in `intervals` equal steps of 1, 2, 2.5 or 5 × 10ⁿ.
struct ValueAxis {
  /// A grid line: its pixel and its label.
  struct Tick {
    let y: String
    let label: String
  }

  let top: Double
  let intervals: Int
  /// The plot's top and bottom edges, pixels (0 is at `bottom`).
  let topPixel: Double
  let bottomPixel: Double

  init(maximum: Double, intervals: Int = 4, topPixel: Double, bottomPixel: Double) {
    let wanted = maximum.isFinite && maximum > 0 ? maximum / Double(intervals) : 1
    var unit = 1.0
    while unit > wanted { unit /= 10 }
    while unit * 10 <= wanted { unit *= 10 }
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * unit }.first { $0 >= wanted } ?? unit * 10
    top = step * Double(intervals)
    self.intervals = intervals
    self.topPixel = topPixel
    self.bottomPixel = bottomPixel
  }

  /// The pixel for a value (clamped to the plot).
  func y(_ value: Double) -> Double {
    bottomPixel - min(max(value / top, 0), 1) * (bottomPixel - topPixel)
  }

  /// One tick per step from 0 to `top`, labelled with `unit`.
  func ticks(unit: String) -> [Tick] {
    (0...intervals).map { index in
      let value = top * Double(index) / Double(intervals)
      let label = NumberText.fixed(value, digits: 2) + (index == intervals ? " " + unit : "")
      return Tick(y: NumberText.fixed(y(value)), label: label)
    }
  }
}
