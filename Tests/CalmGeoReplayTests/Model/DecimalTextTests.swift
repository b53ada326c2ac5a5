import Testing

@testable import CalmGeoReplay

// Nested in GPXParserTests so that `swift test --filter GPX` runs it with the rest.
extension GPXParserTests {
  struct DecimalTextTests {
    private func parse(_ text: String) -> Double? {
      var copy = text
      return copy.withUTF8 { DecimalText.parse($0) }
    }

    @Test(arguments: [
      ("0", 0.0), ("-0.5", -0.5), ("+12.25", 12.25), (".5", 0.5), ("5.", 5.0), (" \t47.5\r\n", 47.5),
      ("60.38539000000001", 60.38539000000001), ("1e3", 1000.0), ("2.5E-1", 0.25), ("-122.030237", -122.030237),
      ("0.1", 0.1), ("1234567890.12345678", 1234567890.12345678),
    ])
    func parsesDecimals(text: String, value: Double) {
      #expect(parse(text) == value)
    }

    @Test(arguments: [
      "37.241738168522716", "-121.97232423350215", "37.24173816852271556854248046875",
      "0.1000000000000000055511151231257827", "123456789012345678901234567890", "1e-30", "9007199254740993",
    ])
    func longNumbersRoundLikeTheStandardLibrary(text: String) {
      #expect(parse(text) == Double(text))
    }

    @Test func seventeenToNineteenDigitsRoundLikeTheStandardLibrary() {
      // The exact-comparison path: 16 to 19 digits with a decimal point anywhere.
      var random = SplitMix64(seed: 17)
      for _ in 0..<200_000 {
        let digits = 16 + Int(random.next() % 4)
        var text = String(random.next() % 9 + 1)
        for _ in 1..<digits { text += String(random.next() % 10) }
        let point = Int(random.next() % UInt64(digits))
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
        if random.next() % 2 == 0 { text = "-" + text }
        #expect(parse(text) == Double(text), "\(text)")
      }
    }

    @Test func upToFifteenDigitsReadExactly() {
      // The fast path, through runs of 8, 4 and single digits; and the same text
      // with one digit replaced by a letter or a sign, which is not a number.
      var random = SplitMix64(seed: 29)
      for _ in 0..<200_000 {
        let digits = 1 + Int(random.next() % 15)
        var text = ""
        for _ in 0..<digits { text += String(random.next() % 10) }
        let point = Int(random.next() % UInt64(digits + 1))
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
        #expect(parse(text) == Double(text), "\(text)")
        var bytes = Array(text.utf8)
        let spoiled = Int(random.next() % UInt64(bytes.count))
        guard bytes[spoiled] != UInt8(ascii: ".") else { continue }
        bytes[spoiled] =
          [UInt8(ascii: "a"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "-")][Int(random.next() % 4)]
        let bad = String(decoding: bytes, as: UTF8.self)
        if spoiled == 0, bytes[0] == UInt8(ascii: "-") {
          #expect(parse(bad) == Double(bad), "\(bad)")  // a sign in front is still a number
        } else {
          #expect(parse(bad) == nil, "\(bad)")
        }
      }
    }

    @Test func theWordAtATimePathReadsAsTheDigitLoopsRead() {
      // `parsePlain` (a few words, no branch per digit) against `parseDigitByDigit` on short
      // texts mostly made of digits and points, with signs, spaces, commas and letters
      // mixed in, so that every length, point position and stray byte is met.
      var random = SplitMix64(seed: 71)
      let alphabet = Array("0123456789012345678901234567890123456789....-+ ,e".utf8)
      var plain = 0
      for _ in 0..<300_000 {
        let count = 1 + Int(random.next() % 20)
        var bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        if random.next() % 2 == 0 {
          // Mostly well formed: digits with at most one point, an optional sign.
          bytes = bytes.map { $0 == UInt8(ascii: ".") || $0 &- 48 < 10 ? $0 : UInt8(ascii: "7") }
          if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
            for index in bytes.indices where index != point && bytes[index] == UInt8(ascii: ".") { bytes[index] = 0x35 }
          }
          if random.next() % 3 == 0 { bytes.insert(UInt8(ascii: "-"), at: 0) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let general = bytes.withUnsafeBufferPointer { DecimalText.parseDigitByDigit($0) }
        let fast = bytes.withUnsafeBufferPointer { DecimalText.parsePlain($0.baseAddress!, $0.count) }
        if let fast {
          plain += 1
          #expect(fast.bitPattern == general?.bitPattern, "\(text)")
        }
        let parsed = bytes.withUnsafeBufferPointer { DecimalText.parse($0) }
        #expect(parsed?.bitPattern == general?.bitPattern, "\(text)")
        if let general, !text.contains(" "), !text.contains(",") {
          #expect(general == Double(text), "\(text)")
        }
      }
      #expect(plain > 25_000, "the plain shape was met \(plain) times")
    }

    @Test(arguments: ["4.5.6", "1234567890123456", "--12.5", "+-1.25", "12.5 ", " 12.5", "1e10", "12,50", "٣.١٤١٥"])
    func thePlainShapeLeavesEverythingElseToTheGeneralPath(text: String) {
      var copy = text
      let fast = copy.withUTF8 { DecimalText.parsePlain($0.baseAddress!, $0.count) }
      #expect(fast == nil)
    }

    @Test func halfwayCasesRoundToEven() {
      // (2M+1)/2^j, a midpoint between two neighbouring doubles, written exactly
      // in 17 to 19 digits; and the numbers one unit in the last digit either side.
      var random = SplitMix64(seed: 53)
      for j in 1...3 {
        var powerOfFive: UInt64 = 1
        for _ in 0..<j { powerOfFive *= 5 }
        for _ in 0..<20_000 {
          let significand = (1 << 52) | (random.next() >> 12)
          for w in [
            (2 * significand + 1) * powerOfFive - 1, (2 * significand + 1) * powerOfFive,
            (2 * significand + 1) * powerOfFive + 1,
          ] {
            var text = String(w)
            text.insert(".", at: text.index(text.endIndex, offsetBy: -j))
            #expect(parse(text) == Double(text), "\(text)")
          }
        }
      }
    }

    @Test(arguments: [
      "", " ", "-", ".", "1,5", "NaN", "nan", "inf", "Infinity", "0x10", "1e", "1e+", "12a", "1 2", "1e400",
    ])
    func rejectsWhatIsNotAFiniteDecimal(text: String) {
      #expect(parse(text) == nil)
    }
  }
}
