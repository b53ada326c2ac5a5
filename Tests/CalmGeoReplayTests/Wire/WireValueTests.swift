import Foundation
import Testing

@testable import CalmGeoReplay

/// The values on the wire (locations.json, request bodies, exports) are the Doubles a
/// `CLLocation` would hold: the number parsed from the log, written as `JSONEncoder`
/// writes a `Double`. Expected texts are Foundation's own encoding of those Doubles.
struct WireValueTests {
  private func coords(_ fix: Fix) -> String {
    let location = CalmGeoLocation(
      id: LocationID(seed: 0, index: 0), sequence: 0, isMoving: true, event: nil, activity: nil, fix: fix)
    return String(decoding: CalmGeoJSONWriter.encode(location), as: UTF8.self)
  }

  private func foundation(_ value: Double) throws -> String {
    let text = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    return String(text.dropFirst().dropLast())
  }

  @Test func logValuesAreWrittenAsTheirDoubles() throws {
    // GPSLogger writes speeds with 8 digits (corpus dat100: 0.94605947); as a Float that
    // was 0.9460595. A derived speed (4 m in 3 s) and an 8-digit altitude likewise.
    let csv = """
      time,lat,lon,elevation,accuracy,bearing,speed
      2017-08-13T08:52:26.000Z,60.385390,5.217217,61.912345,5.95,219.93,0.94605947

      """
    let fix = try #require(try CSVTestSupport.parse(csv).fixes.first)
    let text = coords(fix)
    let speed = try foundation(0.94605947)
    #expect(speed == "0.94605947" && text.contains("\"speed\":0.94605947,"))
    #expect(text.contains("\"altitude\":61.912345,") && text.contains("\"ellipsoidalAltitude\":61.912345,"))
    #expect(text.contains("\"accuracy\":5.95,") && text.contains("\"heading\":219.93,"))
    var derived = Fix(time: 0, latitude: 1, longitude: 2)
    derived.speed = 4.0 / 3.0
    let third = try foundation(4.0 / 3.0)  // 1.3333333333333333
    #expect(coords(derived).contains("\"speed\":\(third),"))
  }

  @Test func anAccuracyEstimatedFromHDOPIsTheDecimalProduct() {
    // HDOP 1.19 × UERE 5 = 5.95 and VDOP 0.67 × 5 = 3.35 (decimal products), where the
    // Float estimate wrote 5.9500003 and 3.3500001 (the two examples).
    var fix = Fix(time: 0, latitude: 1, longitude: 2)
    fix.hdop = 1.19
    fix.vdop = 0.67
    fix.estimateMissingAccuracy(uere: 5)
    #expect(fix.horizontalAccuracy == 5.95 && fix.verticalAccuracy == 3.35)
    #expect(coords(fix).contains("\"accuracy\":5.95,") && coords(fix).contains("\"altitudeAccuracy\":3.35,"))
  }

  @Test(
    arguments: [
      (1.19, 5.0, 5.95), (0.67, 5.0, 3.35), (0.1, 3.0, 0.3), (2.0, 2.5, 5.0), (1e-5, 3.0, 3e-5), (-1.5, 2.0, -3.0),
      (0.0, 7.0, 0.0), (12.5, 0.8, 10.0),
    ] as [(Double, Double, Double)])
  func decimalProducts(a: Double, b: Double, product: Double) {
    // Worked by hand in decimal: 1.19 × 5 = 5.95, 0.1 × 3 = 0.3 (binary: 0.30000000000000004) …
    #expect(DecimalProduct.of(a, b) == product)
  }

  @Test func tooManyDigitsFallBackToTheBinaryProduct() {
    // 17 significant digits × 3 exceeds 2^53: the plain product.
    let a = 1.2345678901234567
    #expect(DecimalProduct.of(a, 3) == a * 3)
    #expect(DecimalProduct.of(.infinity, 2) == .infinity)
  }

  @Test func aFixStaysSmall() {
    // Six wire values became Doubles (72 → 96 bytes); the DOPs and geoid separation stay
    // Float. Sweeps hold millions of fixes: this size is measured in the report.
    #expect(MemoryLayout<Fix>.stride == 96)
  }
}
