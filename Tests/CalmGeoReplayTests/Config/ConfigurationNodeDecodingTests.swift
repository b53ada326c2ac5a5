import Foundation
import Testing

@testable import CalmGeoReplay

/// The configuration decoder takes nodes: a file is read once into a `SpecNode`, and a
/// document patched in memory (`--set`, a sweep's grid cell) is decoded as it is, never
/// rendered to text and read again.
struct ConfigurationNodeDecodingTests {
  @Test func aFileAndItsNodeDecodeToTheSameConfiguration() throws {
    let text = #"{"distanceFilter": 30, "url": "https://example.invalid/x", "replay": {"seed": 7}}"#
    let fromFile = try ReplayConfigurationDecoder.decode(Data(text.utf8), source: "config.json")
    let node = try ReplayConfigurationDecoder.read(Data(text.utf8), source: "config.json")
    let fromNode = try ReplayConfigurationDecoder.decode(node, source: "config.json")
    #expect(fromNode == fromFile)
    #expect(fromNode.calmGeo.distanceFilter == 30)
    #expect(fromNode.replay.seed == 7)
  }

  @Test func aPatchedNodeKeepsItsValuesAndItsErrorsNameTheKey() throws {
    var node = try ReplayConfigurationDecoder.read(Data(#"{"distanceFilter": 30}"#.utf8), source: "config.json")
    let setFive = node.set("syncThreshold", to: SpecNode(.number(5)))
    #expect(setFive)
    #expect(try ReplayConfigurationDecoder.decode(node, source: "--set", positions: false).calmGeo.syncThreshold == 5)
    let setFraction = node.set("syncThreshold", to: SpecNode(.number(2.5)))
    #expect(setFraction)
    #expect {
      try ReplayConfigurationDecoder.decode(node, source: "--set syncThreshold=2.5", positions: false)
    } throws: { error in
      let error = error as? DocumentError
      return error?.key == "syncThreshold" && error?.line == 0
        && error?.reason.hasPrefix("expected a whole number") == true
    }
  }

  @Test func aFileOverTheBoundIsRefusedBeforeItIsRead() {
    let big = Data(repeating: UInt8(ascii: " "), count: ReplayConfigurationDecoder.maximumSize + 1)
    #expect(throws: DocumentError.self) { try ReplayConfigurationDecoder.read(big, source: "big.json") }
  }
}
