import Testing

@testable import CalmGeoCore
@testable import CalmGeoReplay

/// The writer under test (`CalmGeoReplay` has a `JSONText` of its own, for check reports).
private typealias JSONText = CalmGeoCore.JSONText

/// The digit writing of `JSONText` (issue 28): the digit count from the bit length and one
/// comparison, eight digits as one word, and the decimal point opened in a word, against the
/// loop and the byte-by-byte writing they replaced (`LoopedDigits`, kept here as the reference).
struct JSONDigitWritingTests {
  /// 10^0 ... 10^19.
  static let powersOfTen: [UInt64] = (0...19).map { k in (0..<k).reduce(UInt64(1)) { power, _ in power * 10 } }

  @Test func digitCountAtEveryPowerOfTenAndTwo() {
    // By hand: 10^k has k + 1 digits and 10^k - 1 has k (0 has one); 2^64 - 1 has 20.
    #expect(JSONText.digitCount(0) == 1)
    #expect(JSONText.digitCount(9) == 1)
    #expect(JSONText.digitCount(10) == 2)
    #expect(JSONText.digitCount(99_999_999) == 8)
    #expect(JSONText.digitCount(100_000_000) == 9)
    #expect(JSONText.digitCount(UInt64(Int64.max)) == 19)
    #expect(JSONText.digitCount(.max) == 20)
    for (k, power) in Self.powersOfTen.enumerated() {
      #expect(JSONText.digitCount(power) == k + 1, "10^\(k)")
      #expect(JSONText.digitCount(power + 1) == k + 1, "10^\(k) + 1")
      #expect(JSONText.digitCount(power - 1) == max(k, 1), "10^\(k) - 1")
      #expect(JSONText.digitCount(power - 1) == LoopedDigits.count(power - 1))
    }
    for bit in 0..<64 {
      let power = UInt64(1) << bit
      for value in [power - 1, power, power + 1, power | (power - 1)] {
        #expect(JSONText.digitCount(value) == LoopedDigits.count(value), "\(value)")
      }
    }
  }

  @Test func integersAtEveryDigitCountWriteAsBefore() {
    // By hand: the boundaries of each digit count, either sign, through `int` and through
    // `double` (whole numbers below 2^53 take the integer path).
    #expect(JSONNumberTextTests.written(99_999_999) == "99999999")
    #expect(JSONNumberTextTests.written(100_000_000) == "100000000")
    #expect(JSONNumberTextTests.written(-1_234_567_890_123_456_789) == "-1234567890123456789")
    #expect(JSONNumberTextTests.written(10_000_000_000_000_000) == "10000000000000000")
    #expect(JSONNumberTextTests.written(721_093_377.0) == "721093377")
    #expect(JSONNumberTextTests.written(-9_007_199_254_740_991.0) == "-9007199254740991")
    var values: [Int] = [0, Int.max, Int.min, Int.min + 1]
    for power in Self.powersOfTen where power <= UInt64(Int.max) {
      let p = Int(power)
      values += [p - 1, p, p + 1, -(p - 1), -p, -(p + 1)]
    }
    for value in values {
      #expect(JSONNumberTextTests.written(value) == String(value), "\(value)")
      if value.magnitude < 1 << 53 {
        #expect(JSONNumberTextTests.written(Double(value)) == (value == 0 ? "0" : String(value)), "\(value)")
      }
    }
  }

  @Test func eightDigitsAsOneWord() {
    // By hand: 12345678 is "12345678", 7 is "00000007", 99999999 is "99999999", first digit lowest.
    #expect(Self.text(JSONText.eightDigits(12_345_678)) == "12345678")
    #expect(Self.text(JSONText.eightDigits(7)) == "00000007")
    #expect(Self.text(JSONText.eightDigits(99_999_999)) == "99999999")
    #expect(Self.text(JSONText.eightDigits(10_000_000)) == "10000000")
    var random = SplitMix64(seed: 2028)
    var mismatches: [UInt64] = []
    for value in (0..<20_000).map({ UInt64($0) }) + (0..<200_000).map({ _ in random.next() % 100_000_000 }) {
      if Self.text(JSONText.eightDigits(value)) != LoopedDigits.padded(value, to: 8) { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func decimalsAtEveryLengthAndPointWriteAsBefore() {
    // Every digit count 1-17 with the point before, inside and after every digit (within
    // 0.001 ... 10^17), against the digits written one at a time and the point inserted.
    var random = SplitMix64(seed: 2027)
    var mismatches: [String] = []
    for count in 1...17 {
      for _ in 0..<40 {
        // A number of exactly `count` digits, without a trailing zero.
        var digits = Self.powersOfTen[count - 1] + random.next() % (Self.powersOfTen[count - 1] * 9)
        if digits % 10 == 0 { digits += 1 }
        for exponent in (-count - 2)...(-1) {
          let new = Self.decimal(digits, exponent: exponent)
          let old = LoopedDigits.decimal(digits, exponent: exponent)
          if new != old { mismatches.append("\(digits)e\(exponent): \(new) != \(old)") }
        }
      }
    }
    // By hand: the point after one, eight and nine whole digits; "0." and zeros.
    #expect(Self.decimal(125, exponent: -2) == "1.25")
    #expect(Self.decimal(123_456_789, exponent: -1) == "12345678.9")
    #expect(Self.decimal(12_345_678_901_234_567, exponent: -8) == "123456789.01234567")
    #expect(Self.decimal(37_426_506_616_666_664, exponent: -15) == "37.426506616666664")
    #expect(Self.decimal(5, exponent: -3) == "0.005")
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func numbersStayInsideTheirRoom() {
    // A number may use its room (maxNumberBytes) as scratch, never a byte before or past it.
    var random = SplitMix64(seed: 2026)
    let room = JSONText.maxNumberBytes
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: room + 16)
    defer { buffer.deallocate() }
    var escaped = 0
    for _ in 0..<20_000 {
      buffer.initialize(repeating: 0xAA, count: room + 16)
      let value = [
        Double(bitPattern: random.next()), -Double(random.next() % 100_000_000_000_000_000),
        Double(random.next() % 1_000_000_000) / 1e6,
      ][Int(random.next() % 3)]
      _ = JSONText.write(value, into: buffer + 8)
      for k in 0..<8 where buffer[k] != 0xAA || buffer[8 + room + k] != 0xAA { escaped += 1 }
    }
    #expect(escaped == 0)
  }

  static func text(_ word: UInt64) -> String {
    withUnsafeBytes(of: word.littleEndian) { String(decoding: $0, as: UTF8.self) }
  }

  static func decimal(_ digits: UInt64, exponent: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONText.maxNumberBytes) { buffer in
      let count = JSONText.writeDecimal(digits, exponent: exponent, into: buffer.baseAddress!)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }
}

/// The digit count and decimal writing as they were before (the reference): a loop over powers
/// of ten, digits one at a time, and the whole digits moved left byte by byte.
private enum LoopedDigits {
  static func count(_ value: UInt64) -> Int {
    var count = 1
    var power: UInt64 = 10
    while count < 20, value >= power {
      count += 1
      power = power &* 10
    }
    return count
  }

  static func padded(_ value: UInt64, to width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  static func decimal(_ digits: UInt64, exponent: Int) -> String {
    AppendedJSONNumbers.decimal(digits, exponent: exponent)
  }
}
