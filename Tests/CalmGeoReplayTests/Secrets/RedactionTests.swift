import CalmGeoReplay
import Testing

/// How credentials look once redacted: the scheme kept, the secret gone, empty values
/// and non-credential headers untouched, and the result stable when redacted again.
struct RedactionTests {
  @Test(arguments: [
    ("Bearer abc123", "Bearer (redacted)"),
    ("Basic dXNlcjpwYXNz", "Basic (redacted)"),
    ("Bearer  spaced", "Bearer (redacted)"),
    ("abc123", "(redacted)"),
    ("Bearer abc def", "Bearer (redacted)"),
    ("Bearer ", "Bearer "),
    ("", ""),
    ("Bearer (redacted)", "Bearer (redacted)"),
    ("(redacted)", "(redacted)"),
    ("bad;scheme secret", "(redacted)"),
  ])
  func secretValues(value: String, shown: String) {
    #expect(Redaction.secret(value) == shown)
  }

  @Test func onlyCredentialHeadersAreRedacted() {
    let headers = Redaction.headers([
      ("Content-Type", "application/json"), ("authorization", "Bearer t0k"), ("Cookie", "id=42"),
      ("X-API-Key", "k3y"), ("Accept", "application/json"),
    ])
    #expect(
      headers.map(\.value) == [
        "application/json", "Bearer (redacted)", "(redacted)", "(redacted)", "application/json",
      ])
    #expect(headers.map(\.name) == ["Content-Type", "authorization", "Cookie", "X-API-Key", "Accept"])
  }

  @Test func jsonRedactsSecretKeysAtAnyDepthAndKeepsTheRest() throws {
    let node = try SpecJSONReader.read(
      #"{"token": "t0k", "url": "https://u:p@a.test", "#
        + #""list": [{"headers": {"Authorization": "Bearer t0k", "Accept": "x"}}]}"#,
      source: "test")
    #expect(
      Redaction.json(node).rendered == #"{"token":"(redacted)","url":"https://(redacted)@a.test","#
        + #""list":[{"headers":{"Authorization":"Bearer (redacted)","Accept":"x"}}]}"#)
    // A token that is not a string (an error's subject) is left to the decoder.
    let number = try SpecJSONReader.read(#"{"token": 5}"#, source: "test")
    #expect(Redaction.json(number).rendered == #"{"token":5}"#)
  }

  @Test func aVariedTokenIsRedactedAndOtherVariablesAreNot() {
    let values = [SpecNode(.string("a")), SpecNode(.string("b"))]
    let token = Redaction.variable(SweepVariable(path: "token", values: values))
    #expect(token.values.map(\.rendered) == [#""(redacted)""#, #""(redacted)""#])
    let other = SweepVariable(path: "url", values: [SpecNode(.string("https://a.test"))])
    #expect(Redaction.variable(other) == other)
  }

  @Test(arguments: [
    (
      #"{"seq":1,"headers":{"Authorization" : "Bearer t0k","Accept":"x"#,
      #"{"seq":1,"headers":{"Authorization" : "Bearer (redacted)","Accept":"x"#
    ),
    (#"{"token":"a\"b","n":1"#, #"{"token":"(redacted)","n":1"#),
    (#"{"token":"unterminated"#, #"{"token":"(redacted)"#),
    (#"{"url":"token","token":5,"x":"#, #"{"url":"token","token":5,"x":"#),
    (#"not json at all "#, #"not json at all "#),
  ])
  func jsonLikeTextRedactsTheStringAfterASecretKey(text: String, shown: String) {
    #expect(Redaction.jsonLikeText(text) == shown)
  }

  @Test(arguments: [
    ("https://robot:s3cret@api.test/v1?x=1", "https://(redacted)@api.test/v1?x=1"),
    ("https://t0k@api.test", "https://(redacted)@api.test"),
    ("http://a:b@c@127.0.0.1:8080/p@q", "http://(redacted)@127.0.0.1:8080/p@q"),
    ("https://api.test/v1/a@b", "https://api.test/v1/a@b"),
    ("https://api.test?mail=a@b", "https://api.test?mail=a@b"),
    ("not a url @ all", "not a url @ all"),
  ])
  func urlUserInfo(url: String, shown: String) {
    #expect(Redaction.url(url) == shown)
  }

  @Test func textHidesEveryOccurrenceLongestFirst() {
    #expect(
      Redaction.text("--set token=abc and abcdef, abc", hiding: ["abc", "abcdef", ""])
        == "--set token=(redacted) and (redacted), (redacted)")
  }

  @Test(arguments: [
    ("token=abc", "token=(redacted)"),
    ("token.inner=abc", "token=(redacted)"),
    ("tokn=abc", "tokn=(redacted)"),
    ("Authorization=abc", "Authorization=(redacted)"),
    ("distanceFilter=20", "distanceFilter=20"),
    ("replay.seed=3", "replay.seed=3"),
    ("url=https://u:p@h.test/x", "url=https://(redacted)@h.test/x"),
    ("noequals", "noequals"),
  ])
  func assignments(assignment: String, shown: String) {
    #expect(Redaction.assignment(assignment) == shown)
  }
}
