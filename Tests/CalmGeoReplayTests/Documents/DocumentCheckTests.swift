import CalmGeoReplay  // not @testable: DocumentCheck is what another package sees
import Testing

/// Another package (the fuzz harnesses, a linter) validates the documents whose decoders are
/// package-only through `DocumentCheck`, getting the same positioned errors as the tool.
struct DocumentCheckTests {
  @Test func aSweepSpecWithoutTracksIsRefusedAsASweepSpec() {
    // Hand-written: a spec must name its tracks; the decoder's error is the sweep spec's.
    #expect {
      try DocumentCheck.sweepSpec("vary:\n  distanceFilter: [10, 20]\n", source: "spec.yaml")
    } throws: { error in
      (error as? DocumentError)?.document == .sweepSpec
    }
  }

  @Test func aCheckManifestOfOneTrackPasses() throws {
    let node = try SpecJSONReader.read(#"{"tracks": [{"log": "a.csv"}]}"#, source: "check.json")
    try DocumentCheck.checkManifest(node, source: "check.json")
  }

  @Test func aCheckManifestWithAMisspeltKeyIsRefused() throws {
    let node = try SpecJSONReader.read(#"{"tracks": [{"log": "a.csv", "confg": "c.json"}]}"#, source: "check.json")
    #expect {
      try DocumentCheck.checkManifest(node, source: "check.json")
    } throws: { error in
      (error as? DocumentError)?.document == .checkManifest
    }
  }
}
