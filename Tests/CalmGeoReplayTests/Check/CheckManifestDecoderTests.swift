import Testing

@testable import CalmGeoReplay

/// Check manifests in JSON and YAML: fields, per-track options, tolerances, gates, and
/// errors that name the line, the key and what was expected.
struct CheckManifestDecoderTests {
  static let json = """
    {
      "tracks": [
        {"log": "../walk.csv", "config": "../config.json", "name": "walk",
         "options": {"format": "nmea", "date": "2024-05-01", "utcOffset": "+02:00"}},
        {"log": "/data/drive.gpx"}
      ],
      "tolerance": {"default": 1e-8, "fidelity.*": 1e-6},
      "assert": {"max": {"fidelity.sed.p95": 25}, "min": {"engine.keptRatio": 0.05}}
    }
    """

  static let yaml = """
    tracks:
      - log: ../walk.csv
        config: ../config.json
        name: walk
        options: {format: nmea, date: "2024-05-01", utcOffset: "+02:00"}
      - log: /data/drive.gpx
    tolerance: {default: 1.0e-8, "fidelity.*": 1.0e-6}
    assert:
      max: {fidelity.sed.p95: 25}
      min: {engine.keptRatio: 0.05}
    """

  @Test(arguments: [("check.json", json), ("check.yaml", yaml)])
  func readsTracksOptionsTolerancesAndGates(source: String, text: String) throws {
    let manifest = try CheckManifestDecoder.decode(text, source: source)
    #expect(manifest.tracks.map(\.log) == ["../walk.csv", "/data/drive.gpx"])
    #expect(manifest.tracks.map(\.config) == ["../config.json", nil])
    #expect(manifest.tracks.map(\.name) == ["walk", nil])
    let walk = manifest.tracks[0]
    #expect(walk.format == .nmea)
    #expect(walk.options.date == CivilDate(year: 2024, month: 5, day: 1))
    #expect(walk.options.utcOffsetMillis == 7_200_000)
    #expect(walk.writtenOptions.map(\.key) == ["format", "date", "utcOffset"])
    #expect(manifest.tracks[1].format == nil && manifest.tracks[1].options.date == nil)
    #expect(manifest.tolerance == CheckTolerance(defaultValue: 1e-8, patterns: [.init("fidelity.*", 1e-6)]))
    guard case .inline(let gates)? = manifest.assert else {
      Issue.record("expected inline gates")
      return
    }
    #expect(gates.gates.map(\.path) == ["fidelity.sed.p95", "engine.keptRatio"])
    #expect(gates.gates.map(\.kind) == [.max, .min])
    #expect(gates.gates.map(\.limit) == [25, 0.05])
  }

  @Test func assertMayNameAGatesFile() throws {
    let manifest = try CheckManifestDecoder.decode(
      #"{"tracks": [{"log": "a.csv"}], "assert": "gates.yaml"}"#, source: "check.json")
    guard case .file(let path, _)? = manifest.assert else {
      Issue.record("expected a gates file")
      return
    }
    #expect(path == "gates.yaml")
    #expect(manifest.tolerance == CheckTolerance())
  }

  @Test func theManifestInitWritesReadsBackTheSame() throws {
    let manifest = try CheckManifestDecoder.decode(Self.json, source: "check.json")
    let again = try CheckManifestDecoder.decode(manifest.json.rendered(), source: "check.json")
    #expect(again.tracks.map(\.log) == manifest.tracks.map(\.log))
    #expect(again.tracks.map(\.name) == manifest.tracks.map(\.name))
    #expect(again.tracks[0].options.utcOffsetMillis == 7_200_000)
    #expect(again.tolerance == manifest.tolerance)
  }

  @Test(arguments: [
    ("{}", "'tracks': missing"),
    (#"{"tracks": []}"#, "'tracks': expected a non-empty list"),
    (#"{"tracks": [{"config": "c.json"}]}"#, "'tracks[0].log': missing"),
    (#"{"tracks": [{"log": "a.csv", "confg": "c.json"}]}"#, "'tracks[0].confg': unknown field; did you mean 'config'?"),
    (#"{"tracks": [{"log": 3}]}"#, "'tracks[0].log': expected a non-empty string, found 3"),
    (#"{"tracks": [{"log": "a.csv", "name": "../a"}]}"#, "'tracks[0].name': expected a folder name"),
    (#"{"tracks": [{"log": "a.csv", "options": {"date": "May 1"}}]}"#, "'tracks[0].options.date': expected a date"),
    (#"{"tracks": [{"log": "a.csv", "options": {"path": "b.csv"}}]}"#, "'tracks[0].options.path': unknown field"),
    (#"{"tracks": [{"log": "a.csv"}], "tolerence": {}}"#, "did you mean 'tolerance'?"),
    (#"{"tracks": [{"log": "a.csv"}], "tolerance": {"fidelity.*": -1}}"#, "expected a relative tolerance ≥ 0"),
    (#"{"tracks": [{"log": "a.csv"}], "tolerance": {"fidelity sed": 1}}"#, "expected \"default\" or a stats path glob"),
    (#"{"tracks": [{"log": "a.csv"}], "assert": {"mx": {}}}"#, "'assert.mx': unknown field; did you mean 'max'?"),
    (
      #"{"tracks": [{"log": "a.csv"}], "assert": {"max": {"uploads.requests": "40"}}}"#,
      "'assert.max.uploads.requests': expected a number"
    ),
    (
      #"{"tracks": [{"log": "a.csv"}], "assert": 3}"#,
      "'assert': expected {max: {…}, min: {…}} or the path of a gates file"
    ),
    (#"{"tracks": [{"log": "a.csv"},]}"#, "not valid JSON"),
  ])
  func badManifestsSayWhatIsWrong(text: String, message: String) {
    do {
      _ = try CheckManifestDecoder.decode(text, source: "check.json")
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.hasPrefix("check.json"))
      #expect(error.description.contains("error: check manifest: "))
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func errorsNameTheLine() {
    let text = "tracks:\n  - log: a.csv\n    options:\n      utcOffset: \"+25:00\"\n"
    #expect(
      throws: DocumentError(
        .checkManifest, source: "check.yaml", line: 4, key: "tracks[0].options.utcOffset",
        reason: "expected an offset such as \"+02:00\" or \"-0700\" (quoted in YAML), found \"+25:00\"")
    ) {
      try CheckManifestDecoder.decode(text, source: "check.yaml")
    }
  }
}
