import Foundation
import Testing

@testable import CalmGeoReplay

/// A log parsed on a second thread (`ReplayLog.readsAhead`, the default on more than one core)
/// replays exactly as when one thread parses and replays: same fixes, decisions, emits,
/// requests, result, diagnostics and errors, across chunk boundaries.
struct FixPipelineTests {
  /// The per-fix records are compared by their full description: decisions hold NaN for values
  /// that took no part, which `==` never finds equal, while the text of each Double (shortest
  /// round-trip) is exact. The result and error by `==` (their dictionaries print in any order).
  struct Outcome {
    var decisions: [FixDecision]
    var locations: [CalmGeoLocation]
    var bodies: [[UInt8]]
    var result: ReplayResult?
    var error: ParseError?
  }

  /// Replays `path` with uploads on, so requests and their bodies are compared too.
  /// Metrics only where asked: the efficiency answers make a debug build slow on 10 000 fixes.
  static func replay(
    _ path: String, readsAhead: Bool, parse: ParseOptions = ParseOptions(), metrics: Bool = false
  ) throws -> Outcome {
    let opened = try InputOpener.open(path: path, checksum: true)
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/locations"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    var observer = CollectingObserver()
    var result: ReplayResult?
    var error: ParseError?
    do throws(ParseError) {
      result = try ReplayRunner.run(
        source: ReplayLog(opened, options: parse, readsAhead: readsAhead), configuration: configuration,
        observer: &observer, options: ReplayOptions(metrics: metrics))
    } catch let thrown {
      error = thrown
    }
    return Outcome(
      decisions: observer.decisions, locations: observer.locations, bodies: observer.bodies, result: result,
      error: error)
  }

  /// The first field where `ahead` and `serial` differ; nil when none does.
  static func difference(_ ahead: Outcome, _ serial: Outcome) -> String? {
    let fields: [(String, (Outcome) -> Any)] = [
      ("decisions", { $0.decisions }), ("locations", { $0.locations }), ("bodies", { $0.bodies }),
    ]
    if ahead.result != serial.result { return "result" }
    if ahead.error != serial.error { return "error" }
    return fields.first { "\($0.1(ahead))" != "\($0.1(serial))" }?.0
  }

  static func both(
    _ path: String, parse: ParseOptions = ParseOptions(), metrics: Bool = false
  ) throws -> (Outcome, Outcome) {
    (
      try replay(path, readsAhead: false, parse: parse, metrics: metrics),
      try replay(path, readsAhead: true, parse: parse, metrics: metrics)
    )
  }

  /// A CSV log of `rows` fixes at 1 s, walking north 1.5 m a second, with `bad` rows (1-based
  /// data rows) whose latitude is not a number.
  static func writeWalk(rows: Int, bad: Set<Int> = []) throws -> String {
    var text = "time,lat,lon,accuracy\n"
    for row in 1...rows {
      let seconds = row - 1
      let time = String(format: "2024-05-01T%02d:%02d:%02dZ", 7 + seconds / 3600, seconds / 60 % 60, seconds % 60)
      let latitude = bad.contains(row) ? "north" : String(format: "%.7f", 59.9 + Double(seconds) * 1.5 / 111_195)
      text += "\(time),\(latitude),10.7500000,5\n"
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("fix-pipeline-\(rows)-\(bad.count)-\(UUID().uuidString).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func theSamplesReplayTheSameReadAheadOrNot() throws {
    for path in Corpus.samplePaths {
      let (serial, ahead) = try Self.both(path, metrics: true)
      #expect(serial.error == nil && serial.result?.metrics != nil, "\(path)")
      #expect(!serial.decisions.isEmpty && !serial.bodies.isEmpty, "\(path)")
      #expect(Self.difference(ahead, serial) == nil, "\(path)")
    }
  }

  /// 10 000 fixes: 9 full chunks of 1 024 and one of 784, so the hand-over, the queue's bound
  /// (16 chunks) and the last partial chunk all take part.
  @Test func aLogOfManyChunksReplaysTheSameFixesInOrder() throws {
    #expect(FixPipeline.chunkSize == 1024 && FixPipeline.capacity == 16)
    let path = try Self.writeWalk(rows: 10_000)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (serial, ahead) = try Self.both(path)
    #expect(serial.decisions.count == 10_000)
    #expect(Self.difference(ahead, serial) == nil)
  }

  /// Lenient: three bad rows are skipped and counted the same way on both paths.
  @Test func skippedRowsAreCountedTheSame() throws {
    let path = try Self.writeWalk(rows: 3000, bad: [5, 1500, 2999])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (serial, ahead) = try Self.both(path)
    #expect(serial.decisions.count == 2997)
    #expect(serial.result?.input?.diagnostics.skippedTotal == 3)
    #expect(Self.difference(ahead, serial) == nil)
  }

  /// Strict: the bad data row 2 500 (line 2 501 after the header) stops both with the same error.
  @Test func aStrictErrorStopsBothAfterTheSameFixes() throws {
    let path = try Self.writeWalk(rows: 5000, bad: [2500])
    defer { try? FileManager.default.removeItem(atPath: path) }
    var strict = ParseOptions()
    strict.strict = true
    let (serial, ahead) = try Self.both(path, parse: strict)
    let error = try #require(serial.error)
    #expect(error.location.line == 2501)
    #expect(Self.difference(ahead, serial) == nil)
  }

  @Test func aLogWithoutAFixFailsTheSameWay() throws {
    let path = try Self.writeWalk(rows: 4, bad: [1, 2, 3, 4])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (serial, ahead) = try Self.both(path)
    let error = try #require(serial.error)
    #expect(error.problem == .noFix)
    #expect(Self.difference(ahead, serial) == nil)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func corpusLogsReplayTheSameReadAheadOrNot() throws {
    var compared = 0
    for folder in ["csv", "nmea", "gpx"] {
      for file in Corpus.files(in: folder).prefix(4) {
        let path = Corpus.path(file)
        let (serial, ahead) = try Self.both(path, metrics: true)
        #expect(Self.difference(ahead, serial) == nil, "\(path)")
        compared += 1
      }
    }
    #expect(compared >= 9)
  }
}
