import Foundation
import Testing
@testable import CalmGeoReplay

/// `trace.ndjson` on CALMGEO.md §6's worked example: one line per fix, the rule and the
/// events of each, checked against the table in §6.
struct TraceRecorderTests {
  private func trace() throws -> [[String: Any]] {
    final class Buffer: @unchecked Sendable { var bytes: [UInt8] = [] }
    let buffer = Buffer()
    var config = CalmGeoConfig()
    config.url = "https://example.test/l"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    var engine = ReplayEngine(config: config, observer: TraceRecorder { buffer.bytes += $0 })
    engine.process(EquatorTrack.workedExample)
    _ = engine.finish()
    let text = String(decoding: buffer.bytes, as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  @Test func oneLinePerFixWithItsDecision() throws {
    let lines = try trace()
    #expect(lines.count == 330)
    #expect(lines[0]["decision"] as? String == "one_shot")
    #expect(lines[0]["distance"] is NSNull && lines[0]["refAge"] is NSNull)
    #expect(lines[12]["decision"] as? String == "kept_beyond_judge")
    #expect(lines[12]["distance"] as? Double == 16.5 && lines[12]["judge"] as? Double == 16)
    #expect(lines[73]["decision"] as? String == "still_rule" && lines[73]["refAge"] as? Double == 61)
    #expect(lines[194]["decision"] as? String == "sleep_rule")
    #expect(lines[317]["decision"] as? String == "geofence_exit")
  }

  @Test func eventsBelongToTheFixThatProducedThem() throws {
    let lines = try trace()
    func events(_ index: Int) -> [[String: Any]] { lines[index]["events"] as! [[String: Any]] }
    // t0: the one-shot motionchange syncs at once (1 record).
    #expect(events(0).map { $0["type"] as! String } == ["emit", "request"])
    #expect(events(0)[1]["records"] as? Int == 1)
    // t73: the still motionchange, then requests [t1, t12] and [t73] (maxBatchSize 2).
    #expect(events(73).map { $0["type"] as! String } == ["emit", "request", "request"])
    #expect(events(73)[0]["isMoving"] as? Bool == false && events(73)[0]["event"] as? String == "motionchange")
    // t194: no emit (already still), the mode change to monitoring.
    #expect(events(194).count == 1 && events(194)[0]["to"] as? String == "monitoring")
    // t317: exit → emit and mode back to listening.
    #expect(events(317).map { $0["type"] as! String } == ["emit", "request", "mode"])
    #expect(events(2).isEmpty)
  }
}

/// The trace's number writer: fixed decimals, trailing zeros trimmed, no String.
struct FixedNumberTests {
  @Test(arguments: [
    (0.0, 3, "0"), (16.5, 3, "16.5"), (16.0, 3, "16"), (-0.0004, 3, "0"), (-2.5, 3, "-2.5"),
    (0.0005, 3, "0.001"), (12.3456789, 3, "12.346"), (35.0115812, 7, "35.0115812"),
    (135.76813, 7, "135.76813"), (-0.1, 7, "-0.1"), (0.05, 1, "0.1"), (1234567.891, 2, "1234567.89"),
  ])
  func writes(value: Double, decimals: Int, text: String) {
    var json = JSONBytes()
    json.fixed(value, decimals: decimals)
    #expect(String(decoding: json.bytes, as: UTF8.self) == text)
  }

  @Test func kindRawValuesIndexTheNameTable() {
    // The recorder writes names from a static table indexed by raw value.
    #expect(FixDecision.Kind.allCases.map(\.rawValue) == Array(0..<11))
  }
}
