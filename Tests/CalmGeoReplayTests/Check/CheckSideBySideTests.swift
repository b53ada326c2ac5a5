import Testing

@testable import CalmGeoReplay

/// Two versions of a record side by side, keys aligned, differing lines marked.
struct CheckSideBySideTests {
  @Test func marksTheKeysThatDifferAndAlignsTheRest() {
    let text = CheckSideBySide.render(
      stored: #"{"id":"a","t":1,"coords":{"lat":35.5,"lon":135},"event":"motionchange"}"#,
      fresh: #"{"id":"a","t":2,"coords":{"lat":35.5,"lon":135.25}}"#, titles: ("stored, line 4", "fresh, line 4"))
    #expect(
      text == """
            stored, line 4            │ fresh, line 4
            {                         │ {
              "id": "a",              │   "id": "a",
          *   "t": 1,                 │   "t": 2,
              "coords": {             │   "coords": {
                "lat": 35.5,          │     "lat": 35.5,
          *     "lon": 135            │     "lon": 135.25
              },                      │   }
          *   "event": "motionchange" │
            }                         │ }

        """)
  }

  @Test func longLinesAreCutAndTheColumnStaysNarrow() {
    let long = String(repeating: "x", count: 100)
    let text = CheckSideBySide.render(stored: "[\"\(long)\"]", fresh: "[\"y\"]", titles: ("stored", "fresh"), width: 20)
    let lines = text.split(separator: "\n")
    #expect(lines[2] == "  *   \"xxxxxxxxxxxxxxxx… │   \"y\"")
    let columns = lines.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: "│")!) }
    #expect(Set(columns) == [4 + 20 + 1])
  }

  @Test func aMissingSideOrTextThatIsNotJSON() {
    let missing = CheckSideBySide.render(stored: #"{"a":1}"#, fresh: nil, titles: ("stored", "fresh: no record 3"))
    #expect(missing == "    stored   │ fresh: no record 3\n    {        │\n  *   \"a\": 1 │\n    }        │\n")
    let text = CheckSideBySide.render(stored: "not json", fresh: "{\"a\":1}", titles: ("stored", "fresh"))
    #expect(text.contains("  * not json │ {"))
  }

  @Test func credentialsAreNeverShownButTheirDifferenceIs() {
    let text = CheckSideBySide.render(
      stored: #"{"seq":1,"headers":{"Accept":"a","Authorization":"Bearer old-T0K"},"token":"x1"}"#,
      fresh: #"{"seq":1,"headers":{"Accept":"a","Authorization":"Bearer (redacted)"},"token":"x1"}"#,
      titles: ("stored", "fresh"))
    #expect(
      text == """
            stored                                   │ fresh
            {                                        │ {
              "seq": 1,                              │   "seq": 1,
              "headers": {                           │   "headers": {
                "Accept": "a",                       │     "Accept": "a",
          *     "Authorization": "Bearer (redacted)" │     "Authorization": "Bearer (redacted)"
              },                                     │   },
              "token": "(redacted)"                  │   "token": "(redacted)"
            }                                        │ }
            Authorization header differs (values not shown)

        """)
    #expect(!text.contains("old-T0K") && !text.contains("x1"))
    // A token that appears, or changes kind, is marked and named too.
    let kinds = CheckSideBySide.render(stored: #"{"token":null}"#, fresh: #"{"token":["s3cr3t"]}"#, titles: ("a", "b"))
    #expect(!kinds.contains("s3cr3t"))
    #expect(kinds.hasSuffix("    'token' differs (values not shown)\n"))
    // Text that is not JSON (a truncated line) is redacted too.
    let cut = CheckSideBySide.render(
      stored: #"{"headers":{"Authorization":"Bearer old-T0K"#,
      fresh: #"{"headers":{"Authorization":"Bearer new-T0K"#, titles: ("a", "b"))
    #expect(
      cut == """
            a                                              │ b
          * {"headers":{"Authorization":"Bearer (redacted) │ {"headers":{"Authorization":"Bearer (redacted)
            a credential differs (values not shown)

        """)
  }

  @Test func aURLWhoseUserInfoAloneDiffersIsMarkedWithoutShowingIt() {
    let text = CheckSideBySide.render(
      stored: #"{"url":"https://robot:0ld@h.test/v1"}"#,
      fresh: #"{"url":"https://(redacted)@h.test/v1"}"#, titles: ("a", "b"))
    #expect(
      text == """
            a                                       │ b
            {                                       │ {
          *   "url": "https://(redacted)@h.test/v1" │   "url": "https://(redacted)@h.test/v1"
            }                                       │ }
            a url's user info differs (values not shown)

        """)
  }
}
