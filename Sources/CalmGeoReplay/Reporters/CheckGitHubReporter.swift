/// A check's result as GitHub Actions workflow commands: one `::error` per track that
/// differs (its readable diff as the message) or could not be checked, one per violated
/// gate (each track beyond the limit), at most `GitHubCommand.annotationsPerLevel` in all
/// with the rest summarised on one line; then the summary line and the advice, as plain
/// log lines. The job summary (`GITHUB_STEP_SUMMARY`) is `CheckMarkdownReporter`'s.
package enum CheckGitHubReporter {
  static let title = "calmgeo-replay check"

  /// The lines, each ending with a newline.
  package static func render(_ report: CheckReport) -> String {
    var commands: [GitHubCommand] = []
    for track in report.tracks {
      switch track.status {
      case .ok: continue
      case .differs:
        var diff = track.result.map(CheckReportWriter.render) ?? ""
        if diff.hasSuffix("\n") { diff.removeLast() }
        commands.append(GitHubCommand(.error, title: "\(title): \(track.name)", message: diff))
      case .failed:
        commands.append(
          GitHubCommand(
            .error, title: "\(title): \(track.name)",
            message: "could not be checked: \(track.failure ?? "see the log")"))
      }
    }
    for gate in report.violatedGates {
      let lines = report.violations(of: gate).map(\.description).joined(separator: "\n")
      commands.append(GitHubCommand(.error, title: "\(title): gate \(gate.condition)", message: lines))
    }
    let shown = GitHubCommand.capped(commands, title: title) { more in
      "\(more) more tracks differ or gates are violated; the job summary and --format text list them all"
    }
    var text = shown.map { $0.line + "\n" }.joined()
    text += report.summaryLine + "\n"
    if let advice = report.advice { text += advice + "\n" }
    return text
  }
}
