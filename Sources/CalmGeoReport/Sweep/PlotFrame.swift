/// A chart's axes, in SVG pixels: the plot box, grid lines with their tick labels, and
/// the axis titles.
struct PlotFrame {
  /// A grid line and its label; `position` is an x for x ticks and a y for y ticks.
  struct Tick {
    let position: String
    let label: String
  }

  let left: String
  let right: String
  let top: String
  let bottom: String
  let boxWidth: String
  let boxHeight: String
  let xTicks: [Tick]
  let yTicks: [Tick]
  /// Where tick labels of the x axis sit.
  let xLabelY: String
  let xTitle: String
  let yTitle: String
  let xTitleX: String
  let xTitleY: String
  let yTitleX: String
  let yTitleY: String

  /// The frame of a plot box (pixels from the SVG's top left) with titles below and to
  /// the left of it, each `titleGap` pixels from the box.
  init(
    left: Double, top: Double, right: Double, bottom: Double, xTicks: [Tick], yTicks: [Tick],
    xTitle: String, yTitle: String, titleGap: (x: Double, y: Double)
  ) {
    self.left = NumberText.fixed(left)
    self.right = NumberText.fixed(right)
    self.top = NumberText.fixed(top)
    self.bottom = NumberText.fixed(bottom)
    boxWidth = NumberText.fixed(right - left)
    boxHeight = NumberText.fixed(bottom - top)
    self.xTicks = xTicks
    self.yTicks = yTicks
    xLabelY = NumberText.fixed(bottom + 16)
    self.xTitle = xTitle
    self.yTitle = yTitle
    xTitleX = NumberText.fixed((left + right) / 2)
    xTitleY = NumberText.fixed(bottom + titleGap.x)
    yTitleX = NumberText.fixed(left - titleGap.y)
    yTitleY = NumberText.fixed((top + bottom) / 2)
  }
}
