import Foundation
import Testing

/// Every location id recounted from the output files alone (locations.json, the
/// upload bodies and uploads/requests.ndjson; not from stats.json's own counts), under
/// failure rates from 0 to 100 %, latencies beyond `httpTimeout` (10 s), expiry and
/// seeds: each id emitted is delivered, still stored or expired, exactly once.
struct AccountingUnderFaultsTests {
  struct Run: CustomStringConvertible {
    var failureRate: Double
    var latency: (Int, Int)
    var maxDaysToPersist: Int
    var seed: Int
    var description: String {
      "failureRate \(failureRate), latency \(latency), persist \(maxDaysToPersist) d, seed \(seed)"
    }
  }

  static let runs: [Run] = {
    var runs: [Run] = []
    for failureRate in [0, 0.25, 0.75, 1] {
      // Latencies below the timeout, and mostly beyond it (10 s).
      for latency in [(50, 400), (2_000, 40_000)] {
        for maxDaysToPersist in [0, 7] {
          for seed in [1, 2] {
            runs.append(Run(failureRate: failureRate, latency: latency, maxDaysToPersist: maxDaysToPersist, seed: seed))
          }
        }
      }
    }
    return runs
  }()

  private func json(_ url: URL) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url))
  }

  @Test(arguments: AccountingUnderFaultsTests.runs)
  func everyEmittedIdIsAccountedForOnce(run: Run) throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("faults.json")
    try """
    {"distanceFilter": 10, "url": "https://faults.test/v1", "autoSync": true, "syncThreshold": 2,
     "maxBatchSize": 3, "maxDaysToPersist": \(run.maxDaysToPersist),
     "replay": {"seed": \(run.seed), "finalSync": true,
                "network": {"latencyMs": [\(run.latency.0), \(run.latency.1)], "failureRate": \(run.failureRate)}}}
    """.write(to: config, atomically: true, encoding: .utf8)
    let log = CommandRunner.repositoryRoot.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let result = try CommandRunner.run([log, "--config", config.path, "--out", folder.path, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    let out = folder.appendingPathComponent("walk-with-long-stop")

    // Emitted: the ids of locations.json, each once.
    let locations = try #require(try json(out.appendingPathComponent("locations.json")) as? [[String: Any]])
    let emitted = locations.compactMap { $0["id"] as? String }
    #expect(emitted.count == locations.count)
    #expect(Set(emitted).count == emitted.count, "an id emitted twice")

    // Delivered: the ids of the bodies of requests answered 200. Every body holds
    // emitted ids, as many as its request line says, and its size in bytes.
    var delivered = Set<String>()
    var deliveries = 0
    var sent = 0
    let requests = try String(contentsOf: out.appendingPathComponent("uploads/requests.ndjson"), encoding: .utf8)
      .split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    var bodiesSeen = Set<String>()
    for request in requests {
      let name = try #require(request["body"] as? String)
      #expect(bodiesSeen.insert(name).inserted, "body \(name) logged twice")
      let bodyURL = out.appendingPathComponent("uploads").appendingPathComponent(name)
      let body = try #require(try json(bodyURL) as? [[String: Any]])
      let ids = body.compactMap { $0["id"] as? String }
      #expect(ids.count == request["records"] as? Int)
      #expect(try Data(contentsOf: bodyURL).count == request["bodyBytes"] as? Int)
      #expect(Set(ids).isSubset(of: Set(emitted)), "a body holds an id never emitted")
      sent += ids.count
      if request["outcome"] as? Int == 200 {
        deliveries += ids.count
        delivered.formUnion(ids)
      }
    }
    // Every body file in uploads/ is logged.
    let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("uploads").path)
      .filter { $0.hasSuffix(".json") }
    #expect(Set(files) == bodiesSeen)

    // The rest were never delivered: still stored or expired. stats.json must agree
    // with this recount, not the other way round.
    let stats = try #require(try json(out.appendingPathComponent("stats.json")) as? [String: Any])
    let accounting = try #require(stats["accounting"] as? [String: Any])
    let uploads = try #require(stats["uploads"] as? [String: Any])
    let undelivered = Set(emitted).subtracting(delivered)
    #expect(accounting["emitted"] as? Int == emitted.count)
    #expect(accounting["uploadedOnce"] as? Int == delivered.count)
    #expect((accounting["stillStored"] as? Int ?? -1) + (accounting["expired"] as? Int ?? -1) == undelivered.count)
    #expect(accounting["balanced"] as? Bool == true)
    #expect(uploads["recordsSent"] as? Int == sent)
    #expect(uploads["duplicatesDelivered"] as? Int == deliveries - delivered.count)
    if run.failureRate == 1 { #expect(delivered.count == 0) }
    // No failure, no timeout, no expiry (with 0 days a record expires as soon as time
    // passes, before the next sync): everything arrives.
    if run.failureRate == 0, run.latency.1 < 10_000, run.maxDaysToPersist > 0 { #expect(undelivered.count == 0) }
    // And the faults did happen: with expiry at 0 days, records are lost.
    if run.maxDaysToPersist == 0 { #expect(accounting["expired"] as? Int ?? 0 > 0) }
  }
}
