import Foundation
import Testing

@testable import CalmGeoLibraryEngine
@testable import CalmGeoReplay

/// CalmGeo's own code under the replay (docs/LIBRARY.md). Slow: the first test builds the
/// reference sources (minutes); the others share that build. Skipped without ../shared.
@Suite(.serialized, .enabled(if: LibraryFixture.isPresent, "needs ../shared/calmgeo-source"))
struct LibraryEngineTests {
  private func engine() throws -> LibraryEngine { try LibraryFixture.engine.get() }

  private var track: Track {
    Track(name: "equator", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
  }

  @Test func theStandInsClockIsTheVirtualOne() throws {
    // Date() read by the driver at two virtual times (ms since 1970): 07:00:00.500 and a
    // minute later, printed as seconds with three decimals.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try engine().driver)
    process.arguments = ["--clock", "1714546800500", "1714546860500"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(output == "1714546800.500\n1714546860.500\n")
  }

  @Test func theWorkedExampleRunsAsTheContractSays() throws {
    // CALMGEO.md §6 through CalmGeo's own code: emits at 0 (motionchange), 1, 12, 73 (still),
    // 317 (motionchange), 318, 319; requests at 0 [0], 73 [1, 12], 73 [73], 317 [317] and the
    // final sync at 329 [318, 319]; the built-in engine gives the same.
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/u"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    configuration.calmGeo.maxBatchSize = 2
    configuration.replay.finalSync = true
    let comparison = try LibraryCheck.compare(
      track: track, testCase: .init(label: "§6", configuration: configuration), engine: engine())
    let seconds = comparison.library.locations.map { line -> String in
      let time = ISO8601Parser.parse(String(line.prefix(24)))
      return time.map { String((Int($0) - Int(EquatorTrack.t0)) / 1000) } ?? line
    }
    #expect(seconds == ["0", "1", "12", "73", "317", "318", "319"])
    #expect(comparison.library.requests.count == 5)
    #expect(comparison.library.requests[1].hasSuffix("[2024-05-01T07:00:01.000Z, 2024-05-01T07:00:12.000Z]"))
    #expect(comparison.difference == nil)
  }

  @Test func twoRunsAreIdentical() throws {
    // Same fixes, configuration and seed: the same locations (ids included), bodies and calls,
    // although the library draws random UUIDs and its threads could interleave.
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/u"
    configuration.calmGeo.autoSync = true
    configuration.replay.network.latencyMin = 100
    configuration.replay.network.latencyMax = 30_000
    configuration.replay.network.failureRate = 0.3
    func run() throws -> CollectingObserver {
      var observer = CollectingObserver()
      _ = try LibraryReplay.replay(track: track, configuration: configuration, engine: engine(), observer: &observer)
      return observer
    }
    let first = try run()
    let second = try run()
    #expect(!first.bodies.isEmpty)
    #expect(first.locations == second.locations)
    #expect(first.bodies == second.bodies)
    #expect(first.completed == second.completed)
  }

  @Test func theExpiryTrapIsReportedWithTimeFixAndMessage() throws {
    // maxDaysToPersist 1, no autoSync, a final sync: records of t 0 and 1 are two days old at
    // the last fix (t = 2 days), still listed by MMKV, so getAllData() force-unwraps nil there
    // (MMKVStorageProvider.swift:39): a trap at fix 3, at its time; three locations were stored
    // before it (0 one-shot, 1 ref, the still motionchange at 2 days).
    let twoDays = 2.0 * 86_400
    let fixes = [
      EquatorTrack.fix(t: 0, x: 0, speed: 0), EquatorTrack.fix(t: 1, x: 1.5, speed: 0),
      EquatorTrack.fix(t: twoDays, x: 1.5, speed: 0),
    ]
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/u"
    configuration.calmGeo.maxDaysToPersist = 1
    configuration.replay.finalSync = true
    var observer = CollectingObserver()
    let (_, trap) = try LibraryReplay.replay(
      track: Track(name: "expiry", format: .csv, fixes: fixes, diagnostics: InputDiagnostics()),
      configuration: configuration, engine: engine(), observer: &observer)
    let crash = try #require(trap)
    #expect(crash.time == fixes[2].time && crash.fixNumber == 3)
    #expect(crash.message.contains("MMKVStorageProvider.swift:39"))
    #expect(crash.message.contains("Unexpectedly found nil"))
    #expect(observer.locations.count == 3)
  }
}
