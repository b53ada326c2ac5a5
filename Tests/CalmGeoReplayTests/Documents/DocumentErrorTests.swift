import CalmGeoReplay
import Foundation
import Testing

/// The one positioned error of every document the user writes: its message per document
/// (docs/EXIT-CODES.md: `file:line[:column]: error: <document>: <reason>`) and its exit code.
struct DocumentErrorTests {
  /// One error per document, each with the message written out by hand from the rule:
  /// the place (`file:line`, `:column` only when known), `error:`, the document's word,
  /// the key in quotes (a scenario's entry bare), then the reason.
  @Test(arguments: [
    (
      DocumentError(
        .config, source: "cfg.json", line: 3, column: 17, key: "replay.seed", reason: "expected a whole number"),
      "cfg.json:3:17: error: config: 'replay.seed': expected a whole number"
    ),
    (
      DocumentError(.checkManifest, source: "check.yaml", line: 4, key: "tracks[0].log", reason: "missing"),
      "check.yaml:4: error: check manifest: 'tracks[0].log': missing"
    ),
    (
      DocumentError(.gates, source: "gates.yaml", line: 2, column: 21, key: "max.uploads", reason: "expected a number"),
      "gates.yaml:2:21: error: gates: 'max.uploads': expected a number"
    ),
    (
      DocumentError(.sweepSpec, source: "sweep.yaml", line: 12, key: "vary.distanceFilter.step", reason: "found -5"),
      "sweep.yaml:12: error: sweep spec: 'vary.distanceFilter.step': found -5"
    ),
    (
      DocumentError(.geofences, source: "home.yaml", key: "", reason: "no such file"),
      "home.yaml: error: geofences: no such file"
    ),
    (
      DocumentError(.scenario, source: "s.yaml", line: 2, key: "calls[0]", reason: "unknown call \"launch\""),
      "s.yaml:2: error: scenario: calls[0]: unknown call \"launch\""
    ),
  ])
  func eachDocumentRendersItsMessage(error: DocumentError, message: String) {
    #expect(error.description == message)
    #expect(error.exitCode == 64)
  }

  /// A syntax error found by the shared reader is named as the document being read:
  /// `{"max": ` is 8 bytes on line 1, so the value that is missing starts at column 9.
  @Test func aReaderErrorIsReportedAsTheDocumentRead() throws {
    let reason = "not valid JSON: unexpected end of text"
    #expect(throws: DocumentError(.sweepSpec, source: "g.json", line: 1, column: 9, reason: reason)) {
      try SpecJSONReader.read("{\"max\": ", source: "g.json")
    }
    #expect(throws: DocumentError(.gates, source: "g.json", line: 1, column: 9, reason: reason)) {
      try CheckManifestDecoder.document("{\"max\": ", source: "g.json", document: .gates)
    }
  }

  @Test func everyDocumentExits64() {
    #expect(
      DocumentError.Document.allCases.map(\.rawValue) == [
        "config", "check manifest", "gates", "sweep spec", "geofences", "scenario",
      ])
    for document in DocumentError.Document.allCases {
      #expect(DocumentError(document, source: "f", reason: "r").exitCode == 64)
    }
  }
}
