import Testing

@testable import CalmGeoReplay

/// The ordered JSON reader and the YAML reader: key order, lines, scalar types.
struct SpecReaderTests {
  @Test func jsonKeepsKeyOrderLinesAndEscapes() throws {
    let node = try SpecJSONReader.read(
      "{\"z\": 1,\n \"a\": [true, null, -0.5e1],\n \"m\": \"\\u00e9\\n\\ud83d\\ude00/\"}", source: "x.json")
    #expect(node.fields?.map(\.key) == ["z", "a", "m"])
    #expect(node["a"]?.line == 2 && node["m"]?.line == 3)
    #expect(node["a"]?.rendered == "[true,null,-5]")
    #expect(node["m"]?.string == "é\n😀/")
    #expect(SpecNode(json: node.json) == node)
  }

  @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\\x\"", "tru", "[1] 2", "{\"a\":1,\"a\":2}"])
  func jsonRefusesInvalidText(text: String) {
    #expect(throws: DocumentError.self) { try SpecJSONReader.read(text, source: "x.json") }
  }

  @Test func yamlScalarsResolveAsCoreTypesAndQuotedOnesStayText() throws {
    let node = try SpecYAMLReader.read(
      """
      b: [true, no, ~, 10, 0.25, -3e2, "10", 2024-05-01, +02:00]
      a: {x: 1}
      """, source: "x.yaml")
    #expect(node.fields?.map(\.key) == ["b", "a"])
    #expect(node["b"]?.rendered == #"[true,false,null,10,0.25,-300,"10","2024-05-01","+02:00"]"#)
    #expect(node["a"]?.line == 2)
  }

  @Test func yamlRefusesDuplicateKeysAndAliases() throws {
    #expect(throws: DocumentError.self) { try SpecYAMLReader.read("a: 1\na: 2\n", source: "x.yaml") }
    // Aliases were expanded without bound (issue 23, billion laughs): now refused at the alias.
    #expect(throws: DocumentError.self) { try SpecYAMLReader.read("a: &v [10, 16]\nb: *v\n", source: "x.yaml") }
    // An anchor alone is harmless.
    #expect(try SpecYAMLReader.read("a: &v [10, 16]\n", source: "x.yaml")["a"]?.rendered == "[10,16]")
  }
}
