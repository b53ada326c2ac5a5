import CalmGeoReplay
import CalmGeoReport

/// The reports asked for with `--report`: their collector observes the replay beside the
/// output writer, and each report is written into the folder before it is committed.
///
/// Without a report the writer observes alone, so the outputs are exactly those of a
/// run without the option.
struct ReportOutput {
  let formats: [ReportFormat]
  private var collector: ReportCollector?

  init(formats: [ReportFormat]) {
    self.formats = formats
  }

  /// Replays `opened` into `writer` and, when a report is asked for, a collector.
  mutating func replay(
    _ opened: InputOpener.Opened, options: ParseOptions, configuration: ReplayConfiguration,
    writer: inout OutputWriter
  ) throws(ParseError) -> ReplayResult {
    guard !formats.isEmpty else {
      return try ReplayRunner.run(opened, options: options, configuration: configuration, observer: &writer)
    }
    var observers = writer.and(ReportCollector())
    let result = try ReplayRunner.run(opened, options: options, configuration: configuration, observer: &observers)
    writer = observers.first
    collector = observers.second
    return result
  }

  /// Writes each report asked for (once, however often it was named) into `folder`.
  func write(_ result: ReplayResult, into folder: OutputFolder) throws {
    guard let collector else { return }
    for format in ReportFormat.allCases where formats.contains(format) {
      switch format {
      case .html: try folder.write(format.fileName, Array(try HTMLReport.render(collector, result: result).utf8))
      }
    }
  }
}
