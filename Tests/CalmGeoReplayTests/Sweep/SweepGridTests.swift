import Testing

@testable import CalmGeoReplay

/// Grid expansion: exact values of ranges and seeded draws, the cartesian order, and
/// configurations decoded (with errors) by the config decoder.
struct SweepGridTests {
  private func values(_ vary: String) throws -> [[String]] {
    try SweepSpecDecoder.decode("tracks: [a.csv]\nvary: {\(vary)}", source: "s.yaml").variables.map {
      $0.values.map(\.rendered)
    }
  }

  @Test func rangesIncludeBothEndsWithoutDrift() throws {
    #expect(try values("distanceFilter: {from: 10, to: 30, step: 5}") == [["10", "15", "20", "25", "30"]])
    #expect(
      try values("speedMultiplier: {from: 0.1, to: 0.7, step: 0.1}") == [
        ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
      ])
    #expect(try values("speedMultiplier: {from: 1, to: 2, step: 0.3}") == [["1", "1.3", "1.6", "1.9"]])
    #expect(try values("distanceFilter: {from: 30, to: 10, step: -10}") == [["30", "20", "10"]])
    #expect(try values("stationaryRadius: {from: 5, to: 5, step: 1}") == [["5"]])
    // 0.1 added 100 times by a running sum gives 9.99999999999998; from + i·step rounded does not.
    #expect(try values("speedMultiplier: {from: 0, to: 10, step: 0.1}")[0].last == "10")
  }

  @Test func randomDrawsAreSeededWholeForIntegerKeys() throws {
    let whole = try values("distanceFilter: {random: 6, seed: 42, from: 5, to: 60}")[0]
    #expect(whole == ["46", "13", "20", "24", "7", "53"])  // Checked against a Python SplitMix64.
    // The same seed gives the same draws; another seed others.
    #expect(try values("distanceFilter: {random: 6, seed: 42, from: 5, to: 60}")[0] == whole)
    #expect(try values("distanceFilter: {random: 6, seed: 43, from: 5, to: 60}")[0] != whole)
    // The same formula: from + ⌊u·(to − from + 1)⌋ with u from SplitMix64(seed).nextUnit().
    var generator = SplitMix64(seed: 42)
    #expect(whole.map { Double($0)! } == (0..<6).map { _ in 5 + (generator.nextUnit() * 56).rounded(.down) })
    let real = try values("speedMultiplier: {random: 3, seed: 42, from: 1, to: 2}")[0]
    #expect(real == ["1.7415648787718232", "1.15991039287692", "1.2786011302551388"])
    #expect(SweepSpecDecoder.Reader.takesWholeNumbers("replay.network.latencyMs"))
    #expect(!SweepSpecDecoder.Reader.takesWholeNumbers("replay.network.failureRate"))
  }

  @Test func cartesianProductVariesTheLastKeyFastest() throws {
    let spec = try SweepSpecDecoder.decode(
      "tracks: [a.csv]\nvary: {distanceFilter: [10, 16, 30], syncThreshold: [5, 12]}", source: "s.yaml")
    let grid = SweepGrid(base: SpecNode(.object([])), variables: spec.variables)
    #expect(grid.count == 6)
    #expect(
      (0..<6).map { grid.label(at: $0) } == [
        "distanceFilter=10, syncThreshold=5", "distanceFilter=10, syncThreshold=12",
        "distanceFilter=16, syncThreshold=5", "distanceFilter=16, syncThreshold=12",
        "distanceFilter=30, syncThreshold=5", "distanceFilter=30, syncThreshold=12",
      ])
    let configurations = try grid.configurations(source: "s.yaml", baseSource: nil)
    #expect(configurations.map(\.calmGeo.distanceFilter) == [10, 10, 16, 16, 30, 30])
    #expect(configurations.map(\.calmGeo.syncThreshold) == [5, 12, 5, 12, 5, 12])
  }

  @Test func dottedPathsSetNestedObjectsKeepingTheBaseOrder() throws {
    let base = try SpecJSONReader.read(
      #"{"url": "https://x.test/l", "replay": {"seed": 3, "network": {"latencyMs": 80}}}"#, source: "b")
    let grid = SweepGrid(
      base: base,
      variables: [
        SweepVariable(path: "replay.network.failureRate", values: [SpecNode(.number(0.25))]),
        SweepVariable(path: "autoSync", values: [SpecNode(.bool(true))]),
      ])
    #expect(
      grid.configObject(at: 0).rendered
        == #"{"url":"https://x.test/l","replay":{"seed":3,"network":{"latencyMs":80,"failureRate":0.25}},"autoSync":true}"#
    )
    let configuration = try grid.configurations(source: "s.yaml", baseSource: nil)[0]
    #expect(configuration.replay.network.failureRate == 0.25 && configuration.calmGeo.autoSync)
  }

  private func configurationError(base: String = "{}", _ vary: String) -> String {
    do {
      let spec = try SweepSpecDecoder.decode("tracks: [a.csv]\nvary: {\(vary)}", source: "s.yaml")
      let grid = SweepGrid(base: try SpecJSONReader.read(base, source: "b"), variables: spec.variables)
      _ = try grid.configurations(source: "s.yaml", baseSource: nil)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func configDecoderErrorsNameTheVariedKey() {
    #expect(
      configurationError("distanceFiltr: [1]")
        == "s.yaml:2: error: sweep spec: 'vary.distanceFiltr': unknown key; did you mean 'distanceFilter'? (value 1, configuration 0)"
    )
    #expect(
      configurationError("syncThreshold: [5], distanceFilter: [10, -1]")
        == "s.yaml:2: error: sweep spec: 'vary.distanceFilter': must be 0 or more, found -1 (configuration 1)")
    #expect(
      configurationError("replay.netwrk.failureRate: [0.1]")
        == "s.yaml:2: error: sweep spec: 'vary.replay.netwrk.failureRate': unknown key; did you mean 'network'? (value 0.1, configuration 0)"
    )
    #expect(
      configurationError(base: #"{"autoSnc": true}"#, "distanceFilter: [1]")
        == "s.yaml:1: error: sweep spec: 'base.autoSnc': unknown key; did you mean 'autoSync'?")
    #expect(
      configurationError(base: #"{"url": "https://x.test"}"#, "url.path: [1]")
        == "s.yaml:2: error: sweep spec: 'vary.url.path': cannot be set: a part of this path holds a value, not an object, in the base config"
    )
  }
}
