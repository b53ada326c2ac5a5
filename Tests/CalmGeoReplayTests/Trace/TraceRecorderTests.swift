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

/// The trace names the threshold each decision compared the distance with (issue 24).
struct TraceThresholdTests {
  private func lines(_ fixes: [Fix]) throws -> [[String: Any]] {
    final class Buffer: @unchecked Sendable { var bytes: [UInt8] = [] }
    let buffer = Buffer()
    var engine = ReplayEngine(config: CalmGeoConfig(), observer: TraceRecorder { buffer.bytes += $0 })
    engine.process(fixes)
    _ = engine.finish()
    return try String(decoding: buffer.bytes, as: UTF8.self).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  @Test func stillRuleComparesWithDistanceFilterNotTheJudge() throws {
    // Defaults: distanceFilter 16, speedMultiplier 3.1. At 10 m/s the judge is
    // round(10 / 5) · 3.1 · 16 = 99.2 m. t 0 one-shot; t 1 becomes ref (x 0).
    // t 62, x 20: 20 ≤ 99.2 (filtered), ref 61 s old while moving → still rule, ref moves
    // to x 20; 20 < 16 is false, so no motionchange. t 123, x 30: 10 m from ref, 61 s old
    // → still rule again; 10 < 16 → the still motionchange. Both compared 16, not 99.2.
    let fixes = [
      EquatorTrack.fix(t: 0, x: 0, speed: 10), EquatorTrack.fix(t: 1, x: 0, speed: 10),
      EquatorTrack.fix(t: 62, x: 20, speed: 10), EquatorTrack.fix(t: 123, x: 30, speed: 10),
    ]
    let trace = try lines(fixes)
    #expect(trace.map { $0["decision"] as? String } == ["one_shot", "kept_ref_empty", "still_rule", "still_rule"])
    #expect(trace[0]["compared"] is NSNull && trace[0]["threshold"] is NSNull)
    #expect(trace[1]["compared"] is NSNull)
    for (index, distance) in [(2, 20.0), (3, 10.0)] {
      #expect(trace[index]["compared"] as? String == "distanceFilter")
      #expect(trace[index]["threshold"] as? Double == 16)
      #expect(trace[index]["judge"] as? Double == 99.2)
      #expect(trace[index]["distance"] as? Double == distance)
    }
    #expect((trace[2]["events"] as? [Any])?.isEmpty == true)  // 20 ≥ 16: no still motionchange
    #expect((trace[3]["after"] as? [String: Any])?["moving"] as? Bool == false)
  }

  @Test func keptAndFilteredCompareWithTheJudgeMonitoringWithTheRadius() throws {
    // CALMGEO.md §6: t 12 is 16.5 m from ref > judge 16; t 2 is 1.5 m ≤ 16; t 200 is
    // monitoring (since t 194) at 0 m from the centre, radius 25; t 317 exits at 25.5 m.
    let trace = try lines(EquatorTrack.workedExample)
    #expect(trace[12]["compared"] as? String == "judge" && trace[12]["threshold"] as? Double == 16)
    #expect(trace[2]["compared"] as? String == "judge" && trace[2]["decision"] as? String == "filtered")
    #expect(trace[200]["compared"] as? String == "geofenceRadius" && trace[200]["threshold"] as? Double == 25)
    #expect(trace[317]["compared"] as? String == "geofenceRadius" && trace[317]["distance"] as? Double == 25.5)
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
    #expect(FixDecision.Kind.allCases.map(\.rawValue) == Array(0..<12))
  }

  @Test func fixesWhileStoppedAreIgnoredAndSayStopped() throws {
    // stop() at 100, start() at 200 (AppCallTrackingTests.stopIgnoresFixesUntilTheNextStart):
    // fixes 100 ... 199 are ignored with the machine stopped; 200 is the one-shot.
    final class Buffer: @unchecked Sendable { var bytes: [UInt8] = [] }
    let buffer = Buffer()
    let scenario = Scenario(entries: [
      Scenario.Entry(.start, at: .sinceFirstFix(0)), Scenario.Entry(.stop, at: .sinceFirstFix(100_000)),
      Scenario.Entry(.start, at: .sinceFirstFix(200_000)),
    ])
    var engine = ReplayEngine(
      config: CalmGeoConfig(), scenario: scenario, observer: TraceRecorder { buffer.bytes += $0 })
    engine.process(EquatorTrack.workedExample)
    _ = engine.finish()
    let lines = try String(decoding: buffer.bytes, as: UTF8.self).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
    #expect(lines.count == 330)
    #expect((100...199).allSatisfy { lines[$0]["decision"] as? String == "ignored_while_stopped" })
    #expect((lines[150]["before"] as? [String: Any])?["mode"] as? String == "stopped")
    #expect(lines[99]["decision"] as? String == "filtered" && lines[200]["decision"] as? String == "one_shot")
  }
}
