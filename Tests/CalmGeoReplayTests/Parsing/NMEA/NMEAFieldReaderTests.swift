import Testing

@testable import CalmGeoReplay

/// Numbers, angles, times and dates read from field bytes, with values worked out by hand.
struct NMEAFieldReaderTests {
  private func angle(_ text: String, max: UInt64 = 90) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NMEAFieldReader.angle($0.baseAddress!, $0.count, maxDegrees: max) }
  }
  private func time(_ text: String) -> Int? {
    Array(text.utf8).withUnsafeBufferPointer { NMEAFieldReader.timeOfDay($0.baseAddress!, $0.count) }
  }
  private func date(_ text: String) -> Int? {
    Array(text.utf8).withUnsafeBufferPointer { NMEAFieldReader.date($0.baseAddress!, $0.count) }
  }
  private func decimal(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NMEAFieldReader.decimal($0.baseAddress!, $0.count)?.value }
  }

  @Test func anglesAreDegreesPlusMinutesOverSixtyCorrectlyRounded() {
    // 4807.038 → 48 + 7.038 / 60 = 48 + 0.1173 = 48.1173
    #expect(angle("4807.038") == 48.1173)
    // 01131.000 → 11 + 31 / 60 = 11.51666…, the Double nearest 691/60
    #expect(angle("01131.000", max: 180) == 691.0 / 60.0)
    // Unicore's 8 decimals: 5327.03598945 → 53 + 27.03598945 / 60
    //   = (53·60·10^8 + 2 703 598 945) / (60·10^8) = 320 703 598 945 / 6 000 000 000
    #expect(angle("5327.03598945") == 320_703_598_945.0 / 6_000_000_000.0)
    // MTK before lock: 60 minutes is no angle; nor are 91° of latitude.
    #expect(angle("8960.000000") == nil)
    #expect(angle("9100.0000") == nil)
    #expect(angle("9000.0000") == 90)
    #expect(angle("48x7.038") == nil)
  }

  @Test func theAngleMemoAnswersOnlyTheSameBytes() {
    // Each text is followed by the rest of a sentence, as in a line: the memo compares 16 bytes
    // from the text's start with those past its end masked off.
    var entry = NMEAAngleMemo.Entry()
    func memoAngle(_ text: String, after: String = ",N,12210.422534,W,1", readable: Int? = nil) -> Double? {
      let bytes = Array((text + after).utf8)
      return bytes.withUnsafeBufferPointer {
        NMEAAngleMemo.angle(
          $0.baseAddress!, text.utf8.count, readable: readable ?? bytes.count, maxDegrees: 90, entry: &entry)?.degrees
      }
    }
    // 4807.038 → 48 + 7.038 / 60 = 48.1173, kept.
    #expect(memoAngle("4807.038") == 48.1173)
    #expect(entry.count == 8 && entry.angle.degrees == 48.1173 && entry.angle.digits == 3)
    // The same text before other bytes: the memo's answer.
    #expect(memoAngle("4807.038", after: ",S,00000.000000,E,0") == 48.1173)
    // One more digit, or the last one changed: read again. 4807.0381 → (48·60·10^4 + 70 381) / (60·10^4)
    // = 28 870 381 / 600 000; 4807.0391 → 28 870 391 / 600 000.
    #expect(memoAngle("4807.0381") == 28_870_381.0 / 600_000.0)
    #expect(entry.count == 9)
    #expect(memoAngle("4807.0391") == 28_870_391.0 / 600_000.0)
    // 3725.590397 → (37·60·10^6 + 25 590 397) / (60·10^6) = 2 245 590 397 / 60 000 000 (11 bytes).
    #expect(memoAngle("3725.590397") == 2_245_590_397.0 / 60_000_000.0)
    // Too few bytes readable to compare whole words: parsed, the memo left as it was.
    #expect(memoAngle("4807.038", readable: 12) == 48.1173)
    #expect(entry.count == 11)
    // Not an angle: nil, and nothing kept.
    #expect(memoAngle("8960.000000") == nil)
    #expect(entry.count == 11)
  }

  @Test func timesRoundToTheMillisecond() {
    // 12:35:19 → (12·60 + 35)·60 + 19 = 45 319 s
    #expect(time("123519") == 45_319_000)
    #expect(time("123519.") == 45_319_000)
    #expect(time("222510.1") == 80_710_100)
    #expect(time("222511.01") == 80_711_010)
    #expect(time("222512.001") == 80_712_001)
    // .0001 s rounds to 0 ms, .0009 s to 1 ms, .9996 s to the next second.
    #expect(time("222513.0001") == 80_713_000)
    #expect(time("222514.0009") == 80_714_001)
    #expect(time("235959.9996") == 86_400_000)
    #expect(time("222515.x") == nil)
    #expect(time(".1") == nil)
    #expect(time("246000") == nil)
  }

  @Test func twoDigitYearsAre1980To2079() {
    #expect(date("230324") == UTCTime.days(year: 2024, month: 3, day: 23))
    #expect(date("050180") == UTCTime.days(year: 1980, month: 1, day: 5))
    #expect(date("220899") == UTCTime.days(year: 1999, month: 8, day: 22))
    #expect(date("290224") == UTCTime.days(year: 2024, month: 2, day: 29))
    #expect(date("290223") == nil)
    #expect(date("2208-1") == nil)
  }

  /// Plain fields take a fast path; the same text behind leading zeros (more
  /// than 18 digits) takes the general one. Both must give the same value.
  @Test(arguments: [
    "4807.038", "01131.000", "5327.03598945", "8960.000000", "9000.0000", "9100.0000",
    "3725.590397", "12210.422534", "17959.999999999999", "0.5", "4807.", "4807", ".5",
  ])
  func fastAndGeneralPathsAgree(text: String) {
    let padded = String(repeating: "0", count: 20) + text
    #expect(angle(text, max: 180)?.bitPattern == angle(padded, max: 180)?.bitPattern)
    #expect(angle(text)?.bitPattern == angle(padded)?.bitPattern)
    #expect(decimal(text)?.bitPattern == decimal(padded)?.bitPattern)
  }

  @Test func decimalsAreCorrectlyRounded() {
    #expect(decimal("0.1") == 0.1)
    #expect(decimal("-17.1") == -17.1)
    #expect(decimal("545.4") == 545.4)
    #expect(decimal("1.") == 1)
    #expect(decimal(".5") == 0.5)
    #expect(decimal("123456.789012") == 123456.789012)
    #expect(decimal("") == nil)
    #expect(decimal("1.2.3") == nil)
  }
}
