import Foundation
import Testing

@testable import CalmGeoReplay

/// The parse-option table as the documents read it: unknown keys, values that do not fit,
/// the docs that list the keys; and each format's parser.
struct ParseOptionDescriptorTests {
  private func specError(_ track: String) -> String {
    do {
      _ = try SweepSpecDecoder.decode(#"{"tracks": [{"path": "a.log", \#(track)}]}"#, source: "s.json")
      return "no error"
    } catch {
      return error.description
    }
  }

  private func manifestError(_ options: String) -> String {
    do {
      _ = try CheckManifestDecoder.decode(
        #"{"tracks": [{"log": "a.log", "options": {\#(options)}}]}"#, source: "c.json")
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func keysAndFlagsAreUnique() {
    let keys = ParseOptionDescriptor.keys
    let flags = ParseOptionDescriptor.all.map(\.flag)
    #expect(Set(keys).count == keys.count)
    #expect(Set(flags).count == flags.count)
    #expect(!keys.contains("path") && !keys.contains("format"))
  }

  /// A misspelt key is refused with the closest key (edit distance 1 from each).
  @Test func unknownKeysSuggestTheClosest() {
    #expect(specError(#""skipLine": 2"#).contains("'tracks[0].skipLine': unknown field; did you mean 'skipLines'?"))
    #expect(specError(#""asumeSpeed": 2"#).contains("did you mean 'assumeSpeed'?"))
    #expect(
      manifestError(#""colums": {}"#).contains("'tracks[0].options.colums': unknown field; did you mean 'columns'?"))
    #expect(manifestError(#""path": "x""#).contains("'tracks[0].options.path': unknown field"))
  }

  /// Values that do not fit say what was expected; the new keys' texts written from their
  /// rules (counts from 0 up to the ordinal bound; roles as `--column` names them).
  @Test func valuesThatDoNotFitSayWhatWasExpected() {
    #expect(
      specError(#""skipLines": -1"#).contains(
        "'tracks[0].skipLines': expected a whole number from 0 to 999999999, found -1"))
    #expect(specError(#""sort": "yes""#).contains("'tracks[0].sort': expected true or false, found \"yes\""))
    #expect(manifestError(#""columns": {"latitude_deg": "B"}"#).contains("expected an object of column roles"))
    #expect(manifestError(#""columns": "lat=B""#).contains("(roles: time, date, lat, lon"))
    // Unchanged texts of the keys that were there before the table.
    #expect(specError(#""assumeSpeed": 0"#).contains("expected a speed in m/s more than 0, found 0"))
    #expect(specError(#""assumeSpeed": 5000"#).contains("expected a speed in m/s from 0.01 to 1000, found 5000"))
    #expect(specError(#""track": 1.5"#).contains("expected a whole number from 1, found 1.5"))
  }

  /// A whole number of hours too large for any offset is refused, not a crash (it was
  /// converted with `Int(_:)`, which traps past Int's range).
  @Test func aHugeOffsetIsAnErrorNotATrap() {
    #expect(specError(#""utcOffset": 1e300"#).contains("expected an offset such as \"+02:00\" or \"-0700\""))
    #expect(specError(#""utcOffset": 2"#) == "no error")
  }

  /// A value refused leaves the options as they were (no half-applied `columns`).
  @Test func aRefusedValueChangesNothing() {
    var options = ParseOptions()
    let columns = ParseOptionDescriptor.withKey("columns")!
    let mismatch = columns.apply(.object([.init("lat", .string("B")), .init("nope", .string("C"))]), to: &options)
    #expect(mismatch != nil)
    #expect(options.csvColumns.isEmpty)
  }

  /// Every key appears in the docs that list them: SWEEP.md's table, CHECK.md's options and INPUTS.md's table
  /// (with every flag).
  @Test func theDocsListEveryKey() throws {
    let docs = Corpus.repositoryRoot.appendingPathComponent("docs")
    for name in ["SWEEP.md", "CHECK.md", "INPUTS.md"] {
      let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
      for key in ParseOptionDescriptor.keys { #expect(text.contains("`\(key)`"), "\(key) in \(name)") }
    }
    let inputs = try String(contentsOf: docs.appendingPathComponent("INPUTS.md"), encoding: .utf8)
    for descriptor in ParseOptionDescriptor.all {
      #expect(inputs.contains("`\(descriptor.flag)"), "\(descriptor.flag)")
    }
  }

  /// Each format names its own parser (the one place a format meets its reader).
  @Test func eachFormatHasItsParser() {
    #expect(
      InputFormat.allCases.map { String(describing: $0.parser) } == [
        "CSVParser", "NMEAParser", "GPXParser", "GnssLoggerParser", "CalmGeoJSONParser",
      ])
  }
}
