extension ScatterView {
  /// The recommended configuration's ring and its two-line label, put at the corner
  /// of the ring (above or below, right or left) that covers the fewest other marks.
  struct Marker {
    let x: String
    let y: String
    let c: String
    let labelX: String
    let labelY: String
    let anchor: String
    let label: String
    let detail: String
    /// `closest` when it does not meet the constraints.
    let cls: String
    /// The two lines' estimated extent (pixels): the front's labels keep out of it.
    let labelBox: (x0: Double, y0: Double, x1: Double, y1: Double)

    /// A label at `point`, inside the plot `box`, away from the marks at `avoiding`.
    ///
    /// Text widths are estimated (about 7 px a character), so the choice is the same on
    /// every machine; the label has a white halo for what it still covers.
    init(
      at point: (x: Double, y: Double), configuration: Int, label: String, detail: String, cls: String,
      box: (left: Double, top: Double, right: Double, bottom: Double), avoiding marks: [(x: Double, y: Double)]
    ) {
      let width = max(Double(label.count) * 7.2, Double(detail.count) * 6.2)
      // Baseline offsets of the first line, and whether the text runs left of its anchor.
      let corners: [(dx: Double, dy: Double, end: Bool)] = [
        (16, -26, false), (-16, -26, true), (16, 30, false), (-16, 30, true),
      ]
      func cost(_ corner: (dx: Double, dy: Double, end: Bool)) -> Double {
        let x0 = point.x + corner.dx - (corner.end ? width : 0)
        let (x1, y0) = (x0 + width, point.y + corner.dy - 13)
        let y1 = y0 + 32
        let outside =
          (x0 < box.left ? box.left - x0 : 0) + (x1 > box.right ? x1 - box.right : 0)
          + (y0 < box.top ? box.top - y0 : 0) + (y1 > box.bottom ? y1 - box.bottom : 0)
        let covered = marks.filter { $0.x > x0 - 6 && $0.x < x1 + 6 && $0.y > y0 - 6 && $0.y < y1 + 6 }.count
        return outside * 10 + Double(covered)
      }
      var best = corners[0]
      for corner in corners.dropFirst() where cost(corner) < cost(best) { best = corner }
      x = NumberText.fixed(point.x)
      y = NumberText.fixed(point.y)
      c = String(configuration)
      labelX = NumberText.fixed(point.x + best.dx)
      labelY = NumberText.fixed(point.y + best.dy)
      anchor = best.end ? "end" : "start"
      let x0 = point.x + best.dx - (best.end ? width : 0)
      labelBox = (x0, point.y + best.dy - 13, x0 + width, point.y + best.dy + 19)
      self.label = label
      self.detail = detail
      self.cls = cls
    }
  }
}
