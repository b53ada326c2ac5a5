#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CalmGeoReplay
import Foundation

extension ResultFormat: ExpressibleByArgument {}

/// Prints a result in a CI format (`--format`), and appends GitHub's job summary.
enum CIOutput {
  /// Prints `report` as `format` asks (not `text`, which `CheckSession` prints as it goes);
  /// with `github`, appends the Markdown summary to the file `GITHUB_STEP_SUMMARY` names.
  static func emit(_ report: CheckReport, format: ResultFormat,
                   environment: [String: String] = ProcessInfo.processInfo.environment) {
    switch format {
    case .text: return
    case .json: print(CheckJSONReporter.render(report), terminator: "")
    case .junit: print(CheckJUnitReporter.render(report), terminator: "")
    case .markdown: print(CheckMarkdownReporter.render(report), terminator: "")
    case .github:
      print(CheckGitHubReporter.render(report), terminator: "")
      appendJobSummary(CheckMarkdownReporter.render(report), environment: environment)
    }
    fflush(nil)
  }

  /// Prints a sweep's `report` as `format` asks (not `text`, which `SweepFinisher` prints);
  /// with `github`, appends the Markdown summary to the job summary.
  static func emit(_ report: SweepReport, format: ResultFormat,
                   environment: [String: String] = ProcessInfo.processInfo.environment) {
    switch format {
    case .text: return
    case .json: print(SweepReporters.json(report), terminator: "")
    case .junit: print(SweepReporters.junit(report), terminator: "")
    case .markdown: print(SweepReporters.markdown(report), terminator: "")
    case .github:
      print(SweepReporters.github(report), terminator: "")
      appendJobSummary(SweepReporters.markdown(report), environment: environment)
    }
    fflush(nil)
  }

  /// Appends `markdown` to the file `GITHUB_STEP_SUMMARY` names, if any; a failure is a
  /// warning (the result and its exit code stand).
  static func appendJobSummary(_ markdown: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
    appendSummary(markdown, to: path)
  }

  private static func appendSummary(_ text: String, to path: String) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      Terminal.printError("\(path): warning: cannot append the job summary: \(String(cString: strerror(errno)))")
      return
    }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        Terminal.printError("\(path): warning: cannot append the job summary: \(String(cString: strerror(errno)))")
        return
      }
      written += count
    }
  }
}
