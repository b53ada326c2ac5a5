import Testing

@testable import CalmGeoReplay

/// Geofences files: JSON and YAML read alike; every mistake names file, line:column,
/// entry and what was expected.
struct GeofenceFileDecoderTests {
  static let yaml = """
    geofences:
      - identifier: home
        latitude: 35.01158
        longitude: 135.76813
        radius: 100
        assuming: satisfied
      - identifier: office
        latitude: 35.0116
        longitude: 135.77915
        radius: 40
    """

  @Test func readsYAMLAndJSONAlike() throws {
    let fromYAML = try GeofenceFileDecoder.decode(Self.yaml, source: "g.yaml")
    let json = """
      [{"identifier": "home", "latitude": 35.01158, "longitude": 135.76813, "radius": 100, "assuming": "satisfied"},
       {"identifier": "office", "latitude": 35.0116, "longitude": 135.77915, "radius": 40}]
      """
    let fromJSON = try GeofenceFileDecoder.decode(json, source: "g.json")
    #expect(fromYAML.map(\.identifier) == ["home", "office"])
    #expect(fromYAML.map(\.assuming) == [.satisfied, .unknown])  // CLMonitor's default: unknown
    #expect(fromYAML[1].latitude == 35.0116 && fromYAML[1].longitude == 135.77915 && fromYAML[1].radius == 40)
    #expect(fromYAML.map(\.line) == [2, 7])
    var json2 = fromJSON
    for index in json2.indices { json2[index].line = fromYAML[index].line }
    #expect(json2 == fromYAML)
  }

  @Test(arguments: [
    // A bad radius: the value's own position (line 5, column 13 after "    radius: ").
    (
      "g.yaml", Self.yaml.replacingOccurrences(of: "radius: 100", with: "radius: -5"),
      "g.yaml:5:13: error: geofences: 'geofences[0].radius': expected the radius in metres, a number > 0, found -5"
    ),
    // A missing key: the entry's position (after "  - ", the mapping starts at column 5).
    (
      "g.yaml",
      Self.yaml.replacingOccurrences(of: "    radius: 40\n", with: "").replacingOccurrences(
        of: "    radius: 40", with: ""),
      "g.yaml:7:5: error: geofences: 'geofences[1].radius': missing; expected the radius in metres, a number > 0"
    ),
    (
      "g.yaml", Self.yaml.replacingOccurrences(of: "assuming: satisfied", with: "assuming: inside"),
      "g.yaml:6:15: error: geofences: 'geofences[0].assuming': expected satisfied, unsatisfied or unknown, found \"inside\""
    ),
    (
      "g.yaml", Self.yaml.replacingOccurrences(of: "assuming: satisfied", with: "assuming: satisfid"),
      "g.yaml:6:15: error: geofences: 'geofences[0].assuming': expected satisfied, unsatisfied or unknown, found \"satisfid\" (did you mean 'satisfied'?)"
    ),
    (
      "g.yaml", Self.yaml.replacingOccurrences(of: "radius: 40", with: "radius: 40\n    radiu: 3"),
      "g.yaml:11:12: error: geofences: 'geofences[1].radiu': unknown field; did you mean 'radius'?"
    ),
    // "  - identifier: " is 16 characters: the value starts at column 17.
    (
      "g.yaml", Self.yaml.replacingOccurrences(of: "identifier: office", with: "identifier: home"),
      "g.yaml:7:17: error: geofences: 'geofences[1].identifier': \"home\" is already the identifier of geofences[0]; expected a unique identifier (CLMonitor would replace the earlier condition)"
    ),
    // Line 2: two spaces, then {"identifier": "a", "latitude":  and a space: 95 starts at column 35.
    (
      "g.json", "{\"geofences\": [\n  {\"identifier\": \"a\", \"latitude\": 95, \"longitude\": 0, \"radius\": 10}]}",
      "g.json:2:35: error: geofences: 'geofences[0].latitude': expected the centre's latitude in degrees, -90 to 90, found 95"
    ),
    // {"geofence": [: the list starts at column 14.
    (
      "g.json", "{\"geofence\": []}",
      "g.json:1:14: error: geofences: 'geofence': unknown field; did you mean 'geofences'?"
    ),
    (
      "g.json", "{\"geofences\": []}",
      "g.json:1:15: error: geofences: 'geofences': expected at least one condition, found []"
    ),
    (
      "g.json", "{\"geofences\": [\n 3]}",
      "g.json:2:2: error: geofences: 'geofences[0]': expected a condition {identifier, latitude, longitude, radius, assuming}, found 3"
    ),
    (
      "g.json", "[{\"identifier\": \"\", \"latitude\": 0, \"longitude\": 0, \"radius\": 10}]",
      "g.json:1:17: error: geofences: 'geofences[0].identifier': expected a non-empty string naming the condition, found \"\""
    ),
    // The reader's column now reaches the message: the text ends after 20 characters.
    ("g.json", "[{\"identifier\": \"a\",", "g.json:1:21: error: geofences: not valid JSON: expected a key in quotes"),
    // Columns count Unicode scalars: "café" is 6 columns (7 UTF-8 bytes), so -1 starts at
    // column 66: [ { "identifier" (3–14) : space "café" (17–22) , space "latitude" (25–34)
    // : space 0 (37) , space "longitude" (40–50) : space 0 (53) , space "radius" (56–63) : space.
    (
      "g.json", "[{\"identifier\": \"café\", \"latitude\": 0, \"longitude\": 0, \"radius\": -1}]",
      "g.json:1:66: error: geofences: 'geofences[0].radius': expected the radius in metres, a number > 0, found -1"
    ),
  ])
  func namesFileLineColumnAndEntry(source: String, text: String, expected: String) {
    #expect(throws: DocumentError.self) { try GeofenceFileDecoder.decode(text, source: source) }
    do {
      _ = try GeofenceFileDecoder.decode(text, source: source)
    } catch {
      #expect(error.description == expected)
    }
  }
}
