import Testing

@testable import CalmGeoReplay

struct RecordedNetworkTests {
  @Test func linesRoundTrip() throws {
    let entries = [
      RecordedNetwork.Entry(
        track: "walk", device: 1, sequence: 1, sentAt: EquatorTrack.t0,
        answer: TransportAnswer(latency: 812, outcome: .status(200)), wallMs: 13.5),
      RecordedNetwork.Entry(
        track: "walk", device: 2, sequence: 1, sentAt: EquatorTrack.t0 + 1000,
        answer: TransportAnswer(latency: 10000, outcome: .timeout), wallMs: 10000),
      RecordedNetwork.Entry(
        track: "walk", device: 1, sequence: 2, sentAt: EquatorTrack.t0 + 2000,
        answer: TransportAnswer(latency: 3, outcome: .error), wallMs: 3.25, abandoned: true),
    ]
    #expect(
      entries[0].line == """
        {"track":"walk","device":1,"seq":1,"sentAt":"2024-05-01T07:00:00.000Z","latencyMs":812,"wallMs":13.5,"outcome":200}

        """)
    let text = entries.map(\.line).joined() + "\n"
    let read = try RecordedNetwork.entries(of: Array(text.utf8), file: "run.ndjson")
    #expect(read == entries)
    let device1 = RecordedNetwork.select(read, track: "walk", device: 1)
    #expect(device1.answers == [1: entries[0].answer, 2: entries[2].answer])
    #expect(RecordedNetwork.select(read, track: "other", device: 1).answers.isEmpty)
  }

  @Test func aBadLineNamesTheFileAndLine() {
    let text = """
      {"track":"walk","device":1,"seq":1,"sentAt":"2024-05-01T07:00:00.000Z","latencyMs":8,"outcome":200}
      {"track":"walk","device":1,"seq":2,"sentAt":"2024-05-01T07:00:01.000Z","latencyMs":8,"outcome":"maybe"}
      """
    #expect {
      try RecordedNetwork.entries(of: Array(text.utf8), file: "run.ndjson")
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("run.ndjson:2: error: network: outcome must be")
    }
    #expect(throws: ParseError.self) {
      try RecordedNetwork.entries(of: Array("{\"track\":\"walk\"}".utf8), file: "run.ndjson")
    }
  }
}

/// Numbers in a recorded network file are validated with clear errors: none reaches an
/// arithmetic trap in the replay, and every status a live run can record reads back.
struct RecordedNetworkNumberTests {
  private func line(latency: String = "8", outcome: String = "200", wall: String = "1.5") -> [UInt8] {
    Array(
      ("{\"track\":\"walk\",\"device\":1,\"seq\":1,\"sentAt\":\"2024-05-01T07:00:00.000Z\","
        + "\"latencyMs\":\(latency),\"wallMs\":\(wall),\"outcome\":\(outcome)}\n").utf8)
  }

  @Test func aHugeLatencyIsRefusedWithItsLine() throws {
    // 9.2e18 fits an Int64 but sentAt + latency would not: refused, not a trap later.
    for latency in ["9200000000000000000", "9.2e18", "1000000000001"] {
      #expect {
        try RecordedNetwork.entries(of: line(latency: latency), file: "run.ndjson")
      } throws: { error in
        "\(error)".hasPrefix("run.ndjson:1: error: network: latencyMs must be from 0 to 1000000000000")
      }
    }
    // The largest accepted latency reads back (the bound is inclusive).
    #expect(
      try RecordedNetwork.entries(of: line(latency: "1000000000000"), file: "run.ndjson").first?.answer.latency
        == 1_000_000_000_000)
  }

  @Test func aRequestNeverSentReadsBackAsSuch() throws {
    let entry = RecordedNetwork.Entry(
      track: "walk", device: 1, sequence: 4, sentAt: EquatorTrack.t0,
      answer: TransportAnswer(latency: 0, outcome: .error), wallMs: 0, abandoned: true,
      notSent: true)
    #expect(entry.line.hasSuffix(",\"outcome\":\"error\",\"abandoned\":true,\"notSent\":true}\n"))
    #expect(try RecordedNetwork.entries(of: Array(entry.line.utf8), file: "run.ndjson") == [entry])
  }

  @Test func aBadWallTimeIsRefused() {
    for wall in ["-1", "1e300"] {
      #expect {
        try RecordedNetwork.entries(of: line(wall: wall), file: "run.ndjson")
      } throws: { error in "\(error)".contains("wallMs must be from 0 to") }
    }
  }

  @Test func anyThreeDigitStatusReadsBackAndOthersAreRefused() throws {
    // A live run records the status the server sent, 999 or 103 included.
    for code in [100, 103, 200, 599, 600, 999] {
      let entries = try RecordedNetwork.entries(of: line(outcome: String(code)), file: "run.ndjson")
      #expect(entries.first?.answer.outcome == .status(code))
      #expect(entries.first.map { Array($0.line.utf8) } == line(outcome: String(code)))
    }
    for code in ["99", "1000", "-200"] {
      #expect {
        try RecordedNetwork.entries(of: line(outcome: code), file: "run.ndjson")
      } throws: { error in "\(error)".contains("outcome must be a status code from 100 to 999") }
    }
  }
}

struct FleetDeviceTests {
  private var track: Track {
    Track(
      name: "walk", format: .csv,
      fixes: (0..<50).map { EquatorTrack.fix(t: Double($0), x: 20 * Double($0), speed: 0) },
      diagnostics: InputDiagnostics(strict: false, maxProblems: 10), gzipped: false, speedPolicy: .auto)
  }

  @Test func theFirstDeviceIsTheLogItself() {
    let fleet = FleetDevice.fleet(count: 1, seed: 7, spread: 60_000, jitter: 5)
    #expect(fleet == [FleetDevice(number: 1, seed: 7, offset: 0, jitter: 0)])
    let applied = fleet[0].apply(to: track)
    #expect(applied.fixes.map(\.time) == track.fixes.map(\.time))
    #expect(applied.fixes.map(\.longitude) == track.fixes.map(\.longitude))
  }

  @Test func otherDevicesDrawSeedOffsetAndJitterFromTheSeed() {
    let fleet = FleetDevice.fleet(count: 20, seed: 7, spread: 60_000, jitter: 5)
    #expect(fleet == FleetDevice.fleet(count: 20, seed: 7, spread: 60_000, jitter: 5))
    #expect(fleet != FleetDevice.fleet(count: 20, seed: 8, spread: 60_000, jitter: 5))
    #expect(Set(fleet.map(\.seed)).count == 20)
    #expect(fleet.dropFirst().allSatisfy { (0...60_000).contains($0.offset) })
    #expect(Set(fleet.map(\.offset)).count > 10)
    for device in fleet.dropFirst() {
      let applied = device.apply(to: track)
      for (moved, original) in zip(applied.fixes, track.fixes) {
        #expect(moved.time == original.time + device.offset)
        #expect(GeoMath.distance(moved, original) <= 5.001)
      }
      #expect(zip(applied.fixes, track.fixes).contains { GeoMath.distance($0, $1) > 0.01 })
    }
    #expect(FleetDevice.fleet(count: 3, seed: 7, spread: 0, jitter: 0).allSatisfy { $0.offset == 0 })
  }
}
