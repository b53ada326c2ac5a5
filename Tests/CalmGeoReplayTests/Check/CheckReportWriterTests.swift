import Testing

@testable import CalmGeoReplay

/// The text of a check: track blocks, gate violations and the summary line.
struct CheckReportWriterTests {
  @Test(arguments: [
    (3, 0, 0, 0, "all 3 tracks match\n"),
    (2, 0, 0, 0, "both tracks match\n"),
    (1, 0, 0, 1, "1 track matches; 1 gate violation\n"),
    (3, 2, 0, 0, "2 of 3 tracks differ\n"),
    (3, 1, 1, 2, "1 of 3 tracks differ; 1 of 3 tracks could not be checked; 2 gate violations\n"),
    (1, 1, 0, 0, "1 of 1 track differs\n"),
  ])
  func summaryLine(tracks: Int, differing: Int, failed: Int, violations: Int, line: String) {
    #expect(
      CheckReportWriter.summary(tracks: tracks, differing: differing, failed: failed, violations: violations) == line)
  }

  @Test func filesOnlyOneSideHasAndFormattingOnlyDifferences() throws {
    let formatting = try #require(
      CheckRecordDifference.first(stored: Array("{\"a\":1}\n".utf8), fresh: Array("{\"a\":1}".utf8)))
    var result = CheckTrackResult(
      name: "walk",
      files: [
        .init(path: "uploads/000001.json", kind: .differs(formatting)),
        .init(path: "uploads/000002.json", kind: .differs(formatting)),
        .init(path: "uploads/000010.json", kind: .onlyStored), .init(path: "uploads/000011.json", kind: .onlyStored),
        .init(path: "uploads/000012.json", kind: .onlyFresh),
      ])
    #expect(
      CheckReportWriter.render(result) == """
        walk: differs
          uploads/000001.json: the same lines; only spacing or line ends differ
          uploads/000002.json: differs too
          only in the stored outputs: uploads/000010.json, 000011.json
          only in the fresh replay: uploads/000012.json

        """)
    result.files = []
    #expect(CheckReportWriter.render(result) == "walk: ok\n")
  }
}
