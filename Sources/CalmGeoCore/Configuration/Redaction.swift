/// The one place that decides how credentials look in what the tool writes or prints.
///
/// The config's `token`, the value of every header that carries credentials
/// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`) and the
/// user info of a url (`https://user:secret@host/`, sent as a Basic `Authorization`) never
/// leave memory: each writer (`requests.ndjson`, traces, reports, `sweep.json`,
/// `recommended.json`, sweep rows, `check`'s diff, `live`'s outputs) passes them through
/// here first. A value becomes `(redacted)`; an `Authorization` value keeps its scheme
/// (`Bearer (redacted)`), which says how the request authenticated without saying with
/// what. Nothing derived from the secret is written (no hash or fingerprint: a short
/// token's hash can be brute-forced). An empty value stays empty: it holds no secret,
/// and `check` can then still see a token appear or disappear.
///
/// `stats.json` keeps its own spelling for the token, `"(set)"`, which says only that one
/// was configured (`EffectiveConfiguration`).
public enum Redaction {
  /// What a secret value is replaced with.
  public static let marker = "(redacted)"

  /// Header names (compared without case) whose values are credentials.
  public static let credentialHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key",
  ]

  /// Config keys whose values are credentials (CalmGeo's `token`).
  public static let secretKeys: Set<String> = ["token"]

  /// Whether `name` is a header whose value is a credential.
  public static func isCredentialHeader(_ name: String) -> Bool {
    credentialHeaders.contains(name.lowercased())
  }

  /// `value` as it may be shown: the marker, keeping an `Authorization` scheme
  /// (`Bearer abc` → `Bearer (redacted)`); empty credentials stay as they are.
  public static func secret(_ value: String) -> String {
    let trimmed = value.drop { $0 == " " }
    guard !trimmed.isEmpty else { return value }
    if let space = trimmed.firstIndex(of: " ") {
      let scheme = trimmed[..<space]
      let credentials = trimmed[space...].drop { $0 == " " }
      if !scheme.isEmpty, scheme.allSatisfy(isSchemeCharacter) {
        return credentials.isEmpty || credentials == marker ? value : "\(scheme) \(marker)"
      }
    }
    return marker
  }

  /// A header's value as it may be written: redacted when the header carries credentials.
  public static func headerValue(name: String, value: String) -> String {
    isCredentialHeader(name) ? secret(value) : value
  }

  /// Headers as they may be written, in order.
  public static func headers(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
    headers.map { ($0.name, headerValue(name: $0.name, value: $0.value)) }
  }

  /// `text` with the user info of a url (`scheme://user:secret@host…`) replaced by the
  /// marker (`scheme://(redacted)@host…`); anything else is returned as it is.
  public static func url(_ text: String) -> String {
    guard let schemeEnd = text.firstRange(of: "://") else { return text }
    let authority = text[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@") else { return text }
    return String(text[..<schemeEnd.upperBound]) + marker + String(text[at...])
  }

  /// The key of `config` that holds the marker where a credential belongs (a config the
  /// tool wrote, such as `recommended.json`), if any: sending it would authenticate as
  /// `Bearer (redacted)`.
  public static func placeholderKey(_ config: CalmGeoConfig) -> String? {
    if config.token == marker { return "token" }
    if let url = config.url, url.contains("://\(marker)@") { return "url" }
    return nil
  }

  /// Whether a JSON object's `key` holds a credential: a secret config key or a
  /// credential header's name.
  public static func isSecretKey(_ key: String) -> Bool {
    secretKeys.contains(key) || isCredentialHeader(key)
  }

  /// A `--set key=value` argument as messages may quote it: when a part of the key is a
  /// secret, or a misspelling of one (`tokn`), the key up to that part and the marker
  /// (`token=(redacted)`); a url value without its user info.
  public static func assignment(_ assignment: String) -> String {
    guard let equals = assignment.firstIndex(of: "=") else { return assignment }
    var shown: [Substring] = []
    for part in assignment[..<equals].split(separator: ".", omittingEmptySubsequences: false) {
      shown.append(part)
      let name = String(part)
      if isSecretKey(name) || ClosestName.find(name, in: secretKeys.sorted()) != nil {
        return shown.joined(separator: ".") + "=" + marker
      }
    }
    return String(assignment[...equals]) + url(String(assignment[assignment.index(after: equals)...]))
  }

  /// Text that should be JSON but could not be read as JSON (a truncated line of an old
  /// `requests.ndjson`), with the string after every `"<secret key>":` redacted, up to
  /// its closing quote or the end of the text.
  public static func jsonLikeText(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    var index = 0
    while index < characters.count {
      guard characters[index] == "\"", let keyEnd = closingQuote(characters, after: index) else {
        result.append(characters[index])
        index += 1
        continue
      }
      let key = String(characters[(index + 1)..<keyEnd])
      result += String(characters[index...keyEnd])
      index = keyEnd + 1
      guard isSecretKey(key) else { continue }
      var colon = index
      while colon < characters.count, characters[colon] == " " || characters[colon] == "\t" { colon += 1 }
      guard colon < characters.count, characters[colon] == ":" else { continue }
      var open = colon + 1
      while open < characters.count, characters[open] == " " || characters[open] == "\t" { open += 1 }
      guard open < characters.count, characters[open] == "\"" else { continue }
      let close = closingQuote(characters, after: open) ?? characters.count
      result += String(characters[index...open]) + secret(String(characters[(open + 1)..<close]))
      if close < characters.count { result.append("\"") }
      index = close + 1
    }
    return result
  }

  /// The index of the unescaped `"` that closes the string opened at `open`.
  private static func closingQuote(_ characters: [Character], after open: Int) -> Int? {
    var index = open + 1
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "\"" { return index }
      index += 1
    }
    return nil
  }

  /// `text` with every occurrence of each non-empty secret replaced by the marker: the
  /// last guard on messages that quote what a user wrote (a `--set token=…` argument, a
  /// config line).
  public static func text(_ text: String, hiding secrets: [String]) -> String {
    var result = text
    for secret in secrets.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
      result = result.replacingAll(secret, with: marker)
    }
    return result
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
  }
}

extension String {
  /// Every non-overlapping occurrence of `target` (non-empty) replaced, left to right.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
