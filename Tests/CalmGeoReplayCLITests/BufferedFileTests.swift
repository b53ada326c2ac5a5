import CalmGeoReplay
import Foundation
import Testing

@testable import calmgeo_replay

/// `BufferedFile`'s raw buffer (issue 28): whatever the mix of appends, and wherever the 1 MiB
/// flushes fall, the file holds exactly the bytes appended, in order.
struct BufferedFileTests {
  /// Bytes 0, 1, 2, ... (mod 251, so that a shifted or repeated block shows) starting at `start`.
  static func pattern(_ count: Int, from start: Int) -> [UInt8] {
    (0..<count).map { UInt8((start + $0) % 251) }
  }

  @Test func everyKindOfAppendLandsInOrderAcrossFlushes() throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.bin").path
    let file = try BufferedFile(creating: path)
    var expected: [UInt8] = []
    // Records written in place, of 1 to 600 bytes, until past three flushes (3 MiB and more);
    // between them an array, a string, a single byte and a 3 MiB array (larger than the buffer).
    var record = 0
    while expected.count < 3 << 20 + 100_000 {
      let size = 1 + (record * 7919) % 600
      let bytes = Self.pattern(size, from: expected.count)
      try file.append(atMost: 600) { out in
        out.update(from: bytes, count: size)
        return size
      }
      expected += bytes
      switch record % 1000 {
      case 1:
        let array = Self.pattern(700, from: expected.count)
        try file.write(array)
        expected += array
      case 2:
        try file.write("text ü\n")
        expected += Array("text ü\n".utf8)
      case 3:
        try file.write(CollectionOfOne(UInt8(7)))
        expected.append(7)
      case 500 where record < 1000:
        let large = Self.pattern(3 << 20, from: expected.count)
        try file.write(large)
        expected += large
      default: break
      }
      record += 1
    }
    // An append that writes nothing adds nothing.
    try file.append(atMost: 600) { _ in 0 }
    try file.close()
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(written.count == expected.count)
    #expect(written == expected)
  }

  @Test func aSmallFileGrowsPastItsExpectedSize() throws {
    // A request body's file starts with a buffer of the body's size; more than that still lands.
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("small.json").path
    let file = try BufferedFile(creating: path, expectedSize: 4)
    try file.write(Array("[1,2".utf8))
    try file.write(Array(",3,4,5,6,7,8,9]".utf8))
    try file.append(atMost: 1) { out in
      out[0] = 10
      return 1
    }
    try file.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[1,2,3,4,5,6,7,8,9]\n")
  }
}

/// `OutputWriter`'s records written into the file's buffer (head and coords in place, the rest
/// appended) against `CalmGeoJSONWriter.encode`, the encoder the request bodies use (the
/// reference): every shape of record, in `locations.json` and in `locations.ndjson`.
struct OutputWriterRecordTests {
  static func locations() -> [CalmGeoLocation] {
    var fix = Fix(time: 1_714_546_992_125, latitude: 37 + 25.590397 / 60, longitude: -(122 + 10.422534 / 60))
    fix.speed = 1.1832222222222222
    fix.altitude = 51.9
    var plain = CalmGeoLocation(
      id: LocationID(seed: 3, index: 0), sequence: 0, isMoving: true, event: nil, activity: nil, fix: fix)
    var event = plain
    event.event = .motionchange
    event.sequence = 1
    var activity = plain
    activity.activity = CalmGeoActivity(type: "on_foot/\"x\"", confidence: 67)
    var called = plain
    called.call = .getGeoData
    var everything = event
    everything.activity = CalmGeoActivity(type: "in_vehicle", confidence: 100)
    everything.call = .getGeoData
    var unheard = plain
    unheard.isHeard = false
    plain.isMoving = false
    return [plain, event, activity, called, everything, unheard, plain]
  }

  /// The record as the writer must write it: the encoder's object, with `"call"` after its keys.
  static func reference(_ location: CalmGeoLocation) -> String {
    var text = String(decoding: CalmGeoJSONWriter.encode(location), as: UTF8.self)
    if let call = location.call {
      text.removeLast()
      text += ",\"call\":\"\(call.rawValue)\"}"
    }
    return text
  }

  @Test(arguments: [false, true])
  func recordsAreTheEncodersRecords(ndjson: Bool) throws {
    let parent = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let folder = try OutputFolder(parent: parent.path, name: "walk", owner: .log("walk.csv"))
    var writer = try OutputWriter(folder: folder, ndjson: ndjson)
    let locations = Self.locations()
    for location in locations { writer.replayDidEmit(location) }
    try writer.finish(stats: "{}")
    let file = folder.path(ndjson ? "locations.ndjson" : "locations.json")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    let records = locations.filter(\.isHeard).map(Self.reference)
    // By hand: `[`, then each record on its own line, `,` after all but the last, then `]`.
    let expected = ndjson ? records.map { $0 + "\n" }.joined() : "[\n" + records.joined(separator: ",\n") + "\n]\n"
    #expect(written == expected)
    #expect(records.count == 6)
    let tail = ",\"activity\":{\"type\":\"in_vehicle\",\"confidence\":100},\"event\":\"motionchange\""
    #expect(records[4].hasSuffix(tail + ",\"call\":\"getGeoData\"}"))
  }
}
