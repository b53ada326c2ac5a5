import Foundation
import Testing

@testable import CalmGeoReplay

/// CALMGEO.md §7, storage quirk: the first sync or `getStoredLocations()` after a stored
/// record expired is where the real library traps (MMKVStorageProvider.swift:39); the
/// replay reports it once and goes on. Track: fixes at 0 (x 0), 1 (x 1.5) and 100 000 s
/// (x 1.5) on the equator; maxDaysToPersist 1 (86 400 s, strict: a record stored at s is
/// expired at t when t - s > 86 400 s). Emits: 0 (one-shot motionchange), 1 (ref), and at
/// 100 000 a stationary motionchange (ref t 1 is 99 999 s old while moving, 0 m < 16).
struct LibraryCrashTests {
  let track = [
    EquatorTrack.fix(t: 0, x: 0), EquatorTrack.fix(t: 1, x: 1.5), EquatorTrack.fix(t: 100_000, x: 1.5),
  ]
  let t0 = EquatorTrack.t0

  private func config(url: Bool = true, autoSync: Bool = false) -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.maxDaysToPersist = 1
    config.url = url ? "https://example.test/l" : nil
    config.autoSync = autoSync
    return config
  }

  @Test func aSyncAfterARecordExpiredIsWhereTheLibraryCrashes() {
    // At 86 400.5 record 0 is 86 400.5 s old: expired, still listed. sync(): the library
    // traps on it; the replay sends record 1 alone (200 at once) and goes on.
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (86_400.5, .sync)], config: config())
    let expected = LibraryCrash(
      time: t0 + 86_400_500, call: .sync, automatic: false, record: observer.locations[0].id, recordTime: t0,
      recordSequence: 0, expiredAt: t0 + 86_400_500)
    #expect(observer.crashes == [expected])
    #expect(result.libraryCrash == expected)
    #expect(EquatorTrack.requests(observer) == [EquatorTrack.Sent(86_400.5, [1])])
    // 3 emitted = 1 uploaded + 1 stored (t 100 000) + 1 expired.
    #expect(result.uploads.recordsDelivered == 1 && result.uploads.storedAtEnd == 1 && result.uploads.expired == 1)
    let library = ReplayStats(result).library
    #expect(library?.wouldCrash == true && library?.call == "sync" && library?.automatic == false)
    #expect(library?.at == "2024-05-02T07:00:00.500Z" && library?.recordTimestamp == "2024-05-01T07:00:00.000Z")
    #expect(library?.record == observer.locations[0].id.description)
    #expect(expected.warning.contains("2024-05-02T07:00:00.500Z") && expected.warning.contains("\(expected.record)"))
  }

  @Test func exactlyMaxDaysOldIsNotExpired() {
    // At 86 400 record 0 is exactly one day old: not expired; the sync sends 0 and 1.
    let (observer, result) = EquatorTrack.replay(track, calls: [(0, .start), (86_400, .sync)], config: config())
    #expect(observer.crashes.isEmpty && result.libraryCrash == nil && ReplayStats(result).library == nil)
    #expect(EquatorTrack.requests(observer) == [EquatorTrack.Sent(86_400, [0, 1])])
  }

  @Test func getStoredCountCountsTheExpiredKeyAndGetStoredLocationsCrashes() {
    // No url needed. At 86 400.5: MMKV still lists record 0, so getStoredCount() is 2 (the
    // library's count) while one record is really stored; getStoredLocations() traps in
    // the library (the replay returns record 1).
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (86_400.5, .getStoredCount), (86_400.5, .getStoredLocations)],
      config: config(url: false))
    #expect(EquatorTrack.returns(observer)[1...] == [.count(2), .locations([observer.locations[1].id])])
    #expect(observer.crashes.map(\.call) == [.getStoredLocations])
    #expect(result.libraryCrash?.time == t0 + 86_400_500)
  }

  @Test func aMotionchangesAutomaticSyncAfterExpiryCrashes() {
    // autoSync, every answer 500: 0's motionchange syncs at once and fails; 1 stays (2 <
    // 12). At 100 000 both have expired (before the fix), and the stationary motionchange
    // syncs at once: the library reads the expired keys and traps. Reported once, at the
    // record that expired first (record 0, found expired at 100 000).
    var settings = ReplaySettings()
    settings.network.schedule = [.status(500)]
    settings.network.loopSchedule = true
    let (observer, _) = EquatorTrack.replay(
      track, calls: [(0, .start)], config: config(autoSync: true), settings: settings)
    #expect(
      observer.crashes == [
        LibraryCrash(
          time: t0 + 100_000_000, call: .sync, automatic: true, record: observer.locations[0].id, recordTime: t0,
          recordSequence: 0, expiredAt: t0 + 100_000_000)
      ])
  }

  @Test func aRecordDeliveredByARequestSentBeforeItExpiredIsNoLongerListed() {
    // Latency 10 s: sync() at 86 395 sends 0 and 1, answered 200 at 86 405. Both expire
    // first (at 86 405 they are 86 405 and 86 404 s old), then the 200 deletes their keys
    // (the server has them: delivered, not expired): at 86 410 nothing expired is listed,
    // so getStoredCount() is 0 and that sync is no crash (and sends nothing).
    var settings = ReplaySettings()
    settings.network.latencyMin = 10_000
    settings.network.latencyMax = 10_000
    let (observer, result) = EquatorTrack.replay(
      track, calls: [(0, .start), (86_395, .sync), (86_410, .getStoredCount), (86_410, .sync)], config: config(),
      settings: settings)
    #expect(observer.crashes.isEmpty)
    #expect(EquatorTrack.returns(observer)[2] == .count(0))
    #expect(result.uploads.recordsDelivered == 2 && result.uploads.expired == 0)
  }

  @Test func olderStatsWithoutTheLibrarySectionStillRead() throws {
    // A schema 2 stats.json (no `library`) decodes, with `library` absent.
    var stats = ReplayStats(EquatorTrack.replay(track, calls: [(0, .start)], config: config()).result)
    stats.schemaVersion = 2
    let data = try JSONEncoder().encode(stats)
    #expect(!String(decoding: data, as: UTF8.self).contains("\"library\""))
    let read = try JSONDecoder().decode(ReplayStats.self, from: data)
    #expect(read.schemaVersion == 2 && read.library == nil)
  }
}
