/// A check's result as a JUnit XML report, which every CI system shows in its test tab:
/// a `tracks` suite with one test case per track (a `failure` carrying the readable diff
/// when its outputs differ, an `error` when it could not be checked), and a `gates` suite
/// with one test case per gate (a `failure` listing the tracks beyond the limit).
package enum CheckJUnitReporter {
  /// The document, ending with a newline.
  package static func render(_ report: CheckReport) -> String {
    let differing = report.count(.differs)
    let failed = report.count(.failed)
    let violated = report.violatedGates.count
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += "<testsuites name=\"calmgeo-replay check\" tests=\"\(report.tracks.count + report.gates.count)\" "
    xml += "failures=\"\(differing + violated)\" errors=\"\(failed)\">\n"
    xml += suite("tracks", tests: report.tracks.count, failures: differing, errors: failed)
    for track in report.tracks {
      let name = "name=\"\(XMLText.attribute(track.name))\" classname=\"calmgeo-replay.check.tracks\""
      switch track.status {
      case .ok:
        xml += "    <testcase \(name)/>\n"
      case .differs:
        let diff = track.result.map(CheckReportWriter.render) ?? ""
        xml += "    <testcase \(name)>\n"
        xml += "      <failure type=\"differs\" message=\"outputs differ from the stored ones\">"
        xml += XMLText.text(diff) + "</failure>\n"
        xml += "    </testcase>\n"
      case .failed:
        let reason = track.failure ?? "could not be checked"
        xml += "    <testcase \(name)>\n"
        xml += "      <error type=\"failed\" message=\"\(XMLText.attribute(reason))\">"
        xml += XMLText.text(reason) + "</error>\n"
        xml += "    </testcase>\n"
      }
    }
    xml += "  </testsuite>\n"
    if !report.gates.isEmpty {
      xml += suite("gates", tests: report.gates.count, failures: violated, errors: 0)
      for gate in report.gates {
        let name = "name=\"\(XMLText.attribute(gate.condition))\" classname=\"calmgeo-replay.check.gates\""
        let violations = report.violations(of: gate)
        if violations.isEmpty {
          xml += "    <testcase \(name)/>\n"
          continue
        }
        let count = violations.count == 1 ? "1 track" : "\(violations.count) tracks"
        xml += "    <testcase \(name)>\n"
        xml += "      <failure type=\"gate\" message=\"\(count) beyond the limit\">"
        xml += XMLText.text(violations.map { "\($0)\n" }.joined()) + "</failure>\n"
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  private static func suite(_ name: String, tests: Int, failures: Int, errors: Int) -> String {
    "  <testsuite name=\"\(name)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
  }
}
