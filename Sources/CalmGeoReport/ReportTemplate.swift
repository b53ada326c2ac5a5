import Mustache

/// The page template, `Templates/report.html.mustache`, compiled into the binary by
/// SwiftPM's `.embedInCode` (no resource bundle to find at run time) and parsed once.
enum ReportTemplate {
  static let page = Result<MustacheTemplate, any Error> {
    try MustacheTemplate(string: String(decoding: PackageResources.report_html_mustache, as: UTF8.self))
  }
}
