import Testing

@testable import CalmGeoReplay

/// The transport seam: the same answers give the same replay whether they come from the
/// simulated network, a recorded file or a (scripted) live network.
struct UploadTransportTests {
  typealias S = EquatorTrack.Sent
  let f = EquatorTrack.fix

  private func marching(_ seconds: ClosedRange<Int>) -> [Fix] {
    seconds.map { f(Double($0), 20 * Double($0), 0) }
  }

  private func config(threshold: Int = 3) -> CalmGeoConfig {
    var config = CalmGeoConfig()
    config.url = "https://example.test/locations"
    config.autoSync = true
    config.syncThreshold = threshold
    return config
  }

  private func replay(
    _ fixes: [Fix], _ config: CalmGeoConfig, _ settings: ReplaySettings = ReplaySettings(),
    transport: UploadTransport
  ) -> (CollectingObserver, ReplayResult) {
    var engine = ReplayEngine(config: config, settings: settings, observer: CollectingObserver(), transport: transport)
    engine.process(fixes)
    let result = engine.finish()
    return (engine.observer, result)
  }

  @Test func aLiveAnswerWithheldAtNowLeavesTheRequestInFlight() {
    // Every answer 200 after 1.5 s, revealed only once the replay's clock reaches it.
    // t0 motionchange → #1 [0] (done 1.5). t1: {0 in flight, 1}: 2 < 3. t2: #1 done, 0
    // deleted; {1, 2}. t3: {1,2,3} → #2 (done 4.5). t4: {1,2,3,4} → #3 [1,2,3,4]: 1,2,3
    // are in flight in #2, so 3 duplicates sent. t5: #2 done, 1,2,3 deleted; {4,5}.
    // t6: #3 done: 1,2,3 arrive twice (3 duplicates delivered), 4 deleted; {5,6} stay.
    let network = ScriptedNetwork { _ in TransportAnswer(latency: 1500, outcome: .status(200)) }
    let (observer, result) = replay(marching(0...6), config(), transport: .live(network))
    #expect(EquatorTrack.requests(observer) == [S(0, [0]), S(3, [1, 2, 3]), S(4, [1, 2, 3, 4])])
    #expect(result.uploads.duplicatesSent == 3)
    #expect(result.uploads.duplicatesDelivered == 3)
    #expect(result.uploads.storedAtEnd == 2)
    // #1 was asked at 0 (sent then) and 1 s (withheld: 1.5 s not reached), answered at 2 s.
    #expect(network.questions.filter { $0.sequence == 1 }.map(\.now) == [0, 1000, 2000].map { EquatorTrack.t0 + $0 })
    #expect(network.bodies.count == 3)
    #expect(network.bodies == observer.bodies)
  }

  @Test func scriptedLiveRecordedAndSimulatedNetworksGiveTheSameReplay() {
    // The simulated network: 1.5 s latency, answers 500, 200, timeout (after httpTimeout
    // 2 s), 429, then 200.
    var settings = ReplaySettings()
    settings.network.latencyMin = 1500
    settings.network.latencyMax = 1500
    settings.network.schedule = [.status(500), .status(200), .timeout, .status(429)]
    settings.finalSync = true
    var config = config(threshold: 2)
    config.httpTimeout = 2000
    let answers: [Int: TransportAnswer] = [
      1: TransportAnswer(latency: 1500, outcome: .status(500)),
      2: TransportAnswer(latency: 1500, outcome: .status(200)),
      3: TransportAnswer(latency: 2000, outcome: .timeout),
      4: TransportAnswer(latency: 1500, outcome: .status(429)),
    ]
    func answer(_ sequence: Int) -> TransportAnswer {
      answers[sequence] ?? TransportAnswer(latency: 1500, outcome: .status(200))
    }
    let fixes = marching(0...40)
    let simulated = replay(fixes, config, settings, transport: .simulated)
    let live = replay(fixes, config, settings, transport: .live(ScriptedNetwork(answer)))
    var recordedAnswers: [Int: TransportAnswer] = [:]
    for request in simulated.0.completed { recordedAnswers[request.sequence] = answer(request.sequence) }
    let recorded = replay(fixes, config, settings, transport: .recorded(RecordedNetwork(answers: recordedAnswers)))
    #expect(simulated.1.uploads.requests > 6)
    #expect(simulated.1.uploads.failed == 2 && simulated.1.uploads.timeouts == 1)
    for other in [live, recorded] {
      #expect(other.0.completed == simulated.0.completed)
      let sameBodies = other.0.bodies == simulated.0.bodies
      #expect(sameBodies)
      #expect(other.0.expired == simulated.0.expired)
      #expect(other.1 == simulated.1)
    }
  }

