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

/// `SweepCSVText`, the byte builder behind results.csv and summary.csv, writes what
/// `csvLine` of the same cells writes.
struct SweepCSVTextTests {
  @Test func linesMatchCSVLineOfTheSameCells() {
    var csv = SweepCSVText()
    csv.field("walk,1.csv")
    csv.integer(0)
    csv.integer(-12)
    csv.number(0.25)
    csv.number(16)
    csv.number(1e-7)
    csv.number(.nan)
    csv.number(.infinity)
    csv.field("say \"hi\"")
    csv.endLine()
    csv.endLine()
    csv.fields(["a", ""])
    csv.number(-0.0)
    csv.endLine()
    // Worked out by hand: the name quoted (a comma), integers bare, numbers in their shortest
    // text without ".0", non-finite numbers empty, the quote doubled, an empty line, "-0".
    let expected = "\"walk,1.csv\",0,-12,0.25,16,1e-07,,,\"say \"\"hi\"\"\"\n\na,,-0\n"
    #expect(csv.text == expected)
    #expect(
      csv.text
        == SweepText.csvLine(["walk,1.csv", "0", "-12", "0.25", "16", "1e-07", "", "", "say \"hi\""]) + "\n"
        + SweepText.csvLine(["a", "", SweepText.number(-0.0)]))
  }
}
