import Foundation
import Testing

@testable import CalmGeoReplay

/// Decision counts (issue 24): every fix counted once, by the rule that decided it.
struct DecisionCountsTests {
  @Test func workedExampleCountsAddUpToTheFixes() {
    // CALMGEO.md §6, 330 fixes: one-shots at t 0 and 318; ref set at t 1; kept beyond the
    // judge at t 12 and 319 (t 320 … 329 stay within 16 m of t 319's x 58.5); still rule
    // at t 73; sleep rule at t 194; inside the geofence t 195 … 316 (122); exit at t 317;
    // filtered t 2 … 11, 13 … 72, 74 … 193, 320 … 329 (10 + 60 + 120 + 10 = 200).
    let (_, result) = EquatorTrack.replay(EquatorTrack.workedExample)
    let d = result.decisions
    #expect(d[.oneShot] == 2 && d[.keptRefEmpty] == 1 && d[.keptBeyondJudge] == 2)
    #expect(d[.filtered] == 200 && d[.stillRule] == 1 && d[.sleepRule] == 1)
    #expect(d[.ignoredWhileMonitoring] == 122 && d[.geofenceExit] == 1)
    #expect(d.total == 330 && d.total == result.fixesUsed)
    #expect(
      d.line == "2 one-shot, 1 kept (no ref yet), 2 kept beyond judge, 200 filtered, 1 still rule, "
        + "1 sleep rule, 122 inside geofence, 1 geofence exit = 330 fixes")
    let stats = ReplayStats(result)
    #expect(stats.decisions?.filtered == 200 && stats.decisions?.stillRule == 1)
    #expect(stats.decisions?.ignoredWhileStopped == 0)  // every kind is written, zeros too
  }

  @Test func withheldAndStoppedFixesAreCountedToo() {
    // stop() at 100 s, start() at 200 s: fixes 100 … 199 are ignored while stopped (100).
    let scenario = Scenario(entries: [
      Scenario.Entry(.start, at: .sinceFirstFix(0)), Scenario.Entry(.stop, at: .sinceFirstFix(100_000)),
      Scenario.Entry(.start, at: .sinceFirstFix(200_000)),
    ])
    var engine = ReplayEngine(config: CalmGeoConfig(), scenario: scenario, observer: CollectingObserver())
    engine.process(EquatorTrack.workedExample)
    let result = engine.finish()
    #expect(result.decisions[.ignoredWhileStopped] == 100)
    #expect(result.decisions.total == 330)
  }

  @Test func statsWithoutDecisionsStillRead() throws {
    // A version 2 stats.json (before decisions) reads, with no decisions.
    let json =
      #"{"schemaVersion":2,"input":{"file":"x","format":"csv","gzip":false,"recordsRead":9,"#
      + #""fixesParsed":9,"fixesUsed":8,"skipped":{},"ignored":{},"estimated":{},"durationSeconds":1},"#
      + #""engine":{"emitted":3,"keptRatio":0.3,"filtered":5,"motionchangesToMoving":1,"#
      + #""motionchangesToStationary":0,"geofenceExits":0,"fixesWhileMonitoring":0,"secondsListening":1,"#
      + #""secondsMonitoring":0},"storage":{"stored":3,"maxStored":3,"storedAtEnd":3,"expiredLost":0},"#
      + #""uploads":{"requests":0,"ok":0,"failed":0,"timeouts":0,"eventSyncs":0,"thresholdSyncs":0,"#
      + #""manualSyncs":0,"recordsSent":0,"recordsUploaded":0,"duplicatesSent":0,"duplicatesDelivered":0,"#
      + #""bytesSent":0},"accounting":{"emitted":3,"uploadedOnce":0,"stillStored":3,"expired":0,"#
      + #""balanced":true},"seed":1}"#
    let stats = try JSONDecoder().decode(ReplayStats.self, from: Data(json.utf8))
    #expect(stats.schemaVersion == 2 && stats.decisions == nil)
  }
}
