import Mustache

/// The page templates in `Templates/`, compiled into the binary by SwiftPM's
/// `.embedInCode` (no resource bundle to find at run time) and parsed once; both pages
/// share the stylesheet partial `{{> base}}`; the sweep's charts share `{{> frame}}`.
///
/// Each page is a short root template that includes its parts as partials, each on a line
/// of its own (so a part's text is the page's, byte for byte). The parts are there for the
/// parser's sake: Mustache counts the characters left in the template at every `{`, so a
/// page parsed whole cost its length times its braces (18 ms for the sweep page, 32 ms for
/// the report, at every run); in parts of a few kilobytes it costs a fraction of that.
enum ReportTemplate {
  /// A page's root template and the partials it includes.
  struct Page: Sendable {
    let template: MustacheTemplate
    let library: MustacheLibrary
  }

  /// `report.html`: one replay.
  static let page = load(
    PackageResources.report_html_mustache,
    partials: [
      "base": PackageResources.base_css_mustache,
      "report-style": PackageResources.report_style_css_mustache,
      "report-top": PackageResources.report_top_html_mustache,
      "report-timeline": PackageResources.report_timeline_html_mustache,
      "report-stops": PackageResources.report_stops_html_mustache,
      "report-uploads": PackageResources.report_uploads_html_mustache,
      "report-tables": PackageResources.report_tables_html_mustache,
      "report-script": PackageResources.report_script_js_mustache,
    ])

  /// `sweep.html`: a sweep's trade-offs.
  static let sweep = load(
    PackageResources.sweep_html_mustache,
    partials: [
      "base": PackageResources.base_css_mustache,
      "frame": PackageResources.frame_svg_mustache,
      "sweep-style": PackageResources.sweep_style_css_mustache,
      "sweep-top": PackageResources.sweep_top_html_mustache,
      "sweep-why": PackageResources.sweep_why_html_mustache,
      "sweep-set": PackageResources.sweep_set_html_mustache,
      "sweep-script": PackageResources.sweep_script_js_mustache,
    ])

  private static func load(_ root: [UInt8], partials: KeyValuePairs<String, [UInt8]>) -> Result<Page, any Error> {
    Result {
      var library = MustacheLibrary()
      for (name, bytes) in partials { try library.register(String(decoding: bytes, as: UTF8.self), named: name) }
      return Page(template: try MustacheTemplate(string: String(decoding: root, as: UTF8.self)), library: library)
    }
  }

  /// `page`'s template filled with `fields`' stored properties.
  static func render(_ page: Result<Page, any Error>, _ fields: Any) throws -> String {
    let page = try page.get()
    return page.template.render(TemplateObject(fields), library: page.library)
  }
}
