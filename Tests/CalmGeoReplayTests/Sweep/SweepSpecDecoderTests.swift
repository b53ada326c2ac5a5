import Testing

@testable import CalmGeoReplay

/// Spec files, JSON and YAML: fields, the three vary forms, objectives, constraints,
/// per-track options, and errors that name the file, line, key and value.
struct SweepSpecDecoderTests {
  private func decode(_ text: String, source: String = "sweep.yaml") throws(DocumentError) -> SweepSpec {
    try SweepSpecDecoder.decode(text, source: source)
  }

  private func error(_ text: String, source: String = "sweep.yaml") -> String {
    do {
      _ = try decode(text, source: source)
      return "no error"
    } catch {
      return error.description
    }
  }

  static let yaml = """
    tracks:
      - logs/*.nmea
      - {path: drive.csv, format: csv, utcOffset: "-07:00", timeFormat: unix_ms}
    base: {distanceFilter: 16, replay: {seed: 3}}
    vary:
      distanceFilter: [10, 16, 30]
      speedMultiplier: {from: 1, to: 2, step: 0.5}
      replay.network.failureRate: {random: 2, seed: 9, from: 0, to: 0.2}
    objectives:
      - min energy.percentPerHour
      - {maximise: engine.keptRatio}
    constraints: ["stops.missed == 0", "fidelity.sed.p95<=20"]
    """

  static let json = """
    {"tracks": ["logs/*.nmea", {"path": "drive.csv", "format": "csv", "utcOffset": "-07:00", "timeFormat": "unix_ms"}],
     "base": {"distanceFilter": 16, "replay": {"seed": 3}},
     "vary": {"distanceFilter": [10, 16, 30], "speedMultiplier": {"from": 1, "to": 2, "step": 0.5},
              "replay.network.failureRate": {"random": 2, "seed": 9, "from": 0, "to": 0.2}},
     "objectives": ["min energy.percentPerHour", {"maximise": "engine.keptRatio"}],
     "constraints": ["stops.missed == 0", "fidelity.sed.p95<=20"]}
    """

