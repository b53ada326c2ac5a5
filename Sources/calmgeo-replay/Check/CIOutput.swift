import ArgumentParser
import CalmGeoReplay
import CalmGeoSystem
import Foundation

extension ResultFormat: ExpressibleByArgument {}

/// Prints a result in a CI format (`--format`), and appends GitHub's job summary.
enum CIOutput {
  /// Prints `report` as `format` asks (not `text`, which `CheckSession` prints as it goes);
  /// with `github`, appends the Markdown summary to the file `GITHUB_STEP_SUMMARY` names.
  static func emit(
    _ report: CheckReport, format: ResultFormat,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    emit(
      format, environment: environment, json: { CheckJSONReporter.render(report) },
      junit: { CheckJUnitReporter.render(report) }, github: { CheckGitHubReporter.render(report) },
      markdown: { CheckMarkdownReporter.render(report) })
  }

  /// Prints a sweep's `report` as `format` asks (not `text`, which `SweepFinisher` prints);
  /// with `github`, appends the Markdown summary to the job summary.
  static func emit(
    _ report: SweepReport, format: ResultFormat,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    emit(
      format, environment: environment, json: { SweepReporters.json(report) },
      junit: { SweepReporters.junit(report) }, github: { SweepReporters.github(report) },
      markdown: { SweepReporters.markdown(report) })
  }

  /// Prints the rendering `format` names (nothing for `text`); with `github`, the Markdown
  /// rendering goes to the job summary too.
  private static func emit(
    _ format: ResultFormat, environment: [String: String], json: () -> String,
    junit: () -> String, github: () -> String, markdown: () -> String
  ) {
    switch format {
    case .text: return
    case .json: print(json(), terminator: "")
    case .junit: print(junit(), terminator: "")
    case .markdown: print(markdown(), terminator: "")
    case .github:
      print(github(), terminator: "")
      appendJobSummary(markdown(), environment: environment)
    }
    fflush(nil)
  }

  /// Appends `markdown` to the file `GITHUB_STEP_SUMMARY` names, if any; a failure is a
  /// warning (the result and its exit code stand).
  static func appendJobSummary(
    _ markdown: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
    appendSummary(markdown, to: path)
  }

  private static func appendSummary(_ text: String, to path: String) {
    do throws(Errno) {
      let descriptor = try FileDescriptor.opening(
        path, .writeOnly, options: [.append, .create, .closeOnExec], permissions: FilePermissions(rawValue: 0o644))
      defer { descriptor.closeQuietly() }
      try descriptor.writeFully(text.utf8)
    } catch {
      Terminal.printError("\(path): warning: cannot append the job summary: \(error.reason)")
    }
  }
}
