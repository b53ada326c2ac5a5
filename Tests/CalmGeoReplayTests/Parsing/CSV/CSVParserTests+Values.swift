import Testing

@testable import CalmGeoReplay

// Units, hemispheres, satellites and accuracy estimates, one rule per test.
extension CSVParserTests {
  // MARK: Units and values

  @Test(
    arguments: [
      ("speed", "2.5", "speed", 2.5 as Double?),
      ("speed_kmh", "36", "speed", 10),  // 36 000 m / 3600 s
      ("kph", "9", "speed", 2.5),  // 9 / 3.6
      ("speed_kn", "10", "speed", 10 * 1852.0 / 3600),  // 5.1444… m/s
      ("knots", "1", "speed", 0.514_444_444_444_444_4),
      ("speed_mph", "10", "speed", 4.4704),  // 10 × 1609.344 / 3600
      ("speed", "-1", "speed", nil),  // Core Location's "unknown"
      ("speed", "NaN", "speed", nil),
      ("speed", "n/a", "speed", nil),
      ("speed", "-", "speed", nil),
      ("ele", "61.9", "altitude", 61.9),
      ("altitude_ft", "1000", "altitude", 304.8),  // 1000 × 0.3048
      ("altitude [ft]", "-10", "altitude", -3.048),
      ("ele", "-1", "altitude", -1),  // below sea level is a height
      ("geoidheight", "39.2", "geoidSeparation", 39.2),
      ("bearing", "219.93", "course", 219.93),
      ("course", "360", "course", 0),
      ("course", "-90", "course", 270),
      ("course", "-1", "course", nil),
      ("course [rad]", "3.141592653589793", "course", 180),
      // smartLoc: 0 rad = east, counterclockwise. East is 90° clockwise from north.
      ("\"Heading (0° = East, counterclockwise) [rad]\"", "0", "course", 90),
      // π/2 counterclockwise from east is north: 90° − 90° = 0°.
      ("\"Heading (0° = East, counterclockwise) [rad]\"", "1.5707963267948966", "course", 0),
      // π counterclockwise from east is west: 90° − 180° = −90° → 270°.
      ("\"Heading (0° = East, counterclockwise) [rad]\"", "3.141592653589793", "course", 270),
      ("accuracy", "7.0", "horizontalAccuracy", 7),
      ("accuracy", "-1", "horizontalAccuracy", nil),
      ("vacc", "3.5", "verticalAccuracy", 3.5),
      ("speed_accuracy", "0.4", "speedAccuracy", 0.4),
      ("hdop", "1.02", "hdop", 1.02),
      ("hdop", "99.99", "hdop", nil),  // "no DOP" placeholder
      ("vdop", "0.00", "vdop", nil),
      ("pdop", "1.33", "pdop", 1.33),
    ] as [(String, String, String, Double?)])
  func convertsUnitsAndPlaceholders(header: String, value: String, property: String, expected: Double?) throws {
    let result = try CSVTestSupport.parse("time,lat,lon,\(header)\n2024-05-01T07:03:12Z,60.5,5.25,\(value)\n")
    #expect(CSVTestSupport.problems(result) == [])
    let fix = try #require(result.fixes.first)
    let values: [String: Double?] = [
      "speed": fix.speed, "altitude": fix.altitude, "geoidSeparation": fix.geoidSeparation, "course": fix.course,
      "horizontalAccuracy": fix.horizontalAccuracy, "verticalAccuracy": fix.verticalAccuracy,
      "speedAccuracy": fix.speedAccuracy, "hdop": fix.hdop, "vdop": fix.vdop, "pdop": fix.pdop,
    ]
    let got = try #require(values[property])
    if let expected, let got {
      #expect(abs(got - storedAsFloat(expected)) <= abs(storedAsFloat(expected)) * 1e-7 + 1e-5, "\(got) vs \(expected)")
    } else {
      #expect(got == nil && expected == nil)
    }
  }

  @Test(
    arguments: [
      ("sats", "7", 7 as Int?), ("NSAT (USED/VIEW)", "7(12)", 7), ("satellites", "", nil), ("sats", "-", nil),
      ("sats", "300", 254),
    ] as [(String, String, Int?)])
  func readsSatellites(header: String, value: String, expected: Int?) throws {
    let result = try CSVTestSupport.parse("time,lat,lon,\(header)\n2024-05-01T07:03:12Z,60.5,5.25,\(value)\n")
    #expect(result.fixes.first?.satellites == expected)
  }

