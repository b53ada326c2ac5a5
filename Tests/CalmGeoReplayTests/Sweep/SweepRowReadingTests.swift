import Testing

@testable import CalmGeoReplay

/// Reading rows and `sweep.json` back refuses what no sweep writes, naming file and
/// line, and never traps on a number.
struct SweepRowReadingTests {
  static let hash = SweepMergeTests.base.specHash

  private func failure(_ text: String, toleratingCutEnd: Bool = false) -> String {
    do {
      _ = try SweepResultsReader.rows(text, file: "r.ndjson", toleratingCutEnd: toleratingCutEnd)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func indicesMustBeWholeNumbersAndFieldsOfTheirType() {
    let row = #"{"specHash":"\#(Self.hash)","trackIndex":1,"configIndex":2,"stats":{"x":1}}"#
    #expect(failure(row + "\n") == "no error")
    #expect(
      failure(row + "\n" + row.replacingOccurrences(of: #""trackIndex":1"#, with: #""trackIndex":1.5"#) + "\n")
        == "r.ndjson:2: error: not a sweep result row: 'trackIndex' must be a whole number from 0, found 1.5")
    #expect(
      failure(row.replacingOccurrences(of: #""configIndex":2"#, with: #""configIndex":"2""#) + "\n")
        == #"r.ndjson:1: error: not a sweep result row: 'configIndex' must be a whole number from 0, found "2""#)
    #expect(
      failure(row.replacingOccurrences(of: #""configIndex":2"#, with: #""configIndex":1e300"#) + "\n")
        == "r.ndjson:1: error: not a sweep result row: 'configIndex' must be a whole number from 0, found 1e+300")
    #expect(
      failure(row.replacingOccurrences(of: #""stats":{"x":1}"#, with: #""stats":[1]"#) + "\n")
        == "r.ndjson:1: error: not a sweep result row: 'stats' must be an object, found [1]")
    #expect(failure("[1]\n") == "r.ndjson:1: error: not a sweep result row: expected an object, found [1]")
  }

  @Test func aCutLastLineIsDroppedOnResumeAndRefusedByMerge() throws {
    let row = #"{"specHash":"\#(Self.hash)","trackIndex":0,"configIndex":0,"stats":{"x":1}}"#
    let cut = row + "\n" + row.prefix(30)
    let (rows, truncated) = try SweepResultsReader.rows(cut, file: "r.ndjson", toleratingCutEnd: true)
    #expect(rows.count == 1 && truncated)
    #expect(
      failure(cut) == "r.ndjson:2: error: the last row has no newline: the file was cut (a killed run?); "
        + "finish that run with --resume, or rerun it")
  }

  @Test func aLineLongerThanAnyRowIsRefusedWithoutParsing() {
    let huge = #"{"stats":{"x":["# + String(repeating: "0,", count: 600_000) + "0]}}\n"
    #expect(
      failure(huge) == "r.ndjson:1: error: not a sweep result row: a line of 1200019 bytes, longer than any row "
        + "(1048576 bytes)")
  }

  @Test func sweepJSONNumbersOutOfRangeAreRefusedNotTrapped() {
    let text = SweepMergeTests.base.json.rendered(pretty: true)
    func failure(_ from: String, _ to: String) -> String {
      let edited = text.replacingOccurrences(of: from, with: to)
      guard edited != text else { return "unchanged" }
      do {
        _ = try SweepManifest(reading: edited, file: "sweep.json")
        return "no error"
      } catch {
        return error.description
      }
    }
    #expect(
      failure(#""sweepVersion": 1"#, #""sweepVersion": 1e300"#)
        == "sweep.json: error: not a calmgeo-replay sweep.json: version 1e+300 is newer than this tool's 1: "
        + "use a newer calmgeo-replay")
    #expect(failure(#""rows": 0"#, #""rows": 1e300"#).hasPrefix("sweep.json:"))
    #expect(
      failure(#""rows": 0"#, #""rows": 1e300"#)
        .hasSuffix("error: not a calmgeo-replay sweep.json: 'rows' is not a count"))
    #expect(
      failure(#""failedTracks": []"#, #""failedTracks": [{"index": 1e300, "error": "x"}]"#)
        .hasSuffix("error: not a calmgeo-replay sweep.json: a failed track without a valid index"))
  }
}
