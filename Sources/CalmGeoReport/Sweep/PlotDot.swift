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

extension PlotDot {
  /// `dots` as SVG circles of radius `radius`, the text the template's
  /// `{{#dots}}<circle class="{{cls}}" cx="{{x}}" cy="{{y}}" r="…" data-c="{{c}}"/>{{/dots}}` gave
  /// (the class HTML-escaped as Mustache escapes it; the positions and index are digits, a point
  /// and a sign, which need none), built here for
  /// the page's `{{{…}}}`: a sweep's charts hold a dot per configuration and chart, and
  /// Mustache looked up four names per dot in an object reflected for it.
  static func circles(_ dots: [PlotDot], radius: String) -> String {
    var markup = ""
    markup.reserveCapacity(dots.count * 64)
    for dot in dots {
      markup += "<circle class=\""
      markup += TemplateText.escaped(dot.cls)
      markup += "\" cx=\""
      markup += dot.x
      markup += "\" cy=\""
      markup += dot.y
      markup += "\" r=\""
      markup += radius
      markup += "\" data-c=\""
      markup += dot.c
      markup += "\"/>"
    }
    return markup
  }
}
