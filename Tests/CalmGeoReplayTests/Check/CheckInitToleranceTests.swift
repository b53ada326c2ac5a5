import Foundation
import Testing

@testable import CalmGeoReplay

/// `check --init` writes the tolerances of the project's own golden folder, and the
/// advice after a check says what reproduces or records what it found.
struct CheckInitToleranceTests {
  static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/expected/check.json")

  @Test func projectGoldenIsWhatSamplesExpectedUses() throws {
    let text = try String(contentsOf: Self.manifest, encoding: .utf8)
    let manifest = try CheckManifestDecoder.decode(text, source: "check.json")
    #expect(manifest.tolerance == CheckTolerance.projectGolden)
    // Worked by hand: 1e-6 for the floating metrics, 1e-9 elsewhere.
    #expect(CheckTolerance.projectGolden.value(for: "fidelity.sed.p95") == 1e-6)
    #expect(CheckTolerance.projectGolden.value(for: "stops.stopDelaySeconds.p50") == 1e-6)
    #expect(CheckTolerance.projectGolden.value(for: "energy.percentPerHour") == 1e-9)
    #expect(CheckTolerance.projectGolden.summary == "default 1e-09, fidelity.* 1e-06, stops.* 1e-06")
  }

  @Test func adviceWithoutSetIsTheUpdate() {
    #expect(CheckReport.advice(golden: "golden", differing: 0, assignments: []) == nil)
    #expect(
      CheckReport.advice(golden: "my golden", differing: 1, assignments: [])
        == "to accept the fresh outputs: calmgeo-replay check --update 'my golden'")
  }

  @Test func adviceAfterSetRepeatsTheSetAndNeverATokenAndDoesNotOfferABareUpdate() throws {
    let advice = try #require(
      CheckReport.advice(
        golden: "Samples/expected", differing: 2, assignments: ["distanceFilter=20", "token=s3cr3t-x7", "url=a b"]))
    #expect(
      advice.contains(
        "to see these differences again: calmgeo-replay check Samples/expected --set distanceFilter=20 "
          + "--set 'token=(redacted)' --set 'url=a b';"))
    #expect(advice.contains("check --update Samples/expected alone would change nothing"))
    #expect(advice.contains("put the same values in the config files the manifest names"))
    #expect(!advice.contains("s3cr3t"))
    #expect(!advice.hasPrefix("to accept the fresh outputs"))
  }
}
