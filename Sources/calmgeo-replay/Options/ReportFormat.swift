import ArgumentParser

/// A report `replay --report` writes into each output folder besides its outputs.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
  /// `report.html`: map, state and upload timelines and stats in one self-contained page.
  case html

  /// The file's name in the output folder.
  var fileName: String {
    switch self {
    case .html: "report.html"
    }
  }
}
