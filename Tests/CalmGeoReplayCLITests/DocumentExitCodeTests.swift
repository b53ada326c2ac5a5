import CalmGeoReplay
import Testing

@testable import calmgeo_replay

/// The CLI's one mapping from an error to its message and exit code (`Terminal.outcome`,
/// which `Terminal.report`, `SweepExit.report` and `check` all reach): every document's
/// error prints its own description and exits 64 (docs/EXIT-CODES.md).
struct DocumentExitCodeTests {
  /// The messages are written out by hand from the documented form
  /// `file:line[:column]: error: <document>: '<key>': <reason>` (a scenario's entry bare).
  @Test(arguments: [
    (DocumentError.Document.config, "cfg.json:1:19: error: config: 'k': bad"),
    (.checkManifest, "cfg.json:1:19: error: check manifest: 'k': bad"),
    (.gates, "cfg.json:1:19: error: gates: 'k': bad"),
    (.sweepSpec, "cfg.json:1:19: error: sweep spec: 'k': bad"),
    (.geofences, "cfg.json:1:19: error: geofences: 'k': bad"),
    (.scenario, "cfg.json:1:19: error: scenario: k: bad"),
  ])
  func everyDocumentExits64(document: DocumentError.Document, message: String) {
    let error = DocumentError(document, source: "cfg.json", line: 1, column: 19, key: "k", reason: "bad")
    let outcome = Terminal.outcome(error)
    #expect(outcome.message == message)
    #expect(outcome.code == 64)
  }

  /// The other errors that carry their own code keep theirs (65 data, 66 missing, 1 output).
  @Test func otherCodedErrorsKeepTheirCodes() {
    let parse = ParseError(
      format: "csv", location: SourceLocation(file: "t.csv", line: 3, column: nil), key: "bad_latitude",
      reason: "bad latitude")
    let cases: [(any Error, String, Int32)] = [
      (parse, "t.csv:3: error: csv: bad latitude", 65),
      (InputUnavailable(file: "t.csv", reason: "no such file"), "t.csv: error: no such file", 66),
      (OutputError(path: "out/t", reason: "Not a directory"), "out/t: error: cannot write: Not a directory", 1),
    ]
    for (error, message, code) in cases {
      let outcome = Terminal.outcome(error)
      #expect(outcome.message == message)
      #expect(outcome.code == code)
    }
  }
}
