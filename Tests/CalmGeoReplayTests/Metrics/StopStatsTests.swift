import Foundation
import Testing

@testable import CalmGeoReplay

/// `StopStats`: nearest-rank summaries and the JSON keys stats.json shows.
struct StopStatsTests {
  typealias Summary = StopStats.Summary

  @Test func summaryIsNearestRankOverExactValues() {
    // 1…20 shuffled: mean 10.5; p95 = the ⌈0.95 · 20⌉ = 19th smallest = 19.
    let twenty = [7.0, 20, 1, 14, 3, 18, 9, 12, 5, 16, 2, 19, 8, 11, 4, 17, 6, 13, 10, 15]
    #expect(Summary(of: twenty) == Summary(count: 20, mean: 10.5, p95: 19, max: 20))
    // 1…21: ⌈19.95⌉ = 20th smallest = 20; mean 11.
    #expect(Summary(of: (1...21).map(Double.init)) == Summary(count: 21, mean: 11, p95: 20, max: 21))
    // One value is every statistic; none is all zeros.
    #expect(Summary(of: [4.5]) == Summary(count: 1, mean: 4.5, p95: 4.5, max: 4.5))
    #expect(Summary(of: []) == Summary(count: 0, mean: 0, p95: 0, max: 0))
  }

  @Test func encodesEveryKeyWithNullForNoFinalStop() throws {
    var metrics = StopMetrics()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(metrics.finish()), as: UTF8.self)
    let empty = #"{"count":0,"max":0,"mean":0,"p95":0}"#
    #expect(
      json == """
        {"covered":0,"detected":0,"falseStops":0,"finalParkedRecorded":null,"minDurationSeconds":120,\
        "missed":0,"monitoringDelaySeconds":\(empty),"positionErrorMetres":\(empty),\
        "radiusMetres":25,"startDelaySeconds":\(empty),"startDistanceLostMetres":\(empty),\
        "starts":0,"startsCovered":0,"startsDetected":0,"stopDelaySeconds":\(empty),"trueStops":0,"unmatchedStarts":0}
        """)
    let decoded = try JSONDecoder().decode(StopStats.self, from: Data(json.utf8))
    #expect(decoded == metrics.finish())
  }

  @Test func schema2StatsWithoutCoveredReadAsZeroCovered() throws {
    // A schema-2 section: no `covered`, no `startsCovered` (those counted as missed then).
    let empty = #"{"count":0,"max":0,"mean":0,"p95":0}"#
    let old = """
      {"radiusMetres":25,"minDurationSeconds":120,"trueStops":2,"detected":1,"missed":1,"falseStops":0,\
      "stopDelaySeconds":\(empty),"monitoringDelaySeconds":\(empty),"positionErrorMetres":\(empty),\
      "starts":1,"startsDetected":0,"startDelaySeconds":\(empty),"startDistanceLostMetres":\(empty),\
      "unmatchedStarts":2,"finalParkedRecorded":true}
      """
    let decoded = try JSONDecoder().decode(StopStats.self, from: Data(old.utf8))
    #expect(decoded.covered == 0 && decoded.startsCovered == 0)
    #expect(decoded.missed == 1 && decoded.trueStops == 2 && decoded.finalParkedRecorded == true)
  }
}
