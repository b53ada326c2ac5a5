import Foundation
import Testing

@testable import CalmGeoReplay

struct CalmGeoJSONWriterTests {
  @Test func writesTheLibrarysKeysInOrderWithQuirks() {
    // 2024-05-01T07:03:12.000Z = 1 714 546 992 s after 1970 = 736 239 792 s after 2001.
    var fix = Fix(time: 1_714_546_992_000, latitude: 35.0116, longitude: 135.7681)
    fix.speed = 1.5
    fix.horizontalAccuracy = 4.25
    fix.altitude = 42.5
    let location = CalmGeoLocation(
      id: LocationID(seed: 0, index: 0), sequence: 0, isMoving: true, event: .motionchange,
      activity: CalmGeoActivity(type: "walking", confidence: 100), fix: fix)
    let id = LocationID(seed: 0, index: 0).description
    let expected = """
      {"id":"\(id)","timestamp":"2024-05-01T07:03:12.000Z","isMoving":true,\
      "coords":{"latitude":35.0116,"longitude":135.7681,"accuracy":4.25,"speed":1.5,"speedAccuracy":-1,\
      "heading":-1,"headingAccuracy":-1,"altitude":42.5,"altitudeAccuracy":-1,"ellipsoidalAltitude":42.5,\
      "timestamp":736239792},"activity":{"type":"walking","confidence":100},"event":"motionchange"}
      """
    #expect(String(decoding: CalmGeoJSONWriter.encode(location), as: UTF8.self) == expected)
  }

  @Test func bodyIsACompactArray() {
    let a = CalmGeoLocation(
      id: LocationID(seed: 1, index: 0), sequence: 0, isMoving: false, event: nil,
      activity: nil, fix: Fix(time: 978_307_200_500, latitude: 0, longitude: -0.5))
    let body = String(decoding: CalmGeoJSONWriter.encodeBody([a, a]), as: UTF8.self)
    let one = String(decoding: CalmGeoJSONWriter.encode(a), as: UTF8.self)
    #expect(body == "[\(one),\(one)]")
    #expect(one.contains("\"timestamp\":0.5}"))  // half a second after 2001-01-01
    #expect(!one.contains("event") && !one.contains("activity"))
  }

  /// Numbers must read exactly as Foundation's JSONEncoder writes them on the phone.
  @Test(arguments: [
    0.0, -0.0, 1, -1, 0.1, 1.5, 30, 100, 1e-5, 123456789.123, 1e16, 1e21, .leastNonzeroMagnitude,
    35.01160000000001, -122.0941320350, 736239792.123, .greatestFiniteMagnitude,
    -7, 1e15, 123_456_789_012_345, 9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_992,
    4_503_599_627_370_495.5, 1e300, -1e-300,
  ])
  func doublesMatchJSONEncoder(value: Double) throws {
    var json = JSONBytes()
    json.double(value)
    let foundation = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    #expect("[" + String(decoding: json.bytes, as: UTF8.self) + "]" == foundation)
  }

  @Test(arguments: [
    Float(0), -0.0, -1, 0.1, 1.37, 4.25, 16_777_215, 16_777_216, -16_777_216, 16_777_218, 1e10, 3.4e38, 1e-7, 2_000_000,
  ])
  func floatsMatchJSONEncoder(value: Float) throws {
    var json = JSONBytes()
    json.float(value)
    let foundation = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    #expect("[" + String(decoding: json.bytes, as: UTF8.self) + "]" == foundation)
  }

  @Test(arguments: ["plain", "a/b", "quote\"back\\slash", "tab\tnew\nline\r", "\u{1}\u{1f}", "é日本"])
  func stringsMatchJSONEncoder(value: String) throws {
    var json = JSONBytes()
    json.string(value)
    let foundation = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    #expect("[" + String(decoding: json.bytes, as: UTF8.self) + "]" == foundation)
  }

  @Test func idsAreVersion4UUIDsFromSeedAndIndex() {
    let id = LocationID(seed: 7, index: 3).description
    #expect(UUID(uuidString: id) != nil)
    let characters = Array(id)
    #expect(characters.count == 36 && characters[14] == "4" && "89ab".contains(characters[19]))
    #expect(LocationID(seed: 7, index: 3) == LocationID(seed: 7, index: 3))
    #expect(LocationID(seed: 7, index: 3) != LocationID(seed: 7, index: 4))
    #expect(LocationID(seed: 8, index: 3) != LocationID(seed: 7, index: 3))
  }
}
