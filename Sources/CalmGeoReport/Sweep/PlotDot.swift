/// One configuration's mark on a chart: its pixel position, its configuration index
/// (for the page's hover) and its CSS classes.
struct PlotDot {
  let x: String
  let y: String
  /// The configuration index, as `data-c`.
  let c: String
  let cls: String

  init(x: Double, y: Double, configuration: Int, cls: String) {
    self.x = NumberText.fixed(x)
    self.y = NumberText.fixed(y)
    c = String(configuration)
    self.cls = cls
  }
}
