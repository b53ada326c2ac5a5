import Testing

@testable import CalmGeoReplay

/// Numbers written into raw memory (`JSONText`, two digits at a step) and records assembled in
/// one buffer (issue 28), against the appends they replaced (`AppendedJSONNumbers`, kept here as
/// the reference): the same bytes for every value.
struct JSONNumberTextTests {
  static func written(_ value: Double) -> String {
    var json = JSONBytes()
    json.double(value)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  static func written(_ value: Int) -> String {
    var json = JSONBytes()
    json.int(value)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  @Test func writesIntegersDigitByDigitPairs() {
    // Worked by hand: one digit, an even and an odd count (pairs, then a last single digit), the extremes.
    #expect(Self.written(0) == "0")
    #expect(Self.written(-1) == "-1")
    #expect(Self.written(99) == "99")
    #expect(Self.written(100) == "100")
    #expect(Self.written(1_234_567) == "1234567")
    #expect(Self.written(-10) == "-10")
    #expect(Self.written(Int.min) == "-9223372036854775808")
    #expect(Self.written(Int.max) == "9223372036854775807")
  }

  @Test func writesDecimalsWithThePointWhereDescriptionPutsIt() {
    // Whole digits then the point (12.5); "0." and the zeros below 1 (0.0125, 0.001); no whole
    // digit at all (0.30000000000000004); a whole number without ".0" and -0.0 as "-0".
    #expect(Self.written(12.5) == "12.5")
    #expect(Self.written(-0.0125) == "-0.0125")
    #expect(Self.written(0.001) == "0.001")
    #expect(Self.written(0.1 + 0.2) == "0.30000000000000004")
    #expect(Self.written(37 + 25.590397 / 60) == "37.426506616666664")
    #expect(Self.written(-7.0) == "-7")
    #expect(Self.written(-0.0) == "-0")
    // description's forms through the fallback: a power of two, the exponent form, NaN.
    #expect(Self.written(0.5) == "0.5")
    #expect(Self.written(1e-5) == "1e-05")
    // 2^53 is past the integer path: description's 9007199254740992.0, less its ".0".
    #expect(Self.written(9_007_199_254_740_992) == "9007199254740992")
    #expect(Self.written(.nan) == "nan")
  }

  @Test func randomNumbersWriteAsTheAppendsDid() {
    var random = SplitMix64(seed: 2029)
    var mismatches: [String] = []
    func compare(_ value: Double) {
      var reference = AppendedJSONNumbers()
      reference.double(value)
      let new = Self.written(value)
      if new != String(decoding: reference.bytes, as: UTF8.self) { mismatches.append("\(value): \(new)") }
    }
    for _ in 0..<50_000 {
      // Any bits; 2^-12 to 2^57 either sign; NMEA angles; short decimals; whole numbers to 2^63;
      // milliseconds as seconds (timestamps).
      compare(Double(bitPattern: random.next()))
      compare(
        Double(
          sign: random.next() & 1 == 0 ? .plus : .minus, exponent: Int(random.next() % 70) - 12,
          significand: 1 + random.nextUnit()))
      compare(-(Double(random.next() % 180) + Double(random.next() % 60_000_000) / 1_000_000 / 60))
      compare(Double(random.next() % 1_000_000_000) / [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e9][Int(random.next() % 8)])
      compare(Double(Int64(bitPattern: random.next()) >> (random.next() % 64)))
      compare(Double(Int64(bitPattern: random.next()) >> 20) / 1000)
      let integer = Int(bitPattern: UInt(random.next())) >> (random.next() % 64)
      var reference = AppendedJSONNumbers()
      reference.int(integer)
      if Self.written(integer) != String(decoding: reference.bytes, as: UTF8.self) { mismatches.append("\(integer)") }
    }
    for value in [0.0, 1, 9, 10, 99, 100, 0.001, 0.01, 0.1, 1e15, 1e16, 1e22, 9_007_199_254_740_992] {
      var down = value
      var up = value
      for _ in 0..<50 {
        compare(down)
        compare(-up)
        down = down.nextDown
        up = up.nextUp
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func coordsLengthIsTheCoordsObjectsLength() {
    // The coords object of a record, counted from its text key by key: 209 bytes
    // (19 + 21 + 16 + 12 + 19 + 13 + 21 + 16 + 22 + 27 + 23).
    var fix = Fix(time: 1_714_546_992_000, latitude: 35.0116, longitude: 135.7681)
    fix.speed = 1.5
    fix.horizontalAccuracy = 4.25
    fix.altitude = 42.5
    let coords = """
      {"latitude":35.0116,"longitude":135.7681,"accuracy":4.25,"speed":1.5,"speedAccuracy":-1,\
      "heading":-1,"headingAccuracy":-1,"altitude":42.5,"altitudeAccuracy":-1,"ellipsoidalAltitude":42.5,\
      "timestamp":736239792}
      """
    var scratch = JSONBytes()
    #expect(coords.utf8.count == 209)
    #expect(CalmGeoJSONWriter.coordsByteCount(fix, scratch: &scratch) == 209)
    let location = CalmGeoLocation(
      id: LocationID(seed: 0, index: 0), sequence: 0, isMoving: false, event: nil, activity: nil, fix: fix)
    let record = String(decoding: CalmGeoJSONWriter.encode(location), as: UTF8.self)
    #expect(record.hasSuffix(",\"coords\":" + coords + "}"))
  }

  @Test func longestNumbersFitTheirRoom() {
    // Every value's text must fit JSONText.maxNumberBytes (32): description's longest is 24 bytes.
    var fix = Fix(time: 0, latitude: -2.2250738585072014e-308, longitude: -.greatestFiniteMagnitude)
    fix.speed = -0.0010000000000000002
    fix.horizontalAccuracy = -1.7976931348623157e+308
    fix.altitude = -Double.leastNonzeroMagnitude
    fix.course = -.infinity
    let location = CalmGeoLocation(
      id: LocationID(seed: 0, index: 0), sequence: 0, isMoving: false, event: nil, activity: nil, fix: fix)
    let record = String(decoding: CalmGeoJSONWriter.encode(location), as: UTF8.self)
    #expect(record.contains("\"latitude\":-2.2250738585072014e-308,\"longitude\":-1.7976931348623157e+308,"))
    #expect(record.contains("\"speed\":-0.0010000000000000002,"))
    #expect(record.contains("\"heading\":-inf,"))
  }
}

/// `JSONBytes.double` and `int` as they were before numbers went through `JSONText`: digits
/// appended one at a time (the reference).
struct AppendedJSONNumbers {
  var bytes: [UInt8] = []

  mutating func int(_ value: Int) {
    var magnitude = value.magnitude
    if value < 0 { bytes.append(45) }
    var digits: [UInt8] = []
    repeat {
      digits.append(UInt8(48 + magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes.append(contentsOf: digits.reversed())
  }

  mutating func double(_ value: Double) {
    if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
      if value == 0 && value.sign == .minus { bytes.append(45) }
      int(Int(value))
    } else if let shortest = ShortestDecimal.of(value) {
      if value < 0 { bytes.append(45) }
      appendDecimal(shortest.digits, exponent: shortest.exponent)
    } else {
      var text = value.description
      if text.hasSuffix(".0") { text.removeLast(2) }
      bytes.append(contentsOf: text.utf8)
    }
  }

  private mutating func appendDecimal(_ digits: UInt64, exponent: Int) {
    bytes.append(contentsOf: Self.decimal(digits, exponent: exponent).utf8)
  }

  /// `digits × 10^exponent` (exponent < 0) as text, the point inserted into the digits' string
  /// (the reference for `JSONText.writeDecimal` here and in `JSONDigitWritingTests`).
  static func decimal(_ digits: UInt64, exponent: Int) -> String {
    var text = Array(String(digits).utf8)
    let wholeDigits = text.count + exponent
    if wholeDigits > 0 {
      text.insert(46, at: wholeDigits)
    } else {
      text.insert(contentsOf: [48, 46] + [UInt8](repeating: 48, count: -wholeDigits), at: 0)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The coords' length counted from the numbers' lengths (the sweep analysis's `coordsBytes`) is the
  /// length written, for every kind of number `JSONText.write` has a case for.
  @Test func coordsLengthCountedIsTheLengthWritten() {
    let values: [Double] = [
      0, -0.0, 1, -1, 7.5, 10.1, 305.08, 60.38538, -122.0841234567, 5.217219, 0.001, 0.0012345, -0.0010000000000000002,
      0.0009999, 1e-7, 123_456_789_012_345, 1e15, 9_007_199_254_740_992, 1e21, 0.1 + 0.2, 2.5e-308, .nan, .infinity,
      -.infinity, .greatestFiniteMagnitude, 0.5, 1024.25, 4_294_967_296.5,
    ]
    var scratch = JSONBytes()
    var compared = 0
    for (index, value) in values.enumerated() {
      let other = values[(index * 7 + 3) % values.count]
      for time: Int64 in [0, 978_307_200_000, 1_700_000_000_123, -5_000, 978_307_200_001, 4_102_444_800_500] {
        var fix = Fix(time: time, latitude: value, longitude: other)
        fix.storedHorizontalAccuracy = other
        fix.storedSpeed = value
        fix.storedSpeedAccuracy = index % 2 == 0 ? .nan : other
        fix.storedCourse = value
        fix.storedAltitude = other
        fix.storedVerticalAccuracy = value
        #expect(
          CalmGeoJSONWriter.coordsByteCount(fix, scratch: &scratch) == CalmGeoJSONWriter.writtenCoordsByteCount(fix),
          "\(value), \(other), \(time)")
        compared += 1
      }
    }
    #expect(compared == values.count * 6)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func coordsLengthCountedIsTheLengthWrittenOnTheCorpus() {
    var scratch = JSONBytes()
    let compared = Corpus.forEachTrack { file, track in
      let wrong = track.fixes.first {
        CalmGeoJSONWriter.coordsByteCount($0, scratch: &scratch) != CalmGeoJSONWriter.writtenCoordsByteCount($0)
      }
      #expect(wrong == nil, "\(file): line \(wrong?.line ?? 0)")
    }
    #expect(compared >= 100)
  }
}
