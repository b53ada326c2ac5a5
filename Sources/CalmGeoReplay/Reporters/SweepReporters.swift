/// A sweep's result in the CI formats, all from one `SweepReport`: JSON (the
/// recommendation, its objectives and the constraints it breaks), JUnit (a test case per
/// constraint, failing when the recommended configuration breaks it, and per log that
/// could not be read), GitHub (an `::error` per broken constraint, a `::warning` per
/// unreadable log) and Markdown (the best configurations and the constraints).
package enum SweepReporters {
  /// Configurations the Markdown table lists, best first.
  static let configurationsShown = 10

  /// One document, keys in a fixed order: `version`, `command`, `out`, `exitCode`,
  /// `met`, `rows`, `tracks`, `configurations`, `passing`, `failedLogs`, `objectives`,
  /// `constraints`, `recommended` (`configuration`, `label`, `meetsConstraints`,
  /// `objectives` [{`objective`, `value`}], `violations` [{`constraint`, `failedRows`,
  /// `worst`, `worstTrack`}]; `null` without rows).
  package static func json(_ report: SweepReport) -> String {
    let manifest = report.manifest
    var recommended = OrderedJSON.null
    if let winner = report.winner {
      recommended = .object([
        ("configuration", .int(winner.configIndex)),
        ("label", .string(manifest.grid.label(at: winner.configIndex))),
        ("meetsConstraints", .bool(winner.meetsConstraints)),
        (
          "objectives",
          .array(
            zip(manifest.objectives, winner.objectives).map { objective, value in
              .object([("objective", .string(objective.description)), ("value", .double(value))])
            })
        ),
        (
          "violations",
          .array(
            winner.violations.map { violation in
              .object([
                ("constraint", .string(manifest.constraints[violation.constraint].description)),
                ("failedRows", .int(violation.failedRows)),
                ("worst", .double(violation.worst)),
                ("worstTrack", .string(manifest.tracks[violation.worstTrack].name)),
              ])
            })
        ),
      ])
    }
    return OrderedJSON.object([
      ("version", .int(SweepReport.version)),
      ("command", .string("sweep")),
      ("out", .string(report.out)),
      ("exitCode", .int(Int(report.exitCode))),
      ("met", .bool(SweepRecommendation.isMet(report.analysis))),
      ("rows", .int(report.analysis.table.entries.count)),
      ("tracks", .int(report.readTracks)),
      ("configurations", .int(manifest.grid.count)),
      ("passing", .int(report.analysis.ranking.passing)),
      (
        "failedLogs",
        .array(
          manifest.failedTracks.map { failed in
            .object([("name", .string(manifest.tracks[failed.index].name)), ("error", .string(failed.error))])
          })
      ),
      ("objectives", .array(manifest.objectives.map { .string($0.description) })),
      ("constraints", .array(manifest.constraints.map { .string($0.description) })),
      ("recommended", recommended),
    ]).rendered(pretty: true)
  }

  /// JUnit: a `constraints` suite (one case per constraint, judged on the recommended
  /// configuration) and a `logs` suite (one case per log, an error when it could not be read).
  package static func junit(_ report: SweepReport) -> String {
    let manifest = report.manifest
    let broken = Dictionary(uniqueKeysWithValues: (report.winner?.violations ?? []).map { ($0.constraint, $0) })
    let failedLogs = Dictionary(
      manifest.failedTracks.map { ($0.index, $0.error) },
      uniquingKeysWith: { first, _ in first })
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += "<testsuites name=\"calmgeo-replay sweep\" tests=\"\(manifest.constraints.count + manifest.tracks.count)\" "
    xml += "failures=\"\(broken.count)\" errors=\"\(failedLogs.count)\">\n"
    xml += "  <testsuite name=\"constraints\" tests=\"\(manifest.constraints.count)\" failures=\"\(broken.count)\" "
    xml += "errors=\"0\" skipped=\"0\">\n"
    for (index, constraint) in manifest.constraints.enumerated() {
      let name = "name=\"\(XMLText.attribute(constraint.description))\" classname=\"calmgeo-replay.sweep.constraints\""
      guard let violation = broken[index] else {
        xml += "    <testcase \(name)/>\n"
        continue
      }
      xml += "    <testcase \(name)>\n      <failure type=\"constraint\" message=\"no configuration meets it\">"
      xml += XMLText.text(report.violationText(violation) + "\n") + "</failure>\n    </testcase>\n"
    }
    xml += "  </testsuite>\n"
    xml += "  <testsuite name=\"logs\" tests=\"\(manifest.tracks.count)\" failures=\"0\" "
    xml += "errors=\"\(failedLogs.count)\" skipped=\"0\">\n"
    for (index, track) in manifest.tracks.enumerated() {
      let name = "name=\"\(XMLText.attribute(track.name))\" classname=\"calmgeo-replay.sweep.logs\""
      guard let error = failedLogs[index] else {
        xml += "    <testcase \(name)/>\n"
        continue
      }
      xml += "    <testcase \(name)>\n      <error type=\"unreadable\" message=\"\(XMLText.attribute(error))\">"
      xml += XMLText.text(error) + "</error>\n    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// An `::error` per constraint the recommendation breaks, a `::warning` per log that
  /// could not be read (at most 10 of each level), then the headline and the verdict.
  package static func github(_ report: SweepReport) -> String {
    let title = "calmgeo-replay sweep"
    var commands = (report.winner?.violations ?? []).map {
      GitHubCommand(
        .error, title: "\(title): \(report.manifest.constraints[$0.constraint])",
        message: "no configuration meets it; closest: " + report.violationText($0))
    }
    commands += report.manifest.failedTracks.map {
      GitHubCommand(
        .warning, title: "\(title): \(report.manifest.tracks[$0.index].name)",
        message: "could not be read; the sweep went on without it: \($0.error)")
    }
    let shown = GitHubCommand.capped(commands, title: title) { "\($0) more; see recommended.why.txt and sweep.json" }
    var text = shown.map { $0.line + "\n" }.joined() + report.headline + "\n"
    if let verdict = report.verdict { text += verdict + "\n" }
    return text
  }

  /// A heading with the verdict, the best configurations (objective means) and, when a
  /// constraint is broken, what the closest configuration misses.
  package static func markdown(_ report: SweepReport, limit: Int = CheckMarkdownReporter.limit) -> String {
    let manifest = report.manifest
    let icon = SweepRecommendation.isMet(report.analysis) ? "✅" : "❌"
    var text = "## \(icon) calmgeo-replay sweep: \(MarkdownText.cell(report.headline))\n\n"
    if let verdict = report.verdict { text += MarkdownText.cell(verdict) + "\n\n" }
    var table = MarkdownTable(["Rank", "Configuration", "Meets constraints"] + manifest.objectives.map(\.description))
    for (rank, candidate) in report.analysis.ranking.order.prefix(configurationsShown).enumerated() {
      table.add(
        ["\(rank + 1)", report.describe(candidate.configIndex), candidate.meetsConstraints ? "✅" : "❌"]
          + candidate.objectives.map(SweepRecommendation.readable), budget: limit / 2)
    }
    text += table.finish(noun: "configurations")
    if let winner = report.winner, !winner.violations.isEmpty {
      var violations = MarkdownTable(["Constraint the closest configuration breaks", "Tracks", "Worst"])
      for violation in winner.violations {
        let worst = violation.worst.isNaN ? "missing" : SweepRecommendation.readable(violation.worst)
        violations.add(
          [
            manifest.constraints[violation.constraint].description,
            "\(violation.failedRows) of \(report.readTracks)",
            "\(worst) (\(manifest.tracks[violation.worstTrack].name))",
          ], budget: limit / 4)
      }
      text += "\n" + violations.finish(noun: "constraints")
    }
    return text
  }

  /// `1 track`, `3 tracks`.
  static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
