import Testing

@testable import CalmGeoReplay

/// Gates: limits on every track's fresh stats, by dotted path.
struct CheckGatesTests {
  private func stats() -> ReplayStats {
    var configuration = ReplayConfiguration()
    configuration.calmGeo.url = "https://example.test/l"
    configuration.calmGeo.autoSync = true
    configuration.calmGeo.syncThreshold = 3
    var observer = DiscardingObserver()
    let track = Track(
      name: "worked.csv", format: .csv, fixes: EquatorTrack.workedExample, diagnostics: InputDiagnostics())
    return ReplayStats(
      ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: true)))
  }

  private func gates(_ text: String, source: String = "gates.yaml") throws(DocumentError) -> CheckGates {
    try CheckGates(CheckManifestDecoder.document(text, source: source, document: .gates), source: source)
  }

  @Test func limitsAreInclusiveAndViolationsReadAsTrackPathValueLimit() throws {
    let stats = stats()
    let requests = Double(stats.uploads.requests)
    let met = try gates("max: {uploads.requests: \(requests)}\nmin: {engine.emitted: \(stats.engine.emitted)}\n")
    #expect(try met.violations(of: stats, track: "worked").isEmpty)
    let broken = try gates(#"{"min": {"engine.keptRatio": 2}, "max": {"uploads.requests": 1.5}}"#, source: "gates.json")
    let violations = try broken.violations(of: stats, track: "worked")
    #expect(
      violations.map(\.description) == [
        "worked: engine.keptRatio = \(SweepText.number(stats.engine.keptRatio)) < 2",
        "worked: uploads.requests = \(stats.uploads.requests) > 1.5",
      ])
  }

  @Test func anUnknownPathIsAnErrorWithTheClosestName() throws {
    let typo = try gates("max:\n  fidelty.sed.p95: 25\n")
    #expect(
      throws: DocumentError(
        .gates, source: "gates.yaml", line: 2, key: "max.fidelty.sed.p95",
        reason: "no such field in stats.json of worked; did you mean 'fidelity.sed.p95'?")
    ) {
      try typo.violations(of: stats(), track: "worked")
    }
    let text = try gates("max: {input.format: 3}\n")
    #expect(throws: DocumentError.self) { try text.violations(of: stats(), track: "worked") }
  }

  @Test func aNullFieldIsNotChecked() throws {
    var stats = stats()
    stats.stops?.finalParkedRecorded = nil
    #expect(try gates("max: {stops.finalParkedRecorded: 0}\n").violations(of: stats, track: "worked").isEmpty)
  }

  @Test(arguments: [
    ("max: [1]\n", "'max': expected an object of stats paths and limits"),
    ("maxx: {a.b: 1}\n", "'maxx': unknown field; did you mean 'max'?"),
    ("min: {a.b: x}\n", "'min.a.b': expected a number, found \"x\""),
    ("min: {\"a b\": 1}\n", "'min.a b': not a stats path"),
    ("max: {a: [1\n", "not valid YAML"),
  ])
  func badGatesFilesSayWhatIsWrong(text: String, message: String) {
    do {
      _ = try gates(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains("gates.yaml"))
      #expect(error.description.contains("error: gates: "))
      #expect(error.description.contains(message), "\(error.description)")
    }
  }
}
