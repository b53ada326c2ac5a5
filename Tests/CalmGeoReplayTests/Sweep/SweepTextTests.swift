import Testing

@testable import CalmGeoReplay

/// The CSV cells of results.csv, summary.csv and pareto.csv (RFC 4180): quoted exactly when
/// they hold a comma, a quote or a line break, quotes doubled.
struct SweepTextTests {
  @Test func cellsAreQuotedOnlyWhenTheyMustBe() {
    #expect(SweepText.csv("12.5") == "12.5")
    #expect(SweepText.csv("Bergen–Os") == "Bergen–Os")
    #expect(SweepText.csv("a,b") == "\"a,b\"")
    #expect(SweepText.csv("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(SweepText.csv("two\nlines") == "\"two\nlines\"")
    #expect(SweepText.csv("old\rmac") == "\"old\rmac\"")
    // "\r\n" is one Character, equal to neither "\r" nor "\n": it is still a line break.
    #expect(SweepText.csv("dos\r\nline") == "\"dos\r\nline\"")
    #expect(SweepText.csvLine(["1", "a,b", ""]) == "1,\"a,b\",\n")
  }
}