  @Test func yamlAndJSONGiveTheSameSpec() throws {
    for (text, source) in [(Self.yaml, "sweep.yaml"), (Self.json, "sweep.json")] {
      let spec = try decode(text, source: source)
      #expect(spec.tracks.map(\.pattern) == ["logs/*.nmea", "drive.csv"])
      #expect(spec.tracks[1].format == .csv)
      #expect(spec.tracks[1].options.utcOffsetMillis == -7 * 3_600_000)
      #expect(spec.tracks[1].options.timeFormat == "unix_ms")
      #expect(spec.tracks[1].written.map(\.key) == ["format", "utcOffset", "timeFormat"])
      guard case .inline(let base) = spec.base else {
        Issue.record("base not inline")
        return
      }
      #expect(base.rendered == #"{"distanceFilter":16,"replay":{"seed":3}}"#)
      // Keys in the order written: the grid varies the last fastest.
      #expect(spec.variables.map(\.path) == ["distanceFilter", "speedMultiplier", "replay.network.failureRate"])
      #expect(spec.variables[0].values.map(\.rendered) == ["10", "16", "30"])
      #expect(spec.variables[1].values.map(\.rendered) == ["1", "1.5", "2"])
      #expect(spec.variables[2].values.count == 2)
      #expect(
        spec.objectives == [SweepObjective(.min, "energy.percentPerHour"), SweepObjective(.max, "engine.keptRatio")])
      #expect(
        spec.constraints == [
          SweepConstraint("stops.missed", .equal, 0), SweepConstraint("fidelity.sed.p95", .lessOrEqual, 20),
        ])
    }
  }

  @Test func baseMayBeAConfigFileAndTracksASingleString() throws {
    let spec = try decode("tracks: drive.csv\nbase: ../configs/city.json\n")
    #expect(spec.tracks.map(\.pattern) == ["drive.csv"])
    #expect(spec.base == .file("../configs/city.json", line: 2))
    #expect(spec.variables.isEmpty && spec.objectives.isEmpty && spec.constraints.isEmpty)
  }

  @Test func objectiveSpellings() {
    for text in ["min a.b", "minimise a.b", "minimize a.b", "MIN a.b"] {
      #expect(SweepObjective(text) == SweepObjective(.min, "a.b"))
    }
    for text in ["max a.b", "maximise a.b", "maximize a.b"] {
      #expect(SweepObjective(text) == SweepObjective(.max, "a.b"))
    }
    for text in ["a.b", "min", "min a b", "least a.b", "min a..b."] { #expect(SweepObjective(text) == nil) }
  }

  @Test(arguments: [
    ("trcks: [a.csv]", "sweep.yaml:1: error: sweep spec: 'trcks': unknown field; did you mean 'tracks'?"),
    ("base: {}", "sweep.yaml:1: error: sweep spec: 'tracks': missing; expected a list of log paths or globs"),
    (
      "tracks: [a.csv]\nbase: 12",
      "sweep.yaml:2: error: sweep spec: 'base': expected a config object or the path of a config JSON, found 12"
    ),
    (
      "tracks: [{format: csv}]",
      "sweep.yaml:1: error: sweep spec: 'tracks[0].path': missing; expected the log's path or a glob"
    ),
    (
      "tracks: [{path: a.csv, format: kml}]",
      "sweep.yaml:1: error: sweep spec: 'tracks[0].format': expected one of csv, nmea, gpx, gnsslogger, json, found \"kml\""
    ),
    (
      "tracks: [{path: a.nmea, date: 2024-02-30}]",
      "sweep.yaml:1: error: sweep spec: 'tracks[0].date': expected a date such as \"2024-05-01\", found \"2024-02-30\""
    ),
    (
      "tracks: [{path: a.csv, dat: 2024-02-03}]",
      "sweep.yaml:1: error: sweep spec: 'tracks[0].dat': unknown field; did you mean 'date'?"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: 10}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter': expected a list of values, {from, to, step} or {random: N, seed: S, from, to}, found 10"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: []}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter': expected at least one value, found []"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: {from: 10, to: 30, step: 0}}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter.step': expected a step more than 0 to go from 10 to 30, found 0"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: {from: 10, to: 30}}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter.step': missing; expected a number"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: {from: 10, to: 30, stp: 2}}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter.stp': unknown field; did you mean 'step'?"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: {random: 0, from: 1, to: 9}}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter.random': expected a whole number of draws from 1 to 100000, found 0"
    ),
    (
      "tracks: [a.csv]\nvary: {distanceFilter: {random: 3, from: 1, to: 9.5}}",
      "sweep.yaml:2: error: sweep spec: 'vary.distanceFilter': 'distanceFilter' takes whole numbers: expected whole from and to, found 1 and 9.5"
    ),
    (
      "tracks: [a.csv]\nobjectives: [least energy.percentPerHour]",
      "sweep.yaml:2: error: sweep spec: 'objectives[0]': expected \"min <path>\", \"max <path>\" or {minimise: <path>} / {maximise: <path>}, found \"least energy.percentPerHour\""
    ),
    (
      "tracks: [a.csv]\nconstraints: [\"stops.missed = 0\"]",
      "sweep.yaml:2: error: sweep spec: 'constraints[0]': expected \"<path> <op> <number>\" with op one of <= < >= > == !=, found \"stops.missed = 0\""
    ),
    (
      "tracks: [a.csv]\nvary:\n  x: [1\n",
      "sweep.yaml:4: error: sweep spec: not valid YAML: did not find expected ',' or ']'"
    ),
  ])
  func errorsNameKeyAndValue(text: String, expected: String) {
    #expect(error(text) == expected)
  }

  @Test func jsonErrorsHaveLines() {
    #expect(
      error("{\"tracks\": [\"a.csv\"],\n \"vary\": {\"distanceFilter\": [1, 2,]}}", source: "s.json")
        == "s.json:2:35: error: sweep spec: not valid JSON: unexpected character")
    #expect(
      error("{\"tracks\": [\"a.csv\"], \"tracks\": []}", source: "s.json")
        == "s.json:1:23: error: sweep spec: not valid JSON: duplicate key \"tracks\" (each key may appear once)")
  }
}