  @Test func aRequestMissingFromARecordingIsSimulatedAndCounted() {
    // Recorded: only #1 (a 500 after 2 s). #2 and later come from the simulated network
    // (latency 0, all 200) and are counted.
    let recorded = RecordedNetwork(answers: [1: TransportAnswer(latency: 2000, outcome: .status(500))])
    let (observer, result) = replay(marching(0...6), config(), transport: .recorded(recorded))
    #expect(observer.completed.first?.outcome == .status(500))
    #expect(observer.completed.first?.completedAt == EquatorTrack.t0 + 2000)
    #expect(result.uploads.unrecordedAnswers == result.uploads.requests - 1)
    #expect(result.uploads.requests >= 2)
  }

  @Test func aLiveNetworkGetsTheBodiesEvenWhenNoObserverWantsThem() {
    // DiscardingObserver wants no bodies (the simulated path then only counts bytes), but
    // a real network sends them: the same bytes a body-collecting run encodes.
    let network = ScriptedNetwork { _ in TransportAnswer(latency: 0, outcome: .status(200)) }
    var engine = ReplayEngine(config: config(), observer: DiscardingObserver(), transport: .live(network))
    engine.process(marching(0...6))
    let result = engine.finish()
    let (simulated, simulatedResult) = replay(marching(0...6), config(), transport: .simulated)
    #expect(network.bodies.count == 3)
    #expect(network.bodies == simulated.bodies)
    #expect(result.uploads.bytesSent == simulatedResult.uploads.bytesSent)
  }

  @Test func aConnectionErrorIsAFailureThatBacksOff() {
    // #1 at 0 (motionchange) ends in a connection error after 0 ms: record 0 stays and
    // tried = 1, so a threshold sync waits 2^1 − 1 = 1 s after 0. The count reaches 3 at
    // t2 ({0,1,2}; 2 s ≥ 1 s) → #2 at 2 with [0,1,2], a 200 that deletes them; t3: {3}.
    let network = ScriptedNetwork { sequence in
      TransportAnswer(latency: 0, outcome: sequence == 1 ? .error : .status(200))
    }
    let (observer, result) = replay(marching(0...3), config(), transport: .live(network))
    #expect(EquatorTrack.requests(observer) == [S(0, [0]), S(2, [0, 1, 2])])
    #expect(result.uploads.failed == 1)
  }
}

/// A live network whose answers are known in advance but given only once the replay's
/// clock reaches them, as a perfectly paced real network would.
final class ScriptedNetwork: LiveUploadTransport, @unchecked Sendable {
  private let answers: (Int) -> TransportAnswer
  private var sentAt: [Int: Int64] = [:]
  private(set) var bodies: [[UInt8]] = []
  private(set) var questions: [(sequence: Int, now: Int64?)] = []

  init(_ answers: @escaping (Int) -> TransportAnswer) { self.answers = answers }

  func send(_ request: UploadRequest, body: [UInt8]) {
    sentAt[request.sequence] = request.sentAt
    bodies.append(body)
  }

  func answer(to sequence: Int, by now: Int64?) -> TransportAnswer? {
    questions.append((sequence, now))
    let answer = answers(sequence)
    if let now, let sent = sentAt[sequence], sent + answer.latency > now { return nil }
    return answer
  }
}
