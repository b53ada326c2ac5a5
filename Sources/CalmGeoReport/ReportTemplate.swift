import Mustache

/// The page templates in `Templates/`, compiled into the binary by SwiftPM's
/// `.embedInCode` (no resource bundle to find at run time) and parsed once; both pages
/// share the stylesheet partial `{{> base}}`; the sweep's charts share `{{> frame}}`.
enum ReportTemplate {
  /// `report.html`: one replay.
  static let page = parse(PackageResources.report_html_mustache)
  /// `sweep.html`: a sweep's trade-offs.
  static let sweep = parse(PackageResources.sweep_html_mustache)

  private static let library = Result<MustacheLibrary, any Error> {
    var library = MustacheLibrary()
    try library.register(String(decoding: PackageResources.base_css_mustache, as: UTF8.self), named: "base")
    try library.register(String(decoding: PackageResources.frame_svg_mustache, as: UTF8.self), named: "frame")
    return library
  }

  private static func parse(_ bytes: [UInt8]) -> Result<MustacheTemplate, any Error> {
    Result { try MustacheTemplate(string: String(decoding: bytes, as: UTF8.self)) }
  }

  /// `template` filled with `page`'s stored properties.
  static func render(_ template: Result<MustacheTemplate, any Error>, _ page: Any) throws -> String {
    try template.get().render(TemplateObject(page), library: library.get())
  }
}