  @Test(
    arguments: [
      ("lat,lon", "49.0733336N,125.7648551W", 49.0733336, -125.7648551),
      ("lat,lon", "49.5S,5.25E", -49.5, 5.25),
      ("lat,lon", "S49.5,W5.25", -49.5, -5.25),
      ("lat,lon", "49.5 s,5.25 w", -49.5, -5.25),
      ("LATITUDE,N/S,LONGITUDE,E/W", "51.311770,N,12.413179,E", 51.311770, 12.413179),
      ("LATITUDE,N/S,LONGITUDE,E/W", "51.311770,S,12.413179,W", -51.311770, -12.413179),
      ("LATITUDE,N/S,LONGITUDE,E/W", "-51.311770,S,12.413179,", -51.311770, 12.413179),
      ("lat [rad],lon [rad]", "1,-1", 180 / Double.pi, -180 / Double.pi),
    ] as [(String, String, Double, Double)])
  func readsHemispheres(header: String, values: String, latitude: Double, longitude: Double) throws {
    let result = try CSVTestSupport.parse("time,\(header)\n2024-05-01T07:03:12Z,\(values)\n")
    #expect(CSVTestSupport.problems(result) == [])
    #expect(result.fixes.map(\.latitude) == [latitude])
    #expect(result.fixes.map(\.longitude) == [longitude])
  }

  @Test func estimatesAccuracyFromDOPLikeTheNMEAReader() throws {
    // Default UERE 5 m: HDOP 1.2 → 6 m, VDOP 0.8 → 4 m.
    let result = try CSVTestSupport.parse("time,lat,lon,hdop,vdop\n2024-05-01T07:03:12Z,60.5,5.25,1.2,0.8\n")
    var expected = csvFix(csvAnchor, 60.5, 5.25, line: 2)
    expected.hdop = 1.2
    expected.vdop = 0.8
    expected.horizontalAccuracy = 1.2 * 5
    expected.verticalAccuracy = 0.8 * 5
    expected.flags = [.horizontalAccuracyEstimated, .verticalAccuracyEstimated]
    #expect(result.fixes == [expected])
    #expect(result.diagnostics.estimated == ["horizontal_accuracy_from_hdop": 1, "vertical_accuracy_from_vdop": 1])
  }

  @Test func anAccuracyOfItsOwnIsNotReplaced() throws {
    let result = try CSVTestSupport.parse("time,lat,lon,hdop,accuracy\n2024-05-01T07:03:12Z,60.5,5.25,1.2,3\n")
    #expect(result.fixes.first?.horizontalAccuracy == 3)
    #expect(result.fixes.first?.flags == [])
    #expect(result.diagnostics.estimated.isEmpty)
  }

  @Test(
    arguments: [
      ("heightAboveWgs84EllipsoidM", ["altitude_above_ellipsoid": 1]),
      ("ele,heightAboveWgs84EllipsoidM", [:]),  // a sea-level height wins
      ("AltGPS,AltMSL", [:]),
    ] as [(String, [String: Int])])
  func countsEllipsoidalHeightsUsedAsAltitude(columns: String, estimated: [String: Int]) throws {
    let values = columns.split(separator: ",").map { _ in "12.5" }.joined(separator: ",")
    let result = try CSVTestSupport.parse("time,lat,lon,\(columns)\n2024-05-01T07:03:12Z,60.5,5.25,\(values)\n")
    #expect(result.fixes.first?.altitude == 12.5)
    #expect(result.diagnostics.estimated == estimated)
  }

  @Test func aTimeOfDayTakesItsDateFromTheOption() throws {
    let text = "time,lat,lon\n07:03:12,60.5,5.25\n"
    let dated = try CSVTestSupport.parse(text, date: CivilDate(year: 2024, month: 5, day: 1))
    #expect(dated.fixes.map(\.time) == [csvAnchor])
    let undated = try CSVTestSupport.parse(text)
    #expect(
      CSVTestSupport.problems(undated)
        == ["track.csv:2:1: error: csv: time '07:03:12' has no date (give it with --date YYYY-MM-DD)"])
  }
}
