import Testing

@testable import CalmGeoReplay

/// Every element of `GPXParser.fieldElements` lands in its field: one hand-written point
/// per element and place (a child of the point, or inside its `<extensions>`), with the
/// value read back by hand from the text written.
struct GPXFieldTableTests {
  /// One element in one place, and where its value must land.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let inExtensions: Bool
    let text: String
    let read: @Sendable (Fix) -> Double?
    let expected: Double

    var testDescription: String { inExtensions ? "<extensions><\(name)>" : "<\(name)>" }
  }

  /// Values chosen exact in binary (halves and quarters) so that `==` is fair.
  static let cases: [Case] = [
    Case(name: "ele", inExtensions: false, text: "412.25", read: { $0.altitude }, expected: 412.25),
    // 2024-05-01T07:03:13Z: one second after `GPXParserTests.may1`, in seconds since 1970.
    Case(
      name: "time", inExtensions: false, text: "2024-05-01T07:03:13Z", read: { Double($0.time) / 1000 },
      expected: 1_714_546_993),
    Case(name: "speed", inExtensions: false, text: "3.5", read: { $0.speed }, expected: 3.5),
    Case(name: "course", inExtensions: false, text: "271.5", read: { $0.course }, expected: 271.5),
    Case(name: "hdop", inExtensions: false, text: "1.25", read: { $0.hdop }, expected: 1.25),
    Case(name: "vdop", inExtensions: false, text: "2.5", read: { $0.vdop }, expected: 2.5),
    Case(name: "pdop", inExtensions: false, text: "3.75", read: { $0.pdop }, expected: 3.75),
    Case(name: "sat", inExtensions: false, text: "9", read: { $0.satellites.map(Double.init) }, expected: 9),
    // GPX `dgps` is NMEA GGA quality 2.
    Case(name: "fix", inExtensions: false, text: "dgps", read: { $0.quality.map(Double.init) }, expected: 2),
    Case(name: "geoidheight", inExtensions: false, text: "47.5", read: { $0.geoidSeparation }, expected: 47.5),
    Case(name: "speed", inExtensions: true, text: "4.5", read: { $0.speed }, expected: 4.5),
    Case(name: "course", inExtensions: true, text: "12.5", read: { $0.course }, expected: 12.5),
    Case(name: "heading", inExtensions: true, text: "45.5", read: { $0.course }, expected: 45.5),
    Case(name: "hdop", inExtensions: true, text: "3.5", read: { $0.hdop }, expected: 3.5),
    Case(name: "hAcc", inExtensions: true, text: "4.5", read: { $0.horizontalAccuracy }, expected: 4.5),
    Case(name: "hacc", inExtensions: true, text: "7.5", read: { $0.horizontalAccuracy }, expected: 7.5),
    Case(name: "accuracy", inExtensions: true, text: "6.5", read: { $0.horizontalAccuracy }, expected: 6.5),
    Case(name: "vAcc", inExtensions: true, text: "3.25", read: { $0.verticalAccuracy }, expected: 3.25),
    Case(name: "vacc", inExtensions: true, text: "9.25", read: { $0.verticalAccuracy }, expected: 9.25),
  ]

  @Test(arguments: cases)
  func elementLandsInItsField(_ element: Case) throws {
    let written = "<\(element.name)>\(element.text)</\(element.name)>"
    // A point that has a time of its own unless the element is its time.
    let time = element.name == "time" && !element.inExtensions ? "" : "<time>2024-05-01T07:03:12Z</time>"
    let children = element.inExtensions ? "\(time)<extensions>\(written)</extensions>" : time + written
    let text = GPXTesting.document(
      #"<trk><trkseg><trkpt lat="47.5" lon="8.25">"# + children + "</trkpt></trkseg></trk>")
    let result = try GPXTesting.parse(text)
    #expect(result.diagnostics.skipped.isEmpty)
    try #require(result.fixes.count == 1)
    #expect(element.read(result.fixes[0]) == element.expected)
  }

  /// The cases above cover the table exactly: a line added to the table without its
  /// case here, or a place the table does not give, fails.
  @Test func casesCoverEveryElementOfTheTable() {
    var fromTable: [String] = []
    for element in GPXParser.fieldElements {
      if element.core != nil { fromTable.append(element.name) }
      if element.inExtensions != nil { fromTable.append("extensions/" + element.name) }
    }
    let tested = Self.cases.map { $0.inExtensions ? "extensions/" + $0.name : $0.name }
    #expect(tested.sorted() == fromTable.sorted())
  }

  /// An element the table does not hold is not read, wherever it is.
  @Test func elementsOutsideTheTableAreNotRead() throws {
    let text = GPXTesting.document(
      #"<trk><trkseg><trkpt lat="47.5" lon="8.25"><time>2024-05-01T07:03:12Z</time><heading>45.5</heading>"#
        + "<extensions><ele>3.5</ele><sat>7</sat></extensions></trkpt></trkseg></trk>")
    let fix = try #require(try GPXTesting.parse(text).fixes.first)
    #expect(fix.course == nil)
    #expect(fix.altitude == nil)
    #expect(fix.satellites == nil)
  }
}
