import Foundation
import Testing

@testable import CalmGeoReplay

/// The JSON and YAML document readers under hostile input (issue 23): YAML aliases are
/// refused with their place in every YAML input, and reading is linear in the input's
/// size, one-line documents included, with exact error positions.
struct DocumentReaderBoundsTests {
  /// The shape of `../shared/robustness-2/06-lol-*.yaml`: nine levels of nine aliases
  /// (9^9 = 387 M strings once expanded), then `key` holding the last level.
  static func billionLaughs(key: String) -> String {
    var lines = [#"a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
    for level in 1...8 {
      let items = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",")
      lines.append("a\(level): &a\(level) [\(items)]")
    }
    lines.append("\(key): [*a8]")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Where the first alias of `billionLaughs` stands: line 2, after `a1: &a1 [` (9 characters).
  static let firstAlias = "x.yaml:2:10:"
  static let advice = "YAML aliases (*name) are not supported: write the value out in full"

  @Test func sweepSpecRefusesAliases() {
    #expect {
      try SweepSpecDecoder.decode(Self.billionLaughs(key: "tracks"), source: "x.yaml")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(Self.firstAlias) && text.contains(Self.advice)
    }
  }

  @Test func geofencesRefuseAliases() {
    #expect {
      try GeofenceFileDecoder.decode(Self.billionLaughs(key: "geofences"), source: "x.yaml")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(Self.firstAlias) && text.contains(Self.advice)
    }
  }

  @Test func scenarioRefusesAliases() {
    #expect {
      try ScenarioDecoder.decode(Self.billionLaughs(key: "calls"), source: "x.yaml")
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(Self.firstAlias) && text.contains(Self.advice)
    }
  }

  @Test func gatesAndManifestsRefuseAliases() {
    #expect {
      try CheckManifestDecoder.document(Self.billionLaughs(key: "max"), source: "x.yaml", document: .gates)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix(Self.firstAlias) && text.contains(Self.advice)
    }
    #expect {
      try CheckManifestDecoder.decode(Self.billionLaughs(key: "tracks"), source: "x.yaml")
    } throws: { error in "\(error)".hasPrefix(Self.firstAlias) }
  }

  /// An alias used as a mapping key (`? *a`) is refused too, before Yams hashes it.
  @Test func aliasAsAKeyIsRefusedAtItsPlace() {
    #expect {
      try SpecYAMLReader.read("a: &k [1, 2]\n? *k\n: 3\n", source: "x.yaml")
    } throws: { error in
      guard let error = error as? DocumentError else { return false }
      return error.line == 2 && error.column == 3
    }
  }

  /// The bound on reading a few MB: 5 s in a release build; a debug build (what `swift
  /// test` runs) is about ten times slower per byte, so it gets 20 s. The quadratic reader
  /// took 289 s for 2.3 MB in release.
  static let bound: Double = {
    #if DEBUG
      20
    #else
      5
    #endif
  }()

  /// Seconds `body` takes.
  private func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// A one-line geofences JSON of `count` conditions (about 70 bytes each).
  private func oneLineGeofences(_ count: Int) -> String {
    "["
      + (0..<count).map { #"{"identifier":"g\#($0)","latitude":1.5,"longitude":2.5,"radius":100}"# }
      .joined(separator: ",") + "]"
  }

  /// Before: columns were counted again from the line's start for every value, so a
  /// 2.3 MB one-line geofences file took 289 s. Now 4 MB read in well under `bound`, and
  /// four times the size takes about four times as long (a quadratic reader: 16 times).
  @Test func oneLineJSONReadsInLinearTime() throws {
    let small = oneLineGeofences(15_000)
    let large = oneLineGeofences(60_000)
    #expect(large.utf8.count > 4_000_000)
    var count = 0
    let smallTime = try seconds { count = try GeofenceFileDecoder.decode(small, source: "g.json").count }
    #expect(count == 15_000)
    let largeTime = try seconds { count = try GeofenceFileDecoder.decode(large, source: "g.json").count }
    #expect(count == 60_000)
    #expect(largeTime < Self.bound, "4 MB one-line JSON took \(largeTime) s")
    // Generous: a shared 2-core machine's noise; quadratic time gives 16.
    #expect(largeTime < max(smallTime, 0.05) * 10, "1x \(smallTime) s, 4x \(largeTime) s")
  }

  /// One-line YAML (a flow sequence) is linear too.
  @Test func oneLineYAMLReadsInLinearTime() throws {
    let text =
      "geofences: ["
      + (0..<20_000).map {
        "{identifier: g\($0), latitude: 1.5, longitude: 2.5, radius: 100}"
      }.joined(separator: ", ") + "]\n"
    #expect(text.utf8.count > 1_250_000)
    var count = 0
    let time = try seconds { count = try GeofenceFileDecoder.decode(text, source: "g.yaml").count }
    #expect(count == 20_000)
    #expect(time < Self.bound, "1.3 MB one-line YAML took \(time) s")
  }

  /// Error columns stay exact at the end of a long line, after multi-byte characters,
  /// and when the reader steps back to a key.
  @Test func oneLineErrorColumnsAreExact() {
    let items = Array(repeating: "1", count: 100_000).joined(separator: ",")
    // `[` + 100 000 ones and 99 999 commas = 200 000 characters, then `,x`: `x` at 200 002.
    #expect {
      try SpecJSONReader.read("[" + items + ",x]", source: "a.json")
    } throws: { ($0 as? DocumentError).map { $0.line == 1 && $0.column == 200_002 } ?? false }
    // "é" is one column; the duplicate key's quote is at column 14: `{"é":1,"b":2,` is 13.
    #expect {
      try SpecJSONReader.read(#"{"é":1,"b":2,"é":3}"#, source: "a.json")
    } throws: { ($0 as? DocumentError).map { $0.line == 1 && $0.column == 14 } ?? false }
    #expect {
      try SpecJSONReader.read("{\"a\":1,\n  \"b\": [1, 2,, 3]}", source: "a.json")
    } throws: { ($0 as? DocumentError).map { $0.line == 2 && $0.column == 14 } ?? false }
  }
}
